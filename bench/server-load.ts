// bench/server-load: a bounded load run on 127.0.0.1 against the reference server holding 10,000 assets.
// 1. ceiling: a bare Fastify route returning a constant, closed loop (its throughput is the ceiling);
// 2. reads: gallery.get_items and asset.list on random pages, closed loop (throughput vs the ceiling);
// 3. mixed: 80% reads, 20% writes (asset.set_meta) at a fixed 500 req/s (p50/p99 latency).
// Targets: p99 <= 20 ms at 500 req/s; reads >= 50% of the ceiling. `--short` runs 3 s phases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startProcess, stopProcess } from './lib/processes.ts';
import { seedGallery } from './lib/seed-db.ts';

const SHORT = process.argv.includes('--short');
const SECONDS = SHORT ? 3 : 10;
const ASSETS = 10_000;
const TOKEN = 'bench-token-0123456789';

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (result: Result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50ms: result.latency.p50,
  p99ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

const dataDir = mkdtempSync(join(tmpdir(), 'gallery-load-'));
const { fid, rids } = await seedGallery(dataDir, ASSETS, TOKEN);
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
const base = new URL(server.url);
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
const pages = Math.ceil(ASSETS / 50);

const readRequests: autocannon.Request[] = [
  {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `${base.pathname}gallery.get_items.json?api_token=${TOKEN}&fid=${fid}&items_per_page=50&page=${1 + Math.floor(Math.random() * pages)}`,
    }),
  },
  {
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: `${base.pathname}asset.list.json?api_token=${TOKEN}&items_per_page=50&page=${1 + Math.floor(Math.random() * pages)}`,
    }),
  },
];
const writeRequest: autocannon.Request = {
  method: 'POST',
  setupRequest: (request) => ({
    ...request,
    path: `${base.pathname}asset.set_meta.json?api_token=${TOKEN}&rid=${pick(rids)}&caption=load+${Date.now()}`,
  }),
};

try {
  // Warm both up so JIT and SQLite caches do not count against either.
  await run({ url: `${ceilingServer.url}constant.json`, connections: 4, duration: 1 });
  await run({ url: server.url, connections: 4, duration: 1, requests: readRequests });

  const ceiling = await run({ url: `${ceilingServer.url}constant.json`, connections: 10, duration: SECONDS });
  const reads = await run({ url: server.url, connections: 10, duration: SECONDS, requests: readRequests });
  const mixed = await run({
    url: server.url,
    connections: 10,
    duration: SECONDS,
    overallRate: 500,
    requests: [...readRequests, ...readRequests, writeRequest]
      .flatMap((request) => [request, request])
      .slice(0, 10),
  });
  const figures = {
    bench: 'server-load',
    short: SHORT,
    assets: ASSETS,
    ceiling: summary(ceiling),
    reads: summary(reads),
    mixedAt500: summary(mixed),
    readsShareOfCeiling: Number((reads.requests.average / ceiling.requests.average).toFixed(2)),
  };
  console.log(JSON.stringify(figures));
  console.log(
    `reads ${figures.reads.requestsPerSecond} req/s = ${Math.round(figures.readsShareOfCeiling * 100)}% of the ceiling ` +
      `(${figures.ceiling.requestsPerSecond} req/s; target >= 50%): ${figures.readsShareOfCeiling >= 0.5 ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `mixed at 500 req/s: p50 ${mixed.latency.p50} ms, p99 ${mixed.latency.p99} ms (target <= 20 ms): ` +
      `${mixed.latency.p99 <= 20 ? 'ok' : 'MISSED'}; non-2xx ${mixed.non2xx}`,
  );
} finally {
  await stopProcess(server.child);
  await stopProcess(ceilingServer.child);
  rmSync(dataDir, { recursive: true, force: true });
}
