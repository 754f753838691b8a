// Test-runner commands of the visual tests (test/visual/snapshot.ts): Playwright sets the viewport and the
// colour scheme, waits until the page is still, shoots an element, the viewport or a whole page of the
// reference server, and holds each shot against its baseline. UPDATE_VISUAL=1 writes baselines instead.
import { readdirSync } from 'node:fs';
import { BASELINE_DIR, checkShot } from './visual-baselines.mjs';
import { currentEnvironment, environmentNote, recordEnvironment } from './visual-environment.mjs';

/** Viewport heights for the widths we shoot: a phone and a laptop; other widths get 800. */
const HEIGHTS = { 390: 844, 1280: 800 };
/** How long the visible images may take to load. */
const SETTLE_MS = 15_000;
/** How long a page may take to meet its `ready` conditions (its first load bundles scripts on the fly). */
const READY_MS = 45_000;
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

/** Waits for the page to be still; throws when an image never loaded or anything came from off this machine. */
async function settle(page) {
  const { unloaded, offsite } = await page.evaluate(settleInPage, SETTLE_MS);
  if (offsite.length) throw new Error(`the page loaded from the network: ${offsite.join(', ')}`);
  if (unloaded.length) throw new Error(`images still loading after ${SETTLE_MS} ms: ${unloaded.join(', ')}`);
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
  timeout: 15_000,
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
      if (command === 'visual-page') return shootPage(await pageFor(session), payload, check, masks);
      throw new Error(`unknown command ${command}`);
    },
    async serverStop() {
      if (!update) return;
      if (environment) recordEnvironment(environment);
      console.log(`visual: ${written.length} baseline(s) written, ${shot.size - written.length} unchanged`);
      for (const file of written) console.log(`  ${file}`);
      const stale = readdirSync(BASELINE_DIR).filter((file) => file.endsWith('.png') && !shot.has(file));
      if (stale.length && shot.size)
        console.log(
          `visual: baselines this run did not shoot (delete those whose surface is gone): ${stale.join(', ')}`,
        );
    },
  };
}

/** An element of the test page (`window.__visualTarget`) or, without one, its viewport. */
async function shootTestPage(page, { name, mask }, check, masks) {
  const handle = (await page.evaluateHandle(() => window.__visualTarget ?? null)).asElement();
  await settle(page);
  const options = { ...SHOT_OPTIONS, mask: masks(page, mask) };
  return check(page, name, await (handle ?? page).screenshot(options));
}

/**
 * A page of the reference server, loaded once, then at each width and scheme made as tall as its content
 * (so nothing below the fold stays lazy or unrendered) until its `ready` conditions hold, and shot whole.
 */
async function shootPage(page, { url, name, ready, mask, widths, schemes }, check, masks) {
  // Functions, not strings: Playwright would eval a string in the page, which a strict CSP forbids. One that
  // throws (an element not upgraded yet has no shadow root) does not hold yet.
  const conditions = Object.entries(ready ?? {}).map(([what, expression]) => ({
    what,
    holds: new Function(`try { return Boolean(${expression}); } catch { return false; }`),
  }));
  const failures = [];
  await setView(page, { width: widths[0], scheme: schemes[0] });
  await page.goto(url);
  for (const width of widths) {
    for (const scheme of schemes) {
      // The page may still be loading what makes it taller: fit again until every condition holds.
      const deadline = Date.now() + READY_MS;
      for (;;) {
        await fitHeight(page, { width, scheme });
        const unmet = [];
        for (const condition of conditions)
          if (!(await page.evaluate(condition.holds))) unmet.push(condition.what);
        if (unmet.length === 0) break;
        if (Date.now() > deadline)
          throw new Error(`${url} not ready after ${READY_MS} ms: ${unmet.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const png = await page.screenshot({ ...SHOT_OPTIONS, mask: masks(page, mask) });
      const result = await check(page, `${name}.${width}.${scheme}`, png);
      if (!result.passed) failures.push(result.message);
    }
  }
  return { failures };
}

/**
 * Makes the viewport as tall as the page. Measured at the normal height each round (a taller viewport would
 * hide content that shrank: the page fills it), until two rounds agree: content can move as it renders.
 */
async function fitHeight(page, view) {
  let previous = 0;
  for (let round = 0; round < 4; round++) {
    await setView(page, view);
    await settle(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height <= page.viewportSize().height) return;
    await setView(page, { ...view, height });
    await settle(page);
    if (height === previous) return;
    previous = height;
  }
  throw new Error(`the page height did not settle (last ${previous} px)`);
}
