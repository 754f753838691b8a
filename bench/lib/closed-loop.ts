// A lean closed-loop HTTP/1.1 load client: N keep-alive connections, each sending its next prepared request
// as soon as the last answer is complete. It reads only the head of each answer (status, Content-Length)
// and skips the body's bytes. autocannon, which this replaces, turned every body into a string (its
// pipelined-request queue does `body += chunk`): with 2-3 KB gzipped pages it spent a core on that and
// became the bottleneck at 60% of the server's capacity, so "reads vs the ceiling" measured the client.
import { connect, type Socket } from 'node:net';
import { percentile } from './percentile.ts';

export interface ClosedLoopOptions {
  /** Origin (or any URL of it) to connect to. */
  url: string;
  /** Request paths (with query), taken in turn; each connection starts at its own offset. */
  paths: readonly string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface ClosedLoopResult {
  requests_per_second: number;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  /** Cores this client used while it ran: near 1.0 means the client, not the server, set the pace. */
  client_cpu_cores: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * The status and Content-Length of a response head (the bytes before the blank line); null for an answer
 * framed otherwise (chunked), which the servers we measure never send: it counts as an error.
 */
function readHead(head: string): { status: number; length: number } | null {
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  return match ? { status: Number(head.slice(9, 12)), length: Number(match[1]) } : null;
}

export async function closedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const target = new URL(options.url);
  const port = Number(target.port);
  const extra = Object.entries(options.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = options.paths.map((path) =>
    Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\n${extra}\r\n`, 'latin1'),
  );
  if (requests.length === 0) throw new Error('closed-loop: no request to send');
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let stopping = false;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  const runConnection = (index: number) =>
    new Promise<void>((done) => {
      let next = Math.floor((index * requests.length) / options.connections);
      let pending: Buffer | null = null;
      let bodyLeft = -1;
      let status = 0;
      let sentAt = 0;
      const socket: Socket = connect(port, target.hostname);
      socket.setNoDelay(true);
      const send = () => {
        if (stopping) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        socket.write(requests[next % requests.length] as Buffer);
        next++;
      };
      const complete = () => {
        // Answers that finish after the window closed are not counted, in any figure.
        if (!stopping) {
          latencies.push(performance.now() - sentAt);
          if (status < 200 || status >= 300) non2xx++;
        }
        bodyLeft = -1;
        pending = null;
        send();
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        if (bodyLeft >= 0) {
          bodyLeft -= chunk.length;
          if (bodyLeft <= 0) complete();
          return;
        }
        const data: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
        const end = data.indexOf(HEAD_END);
        if (end < 0) {
          pending = data;
          return;
        }
        const head = readHead(data.toString('latin1', 0, end));
        if (!head) {
          errors++;
          socket.destroy();
          return;
        }
        status = head.status;
        bodyLeft = head.length - (data.length - end - HEAD_END.length);
        if (bodyLeft <= 0) complete();
      });
      socket.on('error', () => {
        errors++;
        socket.destroy();
      });
      socket.on('close', () => done());
    });

  const connections = Array.from({ length: options.connections }, (_, i) => runConnection(i));
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  stopping = true;
  const elapsed = performance.now() - started;
  await Promise.all(connections);
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests_per_second: Math.round(sorted.length / (elapsed / 1000)),
    requests: sorted.length,
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    non_2xx: non2xx,
    errors,
    client_cpu_cores: round((cpu.user + cpu.system) / 1000 / elapsed),
  };
}
