// bench/server-load: a bounded load run on 127.0.0.1 against the reference server holding 10,000 assets.
// 1. ceiling: a bare Fastify route returning a constant, closed loop (its throughput is the ceiling);
// 2. reads: gallery.get_items and asset.list on random pages, closed loop (throughput vs the ceiling), from
//    a client that sends Accept-Encoding as browsers do; then the same without it (printed, not judged);
// 3. mixed: 80% reads, 20% writes (asset.set_meta) at a fixed 500 req/s, open loop from a process of its
//    own (bench/lib/mixed-load.ts: latency from each request's due time, so p99 counts queueing), p50/p99
//    per reads and writes; the run counts only if the achieved rate is >= 95% of 500 req/s.
// The closed-loop phases use bench/lib/closed-loop.ts (10 keep-alive connections, prepared requests:
// random pages drawn before the run), a client that skips the bodies it receives, so the server is the
// busy side; each phase prints the server's and the client's CPU so a reader can check that.
// Targets: p99 <= 20 ms at 500 req/s; reads >= 50% of the ceiling. `--short` runs 2 s phases.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClosedLoopResult, closedLoop } from './lib/closed-loop.ts';
import { cpuSeconds } from './lib/cpu.ts';
import type { MixedPlan } from './lib/mixed-load.ts';
import type { OpenLoopResult } from './lib/open-loop.ts';
import { runToEnd, serverArgs, startProcess, stopProcess } from './lib/processes.ts';
import { seedGallery } from './lib/seed-db.ts';

const SHORT = process.argv.includes('--short');
const SECONDS = SHORT ? 2 : 10;
const ASSETS = 10_000;
const PER_PAGE = 50;
const RATE = 500;
const TOKEN = 'bench-token-0123456789';
const TARGETS = { p99_ms_at_500: 20, reads_share_of_ceiling: 0.5, achieved_share_of_rate: 0.95 };
/** What a browser's fetch sends: the server may answer a remembered read with its gzip. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** Requests prepared for the closed-loop client, each connection going through them in turn. */
const PREPARED = 2000;
const CONNECTIONS = 10;

