// Test-runner commands of the visual tests (test/visual/snapshot.ts): Playwright sets the viewport and the
// colour scheme, waits until the page is still, shoots an element, the viewport or a whole page of the
// reference server, and holds each shot against its baseline. UPDATE_VISUAL=1 writes baselines instead.
// The runner gives a command 20 s to answer (fixed in @web/dev-server-core), on a machine that may be
// busy: every command does one bounded step, and the browser side loops over them.
import { readdirSync, rmSync } from 'node:fs';
import { BASELINE_DIR, checkShot, FAILED_DIR } from './visual-baselines.mjs';
import { currentEnvironment, environmentNote, recordEnvironment } from './visual-environment.mjs';

/** Viewport heights for the widths we shoot: a phone and a laptop; other widths get 800. */
const HEIGHTS = { 390: 844, 1280: 800 };
/** How long one command may wait for the visible images to load (the browser side asks again). */
const SETTLE_MS = 8_000;
/** How long one step of fitting a page to its height may take before it answers "not yet". */
const STEP_MS = 12_000;
/** Painted over masked parts (content that differs between runs, such as random ids). */
const MASK_COLOR = '#ff00ff';

/**
 * Runs in the page: fonts, then the visible images (shadow roots included) and two frames, again until no
 * new image shows up (tiles a virtualizer renders late). Reports what never loaded and what came from afar.
 */
async function settleInPage(timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  await document.fonts.ready;
  const onScreen = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
  };
  const visibleImages = () => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        // `src` too: an image inserted a moment ago has no currentSrc until its fetch starts.
        if (el instanceof HTMLImageElement && (el.currentSrc || el.getAttribute('src')) && onScreen(el))
          found.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  };
  const loaded = (img) =>
    img.complete
      ? Promise.resolve()
      : new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        });
  const seen = new Set();
  let images = visibleImages();
  while (images.some((img) => !seen.has(img)) && performance.now() < deadline) {
    for (const img of images) seen.add(img);
    const all = Promise.all(images.map((img) => loaded(img).then(() => img.decode().catch(() => undefined))));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, deadline - performance.now()))]);
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    images = visibleImages();
  }
  const local = (url) =>
    /^(data|blob):/.test(url) || ['127.0.0.1', 'localhost'].includes(new URL(url).hostname);
  return {
    unloaded: images.filter((img) => !img.complete).map((img) => img.currentSrc || img.src),
    offsite: performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => !local(url)),
  };
}

/**
 * Waits for the page to be still; throws when anything came from off this machine. Answers the images still
 * loading when the time ran out.
 */
async function settle(page, timeoutMs = SETTLE_MS) {
  const { unloaded, offsite } = await page.evaluate(settleInPage, Math.max(timeoutMs, 500));
  if (offsite.length) throw new Error(`the page loaded from the network: ${offsite.join(', ')}`);
  return unloaded;
}

async function setView(page, { width, scheme, height }) {
  await page.setViewportSize({ width, height: height ?? HEIGHTS[width] ?? 800 });
  await page.emulateMedia({ colorScheme: scheme });
  // <gallery-view>'s virtualizer renders the tiles a taller window uncovers only on the next scroll event
  // (a resize alone leaves them blank): send the one a visitor's first scroll would.
  await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
}

const SHOT_OPTIONS = {
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
  maskColor: MASK_COLOR,
  timeout: 10_000,
};

