// The demo pages (`--demo`): static files from demo/ at `/`, plus the API base URL and token they use.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ROOT, sourceBundle } from './source-bundle.ts';

const DEMO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../demo');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export function registerDemo(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/demo/config.json', async () => ({
    baseUrl: `${ctx.publicUrl()}/v2/`,
    token: ctx.options.token ?? '',
  }));
  app.get('/', async (_request, reply) => reply.redirect('/demo/'));
  // The React example is TSX: bundled from the checkout's sources on first request, as the elements are.
  // An installed package has neither src/ nor React (a devDependency): it says so instead of failing.
  const reactBundle = async (name: string, reply: FastifyReply) => {
    if (!existsSync(join(ROOT, 'src'))) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          'The React example is built from the sources: run `npm start` in a checkout of gallery-elements.',
        );
    }
    const body = (await sourceBundle({ app: 'demo/react/app.tsx' }, 'chunks')).get(name);
    if (!body) return reply.code(404).type('text/plain').send('Not found');
    return reply.type(TYPES['.js'] as string).send(Buffer.from(body));
  };
  app.get('/demo/react/app.js', async (_request, reply) => reactBundle('app.js', reply));
  app.get('/demo/react/chunks/*', async (request, reply) =>
    reactBundle(`chunks/${(request.params as { '*': string })['*']}`, reply),
  );
  app.get('/demo/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'] || 'index.html';
    const path = resolve(DEMO_DIR, name.endsWith('/') ? `${name}index.html` : name);
    const type = TYPES[extname(path)];
    if (!path.startsWith(`${DEMO_DIR}/`) || !type || !existsSync(path)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply
      .type(type)
      .header(
        'content-security-policy',
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:",
      )
      .send(await readFile(join(path)));
  });
}