/** A closed-loop phase's figures, with the CPU the serving process used over it (in cores). */
type Phase = ClosedLoopResult & { server_cpu_cores: number };

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-load-'));
  const seedStart = performance.now();
  const { fid, rids } = await seedGallery(dataDir, { count: ASSETS });
  const seedMs = Math.round(performance.now() - seedStart);
  const server = await startProcess(serverArgs(dataDir, TOKEN));
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

    const prepared = Array.from({ length: PREPARED }, (_, i) => (i % 2 === 0 ? itemsPath() : listPath()));
    const ceilingPaths = [`${new URL(ceilingServer.url).pathname}constant.json`];
    const phase = async (
      target: { url: string; child: { pid?: number } },
      paths: string[],
      seconds: number,
      headers: Record<string, string>,
    ): Promise<Phase> => {
      const pid = target.child.pid as number;
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const result = await closedLoop({ url: target.url, paths, headers, connections: CONNECTIONS, seconds });
      const cores = (cpuSeconds(pid) - cpuBefore) / ((performance.now() - started) / 1000);
      return { ...result, server_cpu_cores: Math.round(cores * 100) / 100 };
    };

    // Warm both up so JIT and SQLite caches do not count against either.
    await phase(ceilingServer, ceilingPaths, 1, BROWSER_HEADERS);
    await phase(server, prepared, 1, BROWSER_HEADERS);

    const ceiling = await phase(ceilingServer, ceilingPaths, SECONDS, BROWSER_HEADERS);
    const reads = await phase(server, prepared, SECONDS, BROWSER_HEADERS);
    const readsIdentity = await phase(server, prepared, SECONDS, {});
    // Every 10 requests: 8 reads (gallery.get_items and asset.list by turns), 2 writes.
    const plan: MixedPlan = {
      origin: server.url,
      rate: RATE,
      seconds: SECONDS,
      mix: ['items', 'list', 'items', 'list', 'write', 'items', 'list', 'items', 'list', 'write'],
      itemsPath: `${api.pathname}gallery.get_items.json?api_token=${TOKEN}&fid=${fid}&items_per_page=${PER_PAGE}`,
      listPath: `${api.pathname}asset.list.json?api_token=${TOKEN}&items_per_page=${PER_PAGE}`,
      writePath: `${api.pathname}asset.set_meta.json?api_token=${TOKEN}`,
      pages,
      rids,
      headers: BROWSER_HEADERS,
    };
    const planFile = join(dataDir, 'mixed-plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const generator = await runToEnd(['--import', 'tsx', 'bench/lib/mixed-load.ts', planFile]);
    const mixed = JSON.parse(generator.trim().split('\n').at(-1) as string) as OpenLoopResult;

    const share = Number((reads.requests_per_second / ceiling.requests_per_second).toFixed(2));
    const rateReached =
      mixed.achieved_rate >= RATE * TARGETS.achieved_share_of_rate && mixed.unanswered === 0;
    const failures = mixed.all.non_2xx + mixed.all.errors;
    const p99 = mixed.all.p99_ms;
    const verdict = {
      rate_reached: rateReached ? 'PASS' : 'MISS',
      p99_at_500: rateReached && failures === 0 && p99 <= TARGETS.p99_ms_at_500 ? 'PASS' : 'MISS',
      // Fast refusals are no reads: the share counts only when every answer was a 2xx.
      reads_share:
        share >= TARGETS.reads_share_of_ceiling && reads.non_2xx + reads.errors === 0 ? 'PASS' : 'MISS',
    };
    const figures = {
      bench: 'server-load',
      mode: SHORT ? 'short' : 'full',
      assets: ASSETS,
      phase_seconds: SECONDS,
      seed_ms: seedMs,
      ceiling,
      reads,
      reads_without_accept_encoding: readsIdentity,
      reads_without_accept_encoding_share: Number(
        (readsIdentity.requests_per_second / ceiling.requests_per_second).toFixed(2),
      ),
      mixed_at_500: mixed,
      reads_share_of_ceiling: share,
      targets: TARGETS,
      verdict,
    };
    const kind = (name: string) => {
      const k = mixed.kinds[name];
      return k
        ? `${name}s p50 ${k.p50_ms} / p99 ${k.p99_ms} ms (${k.requests}, non-2xx ${k.non_2xx})`
        : `no ${name}s`;
    };
    const cpu = (p: Phase) => `server CPU ${p.server_cpu_cores}, client CPU ${p.client_cpu_cores} cores`;
    console.log(
      `ceiling (bare Fastify, closed loop): ${ceiling.requests_per_second} req/s, p50 ${ceiling.p50_ms} ms, ` +
        `p99 ${ceiling.p99_ms} ms; ${cpu(ceiling)}`,
    );
    console.log(
      `reads (closed loop): ${reads.requests_per_second} req/s = ${Math.round(share * 100)}% of the ceiling ` +
        `(target >= ${TARGETS.reads_share_of_ceiling * 100}%) ${verdict.reads_share}; p50 ${reads.p50_ms} ms, ` +
        `p99 ${reads.p99_ms} ms; non-2xx ${reads.non_2xx}, errors ${reads.errors}; ${cpu(reads)}`,
    );
    console.log(
      `  the same reads without Accept-Encoding: ${readsIdentity.requests_per_second} req/s = ` +
        `${Math.round(figures.reads_without_accept_encoding_share * 100)}% of the ceiling; non-2xx ` +
        `${readsIdentity.non_2xx}; ${cpu(readsIdentity)}`,
    );
    console.log(
      `mixed 80/20 at ${RATE} req/s (open loop, ${mixed.planned} requests): achieved ${mixed.achieved_rate} req/s ` +
        `(sent ${mixed.sent_rate}; target >= ${RATE * TARGETS.achieved_share_of_rate}) ${verdict.rate_reached}; ` +
        `non-2xx ${mixed.all.non_2xx}, errors ${mixed.all.errors}, unanswered ${mixed.unanswered}`,
    );
    console.log(
      `  all p50 ${mixed.all.p50_ms} ms, p99 ${p99} ms (target <= ${TARGETS.p99_ms_at_500} ms) ${verdict.p99_at_500}; ` +
        `${kind('read')}; ${kind('write')}; max send lag ${mixed.max_send_lag_ms} ms`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await stopProcess(server.child);
    await stopProcess(ceilingServer.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
