// bench/server-load: a bounded load run on 127.0.0.1 against the reference server holding 10,000 assets.
// 1. ceiling: a bare Fastify route returning a constant, closed loop (its throughput is the ceiling);
// 2. reads: gallery.get_items and asset.list on random pages, closed loop (throughput vs the ceiling);
// 3. mixed: 80% reads, 20% writes (asset.set_meta) at a fixed 500 req/s (p50/p99 latency).
// Targets: p99 <= 20 ms at 500 req/s; reads >= 50% of the ceiling. `--short` runs 2 s phases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startProcess, stopProcess } from './lib/processes.ts';
import { seedGallery } from './lib/seed-db.ts';

const SHORT = process.argv.includes('--short');
const SECONDS = SHORT ? 2 : 10;
const ASSETS = 10_000;
const PER_PAGE = 50;
const RATE = 500;
const TOKEN = 'bench-token-0123456789';
const TARGETS = { p99_ms_at_500: 20, reads_share_of_ceiling: 0.5 };

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (result: Result) => ({
  requests_per_second: Math.round(result.requests.average),
  p50_ms: result.latency.p50,
  p99_ms: result.latency.p99,
  requests: result.requests.total,
  non_2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-load-'));
  const seedStart = performance.now();
  const { fid, rids } = await seedGallery(dataDir, { count: ASSETS });
  const seedMs = Math.round(performance.now() - seedStart);
  const server = await startProcess([
    'bin/gallery-server.js',
    '--port',
    '0',
    '--data',
    dataDir,
    '--token',
    TOKEN,
  ]);
  const ceilingServer = await startProcess(['--import', 'tsx', 'bench/lib/ceiling-server.ts']);
  try {
    const api = new URL(server.url);
    const pages = Math.ceil(ASSETS / PER_PAGE);
    const randomPage = () => 1 + Math.floor(Math.random() * pages);
    const itemsPath = () =>
      `${api.pathname}gallery.get_items.json?api_token=${TOKEN}&fid=${fid}&items_per_page=${PER_PAGE}&page=${randomPage()}`;
    const listPath = () =>
      `${api.pathname}asset.list.json?api_token=${TOKEN}&items_per_page=${PER_PAGE}&page=${randomPage()}`;
    const writePath = () =>
      `${api.pathname}asset.set_meta.json?api_token=${TOKEN}&rid=${rids[Math.floor(Math.random() * rids.length)]}&caption=load+${Date.now()}`;

    // A load run of failing requests would measure error paths: check each request once first.
    for (const [path, method] of [
      [itemsPath(), 'GET'],
      [listPath(), 'GET'],
      [writePath(), 'POST'],
    ] as const) {
      const response = await fetch(new URL(path, api), { method });
      const body = (await response.json()) as { success?: boolean; folder?: { items?: unknown[] } };
      if (!response.ok || !body.success)
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      if (path.includes('get_items') && body.folder?.items?.length !== PER_PAGE)
        throw new Error(`gallery.get_items gave ${body.folder?.items?.length} items, not ${PER_PAGE}`);
    }

    const items: autocannon.Request = { method: 'GET', setupRequest: (r) => ({ ...r, path: itemsPath() }) };
    const list: autocannon.Request = { method: 'GET', setupRequest: (r) => ({ ...r, path: listPath() }) };
    const write: autocannon.Request = { method: 'POST', setupRequest: (r) => ({ ...r, path: writePath() }) };
    const ceilingUrl = `${ceilingServer.url}constant.json`;

    // Warm both up so JIT and SQLite caches do not count against either.
    await run({ url: ceilingUrl, connections: 4, duration: 1 });
    await run({ url: server.url, connections: 4, duration: 1, requests: [items, list] });

    const ceiling = await run({ url: ceilingUrl, connections: 10, duration: SECONDS });
    const reads = await run({ url: server.url, connections: 10, duration: SECONDS, requests: [items, list] });
    // Each connection cycles through this list: 8 reads, 2 writes.
    const mixed = await run({
      url: server.url,
      connections: 10,
      duration: SECONDS,
      overallRate: RATE,
      requests: [items, list, items, list, write, items, list, items, list, write],
    });

    const share = Number((reads.requests.average / ceiling.requests.average).toFixed(2));
    const p99 = mixed.latency.p99;
    const verdict = {
      p99_at_500: p99 <= TARGETS.p99_ms_at_500 ? 'PASS' : 'MISS',
      reads_share: share >= TARGETS.reads_share_of_ceiling ? 'PASS' : 'MISS',
    };
    const figures = {
      bench: 'server-load',
      mode: SHORT ? 'short' : 'full',
      assets: ASSETS,
      phase_seconds: SECONDS,
      seed_ms: seedMs,
      ceiling: summary(ceiling),
      reads: summary(reads),
      mixed_at_500: summary(mixed),
      reads_share_of_ceiling: share,
      targets: TARGETS,
      verdict,
    };
    console.log(
      `server-load: ceiling ${figures.ceiling.requests_per_second} req/s; reads ${figures.reads.requests_per_second} req/s ` +
        `= ${Math.round(share * 100)}% of it (target >= 50%) ${verdict.reads_share}; ` +
        `mixed 80/20 at ${RATE} req/s: ${figures.mixed_at_500.requests_per_second} req/s, p50 ${mixed.latency.p50} ms, ` +
        `p99 ${p99} ms (target <= 20 ms) ${verdict.p99_at_500}; non-2xx ${reads.non2xx + mixed.non2xx}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await stopProcess(server.child);
    await stopProcess(ceilingServer.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
