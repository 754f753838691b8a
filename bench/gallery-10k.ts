// bench/gallery-10k: a 10,000-item gallery served by the reference server, opened in headless Chromium
// with <gallery-view>: time to first tiles after the first response, the grid's DOM size counted on every
// frame and every DOM mutation while scrolling (its maximum), JS heap, and the longest task of two scrolls:
// browsing (a smooth 2 viewports a second, every tile's image loading as it comes) and then a fling to the
// end. Tiles passing by in a fling wait for their images (scroll-speed.ts), so it also prints how many
// tile images each scroll fetched and how long after the fling every tile on screen showed its image.
// `--short` seeds 2,000 items, browses 4 s instead of 15 and flings three viewports per step.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { buildServer } from '../server/app.ts';
import { launchChromium } from '../test/helpers/chromium.ts';
import { seedGallery } from './lib/seed-db.ts';

const SHORT = process.argv.includes('--short');
const ITEMS = SHORT ? 2_000 : 10_000;
const TOKEN = 'bench-token-0123456789abcdef';
const TARGETS = { first_tiles_ms: 300, dom_nodes: 600, longest_task_ms: 50 };
const ROOT = resolve(import.meta.dirname, '..');

/** The element bundled as a page would load it (minified, the virtualizer in the same file). */
async function bundle(): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: `import './src/elements/gallery-view/define.ts';`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    target: 'es2022',
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
  });
  return result.outputFiles[0]!.text;
}

function page(baseUrl: string, fid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>gallery-10k</title>
<style>body{margin:0;font-family:system-ui}</style>
<script>
  // phase: 'load', then 'browse', then 'fling' (until every tile on screen shows its image), then 'end'.
  window.__bench = { longTasks: [], phase: 'load', images: { load: 0, browse: 0, fling: 0, end: 0 } };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__bench.longTasks.push({ duration: entry.duration, phase: window.__bench.phase });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name.includes('/files/')) window.__bench.images[window.__bench.phase]++;
  }).observe({ type: 'resource' });
  // Scrolls smoothly at \`speed\` viewports a second for \`ms\`: by time, not by frame.
  window.__browse = (ms, speed) => new Promise((done) => {
    window.__bench.phase = 'browse';
    const start = performance.now();
    let last = start;
    let carry = 0;
    const frame = (now) => {
      carry += ((now - last) / 1000) * speed * window.innerHeight;
      last = now;
      const dy = Math.floor(carry);
      carry -= dy;
      window.scrollBy(0, dy);
      if (now - start < ms) requestAnimationFrame(frame);
      else done();
    };
    requestAnimationFrame(frame);
  });
</script>
<script type="module" src="/gallery-view.js"></script></head>
<body><gallery-view base-url="${baseUrl}" fid="${fid}" token="${TOKEN}" items-per-page="100"></gallery-view>
<script type="module">
  const view = document.querySelector('gallery-view');
  // The grid's element count, taken on every frame and after every batch of DOM mutations in the shadow
  // root (the virtualizer adds and removes tiles within tasks), so the maximum is not a per-step snapshot.
  const dom = (window.__bench.dom = { max: 0, samples: 0, last: 0 });
  const count = () => {
    const grid = view.shadowRoot && view.shadowRoot.querySelector('[part="grid"]');
    const nodes = grid ? grid.querySelectorAll('*').length + 1 : 0;
    dom.last = nodes;
    dom.max = Math.max(dom.max, nodes);
    dom.samples++;
  };
  let observed = false;
  const frame = () => {
    if (!observed && view.shadowRoot) {
      new MutationObserver(count).observe(view.shadowRoot, { childList: true, subtree: true });
      observed = true;
    }
    count();
    requestAnimationFrame(frame);
  };
  frame();
  view.addEventListener('gallery-load', (event) => {
    if (event.detail.page !== 1 || window.__bench.firstLoad) return;
    window.__bench.firstLoad = performance.now();
    const check = () => {
      if (!view.shadowRoot.querySelector('.tile:not(.placeholder) img')) return requestAnimationFrame(check);
      // The frame holding the tiles has been painted once the next frame starts.
      requestAnimationFrame(() => { window.__bench.firstTiles = performance.now(); });
    };
    check();
  });
