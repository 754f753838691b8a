// Fault injection for reliability tests, off unless asked for (ServerOptions.faults, `--faults`, or the
// GALLERY_FAULTS environment variable): a share of requests answering 500, upload bodies cut off midway,
// upload answers lost after the upload was stored, upload URLs judged expired, added latency. Written as
// `error=0.3,drop=0.1,cut=0.1,expire=0.05,latency=20,ops=upload|gallery.get_items,seed=7`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXPIRED_UPLOAD_URL } from '../../src/contract/uploads.ts';
import type { FaultOptions } from '../context.ts';
import { denied, ServiceError } from '../errors.ts';
import { seededRandom } from '../random.ts';

export type { FaultOptions };

export function parseFaults(spec: string): FaultOptions {
  const faults: FaultOptions = {};
  for (const part of spec
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const [key, raw = ''] = part.split('=');
    const number = Number(raw);
    const rate = () => {
      if (!(number >= 0 && number <= 1)) throw new Error(`faults: ${key} must be between 0 and 1`);
      return number;
    };
    if (key === 'error') faults.errorRate = rate();
    else if (key === 'drop') faults.dropRate = rate();
    else if (key === 'cut') faults.cutRate = rate();
    else if (key === 'expire') faults.expireRate = rate();
    else if (key === 'latency' && number >= 0 && number <= 60_000) faults.latencyMs = number;
    else if (key === 'seed' && Number.isInteger(number)) faults.seed = number;
    else if (key === 'ops') faults.operations = raw.split('|').filter(Boolean);
    else throw new Error(`faults: cannot read "${part}"`);
  }
  return faults;
}

/** The operation a request is for: `gallery.list` for /v2/gallery.list.json, `upload` for /upload. */
function operationOf(request: FastifyRequest): string | undefined {
  const path = request.url.split('?')[0] ?? '';
  if (path === '/upload') return 'upload';
  return /^\/v2\/([\w.]+?)(\.json)?$/.exec(path)?.[1];
}

export function installFaults(app: FastifyInstance, faults: FaultOptions): void {
  const next = seededRandom(faults.seed ?? 1);
  const matches = (operation: string | undefined) =>
    operation !== undefined && (!faults.operations?.length || faults.operations.includes(operation));

  app.addHook('onRequest', async (request, reply) => {
    const operation = operationOf(request);
    if (!matches(operation) || request.method === 'OPTIONS') return;
    if (faults.latencyMs) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (operation === 'upload' && faults.dropRate && next() < faults.dropRate) {
      // Let part of the body arrive, then cut the connection as a flaky network would: always before
      // the body is complete, so the server never stores a file whose client saw a failure.
      const length = Number(request.headers['content-length'] ?? 0);
      const cutAt = length > 0 ? Math.max(1, Math.floor(length / 2)) : 16 * 1024;
      let seen = 0;
      request.raw.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen >= cutAt) request.raw.socket.destroy();
      });
      return;
    }
    // Thrown, not sent: the route's own error handler answers, so an upload URL's failure reads as one.
    if (operation === 'upload' && faults.expireRate && next() < faults.expireRate) {
      reply.header('connection', 'close');
      throw denied(EXPIRED_UPLOAD_URL);
    }
    if (faults.errorRate && next() < faults.errorRate) {
      reply.header('connection', 'close');
      throw new ServiceError('internal', 'Injected fault');
    }
    if (operation === 'upload' && faults.cutRate && next() < faults.cutRate) request.cutAnswer = true;
  });

  // The answer of a stored upload never leaves: the socket goes instead.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cutAnswer && reply.statusCode === 200) request.raw.socket?.destroy();
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `cut` fault: the answer of this upload is dropped once the upload is stored. */
    cutAnswer?: boolean;
  }
}
