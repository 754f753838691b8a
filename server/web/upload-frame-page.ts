// The upload frame page (`upload.iframe?upload_token=…`): the Vite-built HTML entry from dist/ when
// built, else src/upload-frame/index.html with its script bundled on the fly. No inline script or style,
// so it runs under the strict CSP it is served with.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FrameConfig } from '../../src/contract/upload-frame.ts';
import { escapeHtml } from '../html.ts';
import { ROOT, sourceBundle } from './source-bundle.ts';
import { type FrameErrorReason, type FrameLanguage, frameErrorWords } from './upload-frame-errors.ts';

const SOURCE_DIR = join(ROOT, 'src/upload-frame');
const DIST_DIR = join(ROOT, 'dist/upload-frame');

export const FRAME_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:";

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

const usesBuild = () => !existsSync(join(SOURCE_DIR, 'main.ts')) && existsSync(join(DIST_DIR, 'index.html'));

async function template(): Promise<string> {
  if (usesBuild()) return readFile(join(DIST_DIR, 'index.html'), 'utf8');
  const html = await readFile(join(SOURCE_DIR, 'index.html'), 'utf8');
  // The source entry names ./main.ts and ./styles.css for Vite; from source they are served below.
  return html
    .replace('./main.ts', '/upload-frame/main.js')
    .replace('./styles.css', '/upload-frame/styles.css');
}

export async function sendFramePage(reply: FastifyReply, config: FrameConfig): Promise<FastifyReply> {
  // A function, not a string: `$&` or `$\`` in the config (a parent origin may hold them) are no patterns.
  const html = (await template()).replace('%GALLERY_FRAME_CONFIG%', () => escapeHtml(JSON.stringify(config)));
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', FRAME_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/** A readable page instead of a blank frame when the link is expired, unknown or its gallery is gone. */
/** The frame's error page, in the visitor's language (see upload-frame-errors.ts). */
export function sendFrameError(
  reply: FastifyReply,
  status: number,
  reason: FrameErrorReason,
  language: FrameLanguage,
): FastifyReply {
  const words = frameErrorWords(language);
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(words.title)}</title><link rel="stylesheet" href="/upload-frame/styles.css"></head>
<body class="frame-error"><main role="alert"><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.reasons[reason])}</p>
<p>${escapeHtml(words.advice)}</p></main></body></html>`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', FRAME_CSP)
    .header('cache-control', 'no-store')
    .header('content-language', language)
    .send(html);
}

/** Static files of the page: built assets, or the source script bundle and stylesheet. */
export function registerUploadFrameAssets(app: FastifyInstance): void {
  app.get('/upload-frame/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const type = TYPES[extname(name)];
    let body: Uint8Array | undefined;
    if (type && /^[\w./-]+$/.test(name) && !name.includes('..')) {
      if (usesBuild()) {
        const path = resolve(DIST_DIR, name);
        if (path.startsWith(`${DIST_DIR}/`) && existsSync(path)) body = await readFile(path);
      } else if (name === 'styles.css') {
        body = await readFile(join(SOURCE_DIR, 'styles.css'));
      } else {
        body = (await sourceBundle({ main: 'src/upload-frame/main.ts' }, 'chunks')).get(name);
      }
    }
    if (!body || !type) {
      return reply.code(404).send({ success: false, runtime: 0, code: 'not_found', message: 'No such file' });
    }
    return reply.type(type).header('cache-control', 'no-cache').send(Buffer.from(body));
  });
}
