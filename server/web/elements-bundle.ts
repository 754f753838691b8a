// Serves the elements to pages of the reference server (portals, upload frame, live embed, demo):
// the built script-tag bundle when dist/ has one, else an on-the-fly esbuild bundle of src/define.ts.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = join(ROOT, 'src/define.ts');
/** The script-tag build of `vite build --mode script-tag`: the loader and its lazy chunks. */
const DIST = join(ROOT, 'dist');

interface Bundle {
  files: Map<string, Uint8Array>;
}

/** One build per process: every server in it (tests start many) shares it. */
let building: Promise<Bundle> | undefined;

async function buildFromSource(): Promise<Bundle> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { 'gallery-elements': ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: '/elements',
    chunkNames: 'script-tag/[name]-[hash]',
    logLevel: 'silent',
    conditions: ['browser', 'production'],
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    plugins: [
      {
        name: 'inline-css',
        setup(build) {
          // `import css from 'x.css?inline'` as Vite does: the stylesheet text as the default export.
          build.onResolve({ filter: /\.css\?inline$/ }, async (args) => {
            const found = await build.resolve(args.path.replace(/\?inline$/, ''), {
              kind: 'import-statement',
              resolveDir: args.resolveDir,
            });
            return { path: found.path, namespace: 'inline-css' };
          });
          build.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
            contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(file.path.replace(/^\/elements\//, ''), file.contents);
  return { files };
}

async function fromDist(name: string): Promise<Uint8Array | undefined> {
  if (name !== 'gallery-elements.js' && !name.startsWith('script-tag/')) return undefined;
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
    let body: Uint8Array | undefined;
    if (existsSync(ENTRY)) {
      building ??= buildFromSource().catch((error: unknown) => {
        building = undefined;
        throw error;
      });
      body = (await building).files.get(name);
    } else {
      body = await fromDist(name);
    }
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
