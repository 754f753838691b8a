// Serves the elements to pages of the reference server (portals, upload frame, live embed, demo): the
// built script-tag bundle when dist/ has one, else an on-the-fly bundle of src/define.ts.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ROOT, sourceBundle } from './source-bundle.ts';

const ENTRY = join(ROOT, 'src/define.ts');
/** The script-tag build of `vite build --mode script-tag`: the loader and its lazy chunks. */
const DIST = join(ROOT, 'dist');

/** What pages may load from dist/: the loader and its chunks, and api.js with the chunks it imports. */
const SERVED_FROM_DIST = /^(gallery-elements\.js|api\.js|script-tag\/.+|chunks\/.+)$/;

async function fromDist(name: string): Promise<Uint8Array | undefined> {
  if (!SERVED_FROM_DIST.test(name)) return undefined;
  const path = resolve(DIST, name);
  if (!path.startsWith(`${DIST}/`) || !existsSync(path)) return undefined;
  return readFile(path);
}

export function registerElementsBundle(app: FastifyInstance): void {
  app.get('/elements/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    if (!/^[\w./-]+\.js$/.test(name) || name.includes('..')) {
      return reply.code(404).send({ success: false, runtime: 0, code: 'not_found', message: 'No such file' });
    }
    // `api.js`: the typed client as an ES module, for pages that script the API (the demo).
    const entries: Record<string, string> =
      name === 'api.js' ? { api: 'src/api/index.ts' } : { 'gallery-elements': 'src/define.ts' };
    const body = existsSync(ENTRY)
      ? (await sourceBundle(entries, name === 'api.js' ? 'api-chunks' : 'script-tag')).get(name)
      : await fromDist(name);
    if (!body) {
      return reply
        .code(404)
        .send({ success: false, runtime: 0, code: 'not_found', message: `No such file: ${name}` });
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header(
        'cache-control',
        name.startsWith('script-tag/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .send(Buffer.from(body));
  });
}