export function visualPlugin({ update = process.env.UPDATE_VISUAL === '1' } = {}) {
  /** One page per test file for the reference server's pages, opened on first use. */
  const pages = new Map();
  const shot = new Set();
  const written = [];
  let environment;

  const check = async (page, name, png) => {
    environment ??= currentEnvironment(page.context().browser()?.version() ?? 'unknown');
    // A name shot twice in one run (the same picture reached another way) is checked against the first,
    // even in update mode.
    const again = shot.has(`${name}.png`);
    shot.add(`${name}.png`);
    const result = checkShot(name, png, { update: update && !again });
    if (result.written) written.push(`${name}.png`);
    if (result.passed) return { passed: true };
    const note = environmentNote(environment);
    return { passed: false, message: note ? `${result.message}\n  ${note}` : result.message };
  };
  const masks = (page, selectors = []) => selectors.map((selector) => page.locator(selector));

  const pageFor = async (session) => {
    let page = pages.get(session.id);
    if (!page || page.isClosed()) {
      page = await session.browser.getPage(session.id).context().newPage();
      pages.set(session.id, page);
    }
    return page;
  };

  return {
    name: 'gallery-visual',
    async executeCommand({ command, payload, session }) {
      if (!command.startsWith('visual-')) return undefined;
      const page = session.browser.getPage(session.id);
      if (command === 'visual-view') {
        if (payload.reset) {
          await page.setViewportSize({ width: 1280, height: 720 });
          await page.emulateMedia({ colorScheme: null });
        } else await setView(page, payload);
        return true;
      }
      if (command === 'visual-shot') return shootTestPage(page, payload, check, masks);
      if (command === 'visual-page-open') {
        // Only until the answer starts: the page's own scripts are waited for by `ready`, step by step.
        const own = await pageFor(session);
        await setView(own, payload);
        await own.goto(payload.url, { waitUntil: 'commit', timeout: STEP_MS });
        return true;
      }
      if (command === 'visual-page-fit') return fitPage(await pageFor(session), payload);
      if (command === 'visual-page-shot') {
        const own = await pageFor(session);
        const png = await own.screenshot({ ...SHOT_OPTIONS, mask: masks(own, payload.mask) });
        return check(own, payload.name, png);
      }
      throw new Error(`unknown command ${command}`);
    },
    serverStart() {
      // The failure pictures of an earlier run would pass for this one's.
      rmSync(FAILED_DIR, { recursive: true, force: true });
    },
    async serverStop() {
      if (!update) return;
      if (environment) recordEnvironment(environment);
      console.log(`visual: ${written.length} baseline(s) written, ${shot.size - written.length} unchanged`);
      for (const file of written) console.log(`  ${file}`);
      const stale = readdirSync(BASELINE_DIR).filter((file) => file.endsWith('.png') && !shot.has(file));
      if (stale.length && shot.size)
        console.log(
          `visual: baselines this run did not shoot (after a run of the whole suite, delete those whose surface is gone): ${stale.join(', ')}`,
        );
    },
  };
}

/** An element of the test page (`window.__visualTarget`) or, without one, its viewport. */
async function shootTestPage(page, { name, mask }, check, masks) {
  const handle = (await page.evaluateHandle(() => window.__visualTarget ?? null)).asElement();
  const unloaded = await settle(page);
  if (unloaded.length) throw new Error(`images still loading after ${SETTLE_MS} ms: ${unloaded.join(', ')}`);
  const options = { ...SHOT_OPTIONS, mask: masks(page, mask) };
  return check(page, name, await (handle ?? page).screenshot(options));
}

/**
 * One step towards a shot of a page of the reference server (loaded by visual-page-open): the page, at the
 * given width and scheme, made as tall as its content (so nothing below the fold stays lazy or unrendered),
 * then its `ready` conditions checked. Answers what does not hold yet; the browser side asks again.
 */
async function fitPage(page, { width, scheme, ready, text }) {
  const deadline = Date.now() + STEP_MS;
  const view = { width, scheme };
  const fitted = await fitHeight(page, view, deadline);
  if (fitted !== true) return { unmet: [fitted] };
  // Functions, not strings: Playwright would eval a string in the page, which a strict CSP forbids. One that
  // throws (an element not upgraded yet has no shadow root) does not hold yet.
  const unmet = [];
  for (const [what, expression] of Object.entries(ready ?? {})) {
    const holds = new Function(`try { return Boolean(${expression}); } catch { return false; }`);
    if (!(await page.evaluate(holds))) unmet.push(what);
  }
  if (unmet.length || !text || Object.keys(text).length === 0) return { unmet };
  // Once the page has written what differs from run to run, fixed words take its place (a mask alone would
  // leave the layout to the length of a random id), and the height is fitted again.
  await page.evaluate(fixText, text);
  const again = await fitHeight(page, view, deadline);
  return { unmet: again === true ? [] : [again] };
}

/** Runs in the page: the text of every element a selector matches becomes the fixed words given for it. */
function fixText(text) {
  for (const [selector, words] of Object.entries(text))
    for (const el of document.querySelectorAll(selector)) el.textContent = words;
}

/**
 * Makes the viewport as tall as the page. Measured at the normal height each round (a taller viewport would
 * hide content that shrank: the page fills it), until two rounds agree: content can move as it renders.
 * Answers true, or what is not still yet when the deadline comes.
 */
async function fitHeight(page, view, deadline) {
  let previous = 0;
  const still = async () => {
    const unloaded = await settle(page, deadline - Date.now());
    return unloaded.length === 0;
  };
  while (Date.now() < deadline) {
    await setView(page, view);
    if (!(await still())) break;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height <= page.viewportSize().height) return true;
    await setView(page, { ...view, height });
    if (!(await still())) break;
    if (height === previous) return true;
    previous = height;
  }
  return previous ? `a still page (its height was ${previous} px)` : 'its images loaded';
}
