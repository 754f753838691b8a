// A fixed-rate (open-loop) load generator free of coordinated omission: request i is due at start + i/rate
// and its latency runs from that due time, so a server that falls behind is charged for the wait of every
// request queued behind a slow one (as wrk2 does). autocannon's `overallRate` cannot give that: each
// connection fires its share of a second back to back then idles until the next second, and its correction
// assumes a 1 ms interval (Math.ceil(1 / rate)), filling the histogram with made-up low values.
import { Agent, request } from 'node:http';
import { percentile } from './percentile.ts';

export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The bucket the latency counts in (`read`, `write`). */
  kind: string;
}

export interface LatencyStats {
  requests: number;
  non_2xx: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface OpenLoopResult {
  requested_rate: number;
  /** Requests completed (any status) per second, from the first due time to the last completion. */
  achieved_rate: number;
  /** Requests sent per second over the schedule: below the requested rate only if the generator lagged. */
  sent_rate: number;
  planned: number;
  completed: number;
  /** Requests still unanswered when the run gave up waiting for them. */
  unanswered: number;
  /** The most a request left after its due time (generator health; latencies include it). */
  max_send_lag_ms: number;
  all: LatencyStats;
  kinds: Record<string, LatencyStats>;
}

interface Sample {
  kind: string;
  ms: number;
  status: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function stats(samples: Sample[]): LatencyStats {
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300);
  const sorted = ok.map((s) => s.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    non_2xx: samples.filter((s) => s.status !== 0 && (s.status < 200 || s.status >= 300)).length,
    errors: samples.filter((s) => s.status === 0).length,
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/**
 * Sends `rate` requests per second for `seconds` to `origin`, each on its own schedule slot, over a pool of
 * keep-alive connections (more open as needed, up to `maxConnections`), and waits up to `drainMs` for the
 * last answers.
 */
export async function openLoop(options: {
  origin: string;
  rate: number;
  seconds: number;
  next: (index: number) => PlannedRequest;
  maxConnections?: number;
  drainMs?: number;
  /** Sent with every request (Accept-Encoding, as a browser sends it). */
  headers?: Record<string, string>;
}): Promise<OpenLoopResult> {
  const { origin, rate, seconds, next } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxConnections ?? 64 });
  const base = new URL(origin);
  const planned = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const samples: Sample[] = [];
  let outstanding = 0;
  let lastDone = 0;
  let maxLag = 0;
  let sent = 0;
  let allSent: () => void = () => {};
  const drained = new Promise<void>((done) => {
    allSent = done;
  });
  const finish = (kind: string, due: number, status: number) => {
    const now = performance.now();
    samples.push({ kind, ms: now - due, status });
    lastDone = now;
    outstanding--;
    if (sent === planned && outstanding === 0) allSent();
  };
  const send = (index: number, due: number) => {
    const plan = next(index);
    maxLag = Math.max(maxLag, performance.now() - due);
    outstanding++;
    let answered = false;
    const done = (status: number) => {
      if (answered) return;
      answered = true;
      finish(plan.kind, due, status);
    };
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method: plan.method,
        path: plan.path,
        agent,
        headers: { ...options.headers, ...(plan.method === 'POST' ? { 'content-length': '0' } : {}) },
      },
      (response) => {
        response.on('end', () => done(response.statusCode ?? 0));
        response.on('error', () => done(0));
        response.resume();
      },
    );
    req.on('error', () => done(0));
    req.end();
  };

  const start = performance.now();
  await new Promise<void>((scheduled) => {
    const tick = () => {
      const now = performance.now();
      while (sent < planned && start + sent * interval <= now) {
        send(sent, start + sent * interval);
        sent++;
      }
      if (sent < planned) {
        const wait = start + sent * interval - performance.now();
        setTimeout(tick, Math.max(0, Math.floor(wait)));
      } else scheduled();
    };
    tick();
  });
  const sentRate = sent / ((performance.now() - start) / 1000);
  if (outstanding > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      drained,
      new Promise((done) => (timer = setTimeout(done, options.drainMs ?? 30_000))),
    ]);
    clearTimeout(timer);
  }
  agent.destroy();
  const kinds: Record<string, LatencyStats> = {};
  for (const kind of new Set(samples.map((s) => s.kind)))
    kinds[kind] = stats(samples.filter((s) => s.kind === kind));
  return {
    requested_rate: rate,
    achieved_rate: Math.round((samples.length / ((lastDone - start) / 1000)) * 10) / 10,
    sent_rate: Math.round(sentRate * 10) / 10,
    planned,
    completed: samples.length,
    unanswered: planned - samples.length,
    max_send_lag_ms: round(maxLag),
    all: stats(samples),
    kinds,
  };
}
