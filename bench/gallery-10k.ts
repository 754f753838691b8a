// bench/gallery-10k: a 10,000-item gallery served by the reference server, opened in headless Chromium
// with <gallery-view>: time to first tiles after the first response, DOM size while scrolling to the end,
// JS heap, longest task. `--short` seeds 2,000 items and scrolls in bigger steps.
import { linkSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import sharp from 'sharp';
import { buildServer } from '../server/app.ts';
import type { ServerContext } from '../server/context.ts';
import { launchChromium } from '../test/helpers/chromium.ts';

const SHORT = process.argv.includes('--short');
const ITEMS = SHORT ? 2_000 : 10_000;
const TOKEN = 'bench-token-0123456789abcdef';
const TARGETS = { first_tiles_ms: 300, dom_nodes: 600, longest_task_ms: 50 };
const ROOT = resolve(import.meta.dirname, '..');

/**
 * Rows straight into the store (uploading 10,000 files would measure the upload path, not the view);
 * every asset's versions are hard links to two small JPEGs so the pages show real images.
 */
async function seed(ctx: ServerContext, dataDir: string, count: number): Promise<string> {
  const fid = 'bench10k';
  const now = new Date().toISOString();
  const sources: Record<string, { path: string; width: number; height: number }> = {};
  for (const [name, width, height] of [
    ['jpg_200x150', 200, 150],
    ['jpg_600x450', 600, 450],
  ] as const) {
    const path = join(dataDir, `${name}.jpg`);
    await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 190 } } })
      .jpeg({ quality: 70 })
      .toFile(path);
    sources[name] = { path, width, height };
  }
  const insertGallery = ctx.db.prepare(
    'INSERT INTO galleries (fid, name, spfid, created_at, modified_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAsset = ctx.db.prepare(
    `INSERT INTO assets (rid, filename, type, mime, storage_key, caption, filesize, width, height, syncstatus,
       uploaded_at, modified_at) VALUES (?, ?, 'image', 'image/jpeg', ?, ?, 1000, 1200, 900, 'synced', ?, ?)`,
  );
  const insertVersion = ctx.db.prepare(
    `INSERT INTO asset_versions (rid, name, storage_key, mime, width, height, filesize)
       VALUES (?, ?, ?, 'image/jpeg', ?, ?, 1000)`,
  );
  const insertItem = ctx.db.prepare(
    'INSERT INTO gallery_items (fid, rid, position, added_at) VALUES (?, ?, ?, ?)',
  );
  ctx.db.transaction(() => {
    insertGallery.run(fid, 'Ten thousand', `sp${fid}`, now, now);
    for (let i = 0; i < count; i++) {
      const rid = `b${String(i).padStart(6, '0')}`;
      insertAsset.run(rid, `photo-${i}.jpg`, `${rid}/original`, `Photo number ${i}`, now, now);
      const dir = join(dataDir, 'media', rid);
      mkdirSync(dir, { recursive: true });
      for (const [name, source] of Object.entries(sources)) {
        linkSync(source.path, join(dir, `${name}.jpg`));
        insertVersion.run(rid, name, `${rid}/${name}.jpg`, source.width, source.height);
      }
      linkSync(sources.jpg_600x450!.path, join(dir, 'original'));
      insertItem.run(fid, rid, i + 1, now);
    }
  })();
  return fid;
}

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
  window.__bench = { longTasks: [], scrolling: false };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__bench.longTasks.push({ duration: entry.duration, scrolling: window.__bench.scrolling });
  }).observe({ type: 'longtask', buffered: true });
</script>
<script type="module" src="/gallery-view.js"></script></head>
<body><gallery-view base-url="${baseUrl}" fid="${fid}" token="${TOKEN}" items-per-page="100"></gallery-view>
<script type="module">
  const view = document.querySelector('gallery-view');
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
  const server = buildServer({ token: TOKEN, dataDir });
  const baseUrl = await server.listen(0, '127.0.0.1');
  const seedStart = performance.now();
  const fid = await seed(server.ctx, dataDir, ITEMS);
  const seedMs = Math.round(performance.now() - seedStart);
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

    // Scroll to the end one viewport per step (about 16,000 px/s: a fast fling), sampling the DOM.
    const step = 800;
    const sample = () =>
      tab.evaluate(() => {
        const grid = document.querySelector('gallery-view')!.shadowRoot!.querySelector('[part="grid"]');
        return {
          nodes: grid ? grid.querySelectorAll('*').length + 1 : 0,
          atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
        };
      });
    await tab.evaluate(() => {
      (window as any).__bench.scrolling = true;
    });
    let maxNodes = 0;
    let steps = 0;
    const scrollStart = Date.now();
    for (let i = 0; i < 5000 && Date.now() - scrollStart < 180_000; i++) {
      await tab.evaluate((dy) => window.scrollBy(0, dy), step);
      steps++;
      await tab.waitForTimeout(40);
      const { nodes, atEnd } = await sample();
      maxNodes = Math.max(maxNodes, nodes);
      if (atEnd) break;
    }
    const scrollMs = Date.now() - scrollStart;
    await tab.waitForFunction(
      (last) =>
        !!document
          .querySelector('gallery-view')!
          .shadowRoot!.querySelector(`.tile[data-index="${last}"]:not(.placeholder)`),
      ITEMS - 1,
      { timeout: 20_000 },
    );
    await tab.evaluate(() => {
      (window as any).__bench.scrolling = false;
    });
    const end = await sample();
    maxNodes = Math.max(maxNodes, end.nodes);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    const tasks = await tab.evaluate(
      () => (window as any).__bench.longTasks as { duration: number; scrolling: boolean }[],
    );
    const longest = (list: { duration: number }[]) => Math.round(Math.max(0, ...list.map((t) => t.duration)));
    const figures = {
      bench: 'gallery-10k',
      mode: SHORT ? 'short' : 'full',
      items: ITEMS,
      seed_ms: seedMs,
      first_tiles_ms: Math.round(firstTiles.afterResponse),
      first_tiles_after_navigation_ms: Math.round(firstTiles.afterNavigation),
      dom_nodes_grid_max: maxNodes,
      dom_nodes_grid_end: end.nodes,
      js_heap_mb: Math.round((heap / 1024 / 1024) * 10) / 10,
      longest_task_scrolling_ms: longest(tasks.filter((t) => t.scrolling)),
      longest_task_load_ms: longest(tasks.filter((t) => !t.scrolling)),
      long_tasks_scrolling: tasks.filter((t) => t.scrolling).length,
      scroll_ms: scrollMs,
      scroll_steps: steps,
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
      `grid DOM nodes max ${maxNodes}, at the end ${end.nodes} (target <= ${TARGETS.dom_nodes}): ${verdict.dom_nodes}`,
    );
    console.log(
      `longest task while scrolling ${figures.longest_task_scrolling_ms} ms (target <= ${TARGETS.longest_task_ms}): ${verdict.longest_task}; JS heap ${figures.js_heap_mb} MB`,
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