</script></body></html>`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-bench-'));
  const seedStart = performance.now();
  const { fid } = await seedGallery(dataDir, { count: ITEMS, files: true });
  const seedMs = Math.round(performance.now() - seedStart);
  const server = buildServer({ token: TOKEN, dataDir });
  const baseUrl = await server.listen(0, '127.0.0.1');
  const script = await bundle();
  const web = createServer((request, response) => {
    if (request.url === '/gallery-view.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page(baseUrl, fid));
    }
  });
  await new Promise<void>((done) => web.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => (window as any).__bench.firstTiles, null, { timeout: 20_000 });
    const firstTiles = await tab.evaluate(() => {
      const bench = (window as any).__bench;
      const response = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('gallery.get_items')) as PerformanceResourceTiming | undefined;
      return {
        afterResponse: bench.firstTiles - (response?.responseEnd ?? bench.firstLoad),
        afterNavigation: bench.firstTiles,
      };
    });

    // Browse: scroll smoothly at 2 viewports a second, by time rather than by frame, below the speed at
    // which images wait (3 viewports a second), so every tile that passes loads its image.
    const browseStart = Date.now();
    await tab.evaluate(({ ms, speed }) => (window as any).__browse(ms, speed), {
      ms: SHORT ? 4_000 : 15_000,
      speed: 2,
    });
    const browse = { y: await tab.evaluate(() => window.scrollY), ms: Date.now() - browseStart };

    // Fling to the end one viewport per step (about 14,000 px/s; three with `--short`) while the page
    // counts the DOM.
    const step = SHORT ? 2400 : 800;
    const atEnd = () =>
      tab.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    await tab.evaluate(() => {
      (window as any).__bench.phase = 'fling';
    });
    let steps = 0;
    const scrollStart = Date.now();
    for (let i = 0; i < 5000 && Date.now() - scrollStart < 180_000; i++) {
      await tab.evaluate((dy) => window.scrollBy(0, dy), step);
      steps++;
      await tab.waitForTimeout(40);
      if (await atEnd()) break;
    }
    const scrollEnd = Date.now();
    const scrollMs = scrollEnd - scrollStart;
    await tab.waitForFunction(
      (last) =>
        !!document
          .querySelector('gallery-view')!
          .shadowRoot!.querySelector(`.tile[data-index="${last}"]:not(.placeholder)`),
      ITEMS - 1,
      { timeout: 20_000 },
    );
    // Every tile on screen shows its picture once the fling is over: time from the last scroll step. Long
    // tasks count as the scroll's until then, so the images filled in afterwards are inside the window.
    const settled = await tab.waitForFunction(
      (since) => {
        const view = document.querySelector('gallery-view')!;
        const onScreen = [...view.shadowRoot!.querySelectorAll<HTMLElement>('.tile')].filter((tile) => {
          const box = tile.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        });
        const shown = onScreen.filter((tile) => {
          const img = tile.querySelector('img');
          return img?.complete && img.naturalWidth > 0;
        });
        return onScreen.length > 0 && shown.length === onScreen.length
          ? { tiles: onScreen.length, ms: Date.now() - since }
          : null;
      },
      scrollEnd,
      { timeout: 20_000, polling: 'raf' },
    );
    const imagesShown = (await settled.jsonValue()) as { tiles: number; ms: number };
    await tab.evaluate(() => {
      (window as any).__bench.phase = 'end';
    });
    const images = (await tab.evaluate(() => (window as any).__bench.images)) as Record<
      'load' | 'browse' | 'fling' | 'end',
      number
    >;
    const dom = (await tab.evaluate(() => (window as any).__bench.dom)) as {
      max: number;
      samples: number;
      last: number;
    };
    const maxNodes = dom.max;
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    const tasks = await tab.evaluate(
      () => (window as any).__bench.longTasks as { duration: number; phase: string }[],
    );
    const longest = (phases: string[]) =>
      Math.round(Math.max(0, ...tasks.filter((t) => phases.includes(t.phase)).map((t) => t.duration)));
    const figures = {
      bench: 'gallery-10k',
      mode: SHORT ? 'short' : 'full',
      items: ITEMS,
      seed_ms: seedMs,
      first_tiles_ms: Math.round(firstTiles.afterResponse),
      first_tiles_after_navigation_ms: Math.round(firstTiles.afterNavigation),
      dom_nodes_grid_max: maxNodes,
      dom_nodes_grid_end: dom.last,
      dom_samples: dom.samples,
      js_heap_mb: Math.round((heap / 1024 / 1024) * 10) / 10,
      longest_task_scrolling_ms: longest(['browse', 'fling']),
      longest_task_browse_ms: longest(['browse']),
      longest_task_fling_ms: longest(['fling']),
      longest_task_load_ms: longest(['load', 'end']),
      long_tasks_scrolling: tasks.filter((t) => t.phase === 'browse' || t.phase === 'fling').length,
      browse_ms: browse.ms,
      browse_px: browse.y,
      fling_ms: scrollMs,
      fling_steps: steps,
      images_fetched: images,
      images_on_screen_after_fling_ms: imagesShown.ms,
      tiles_on_screen_end: imagesShown.tiles,
      targets: TARGETS,
    };
    const verdict = {
      first_tiles: figures.first_tiles_ms <= TARGETS.first_tiles_ms ? 'ok' : 'OVER',
      dom_nodes: figures.dom_nodes_grid_max <= TARGETS.dom_nodes ? 'ok' : 'OVER',
      longest_task: figures.longest_task_scrolling_ms <= TARGETS.longest_task_ms ? 'ok' : 'OVER',
    };
    console.log(
      `first tiles ${figures.first_tiles_ms} ms after the first response (target <= ${TARGETS.first_tiles_ms}): ${verdict.first_tiles}`,
    );
    console.log(
      `grid DOM nodes max ${maxNodes} over ${dom.samples} samples (every frame and mutation), at the end ${dom.last} (target <= ${TARGETS.dom_nodes}): ${verdict.dom_nodes}`,
    );
    console.log(
      `longest task while scrolling ${figures.longest_task_scrolling_ms} ms: browsing ${figures.longest_task_browse_ms}, flinging ${figures.longest_task_fling_ms} (target <= ${TARGETS.longest_task_ms}): ${verdict.longest_task}; JS heap ${figures.js_heap_mb} MB`,
    );
    console.log(
      `tile images fetched: browsing ${images.browse} (${browse.y} px in ${browse.ms} ms), flinging ${images.fling} (${steps} steps past ${ITEMS} items); every tile on screen (${imagesShown.tiles}) showed its image ${imagesShown.ms} ms after the fling`,
    );
    console.log(JSON.stringify({ ...figures, verdict }));
  } finally {
    await browser.close();
    web.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
