// Requests to an upload URL as the hosted service's uploader makes them (raw chunk bodies, Content-Range,
// unique-id, X-FILE-NAME), over node:http so a body can stream from a file range and nothing is added.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Bytes; a file range [start, end) streamed from disk; or only the `head` of a longer body whose length
 * the headers declare (the rest never comes: for answers given before the body).
 */
export type ChunkBody = Buffer | { path: string; start: number; end: number } | { head: Buffer };

/** POSTs `body` with exactly these headers (and its Content-Length, unless they give one). */
export function postRaw(url: string, headers: Record<string, string>, body: ChunkBody = Buffer.alloc(0)) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const length = Buffer.isBuffer(body)
      ? body.length
      : 'head' in body
        ? body.head.length
        : body.end - body.start;
    const req = request(
      url,
      { method: 'POST', headers: { 'content-length': String(length), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else if ('head' in body) req.write(body.head);
    else if (length === 0) req.end();
    else createReadStream(body.path, { start: body.start, end: body.end - 1 }).pipe(req);
  });
}

/** The headers of one chunk [start, end) of a file of `total` bytes, the end exclusive as the service sends. */
export function chunkHeaders(
  uniqueId: string,
  start: number,
  end: number,
  total: number | null,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    'content-type': 'multipart/form-data',
    'x-file-name': encodeURIComponent('clip one.bin'),
    'content-range': `bytes ${start}-${end}${total === null ? '' : `/${total}`}`,
    'unique-id': uniqueId,
    ...extra,
  };
}

/** The rid as the service's uploader reads it: group 2 of its regular expression. */
export const ridByRegex = (text: string): string | null =>
  text.match(/new resource id (\d+) (.*)/)?.[2] ?? null;

/** The rid as the Moodle client reads it: word 4 of line 6. */
export const ridByLine = (text: string): string | undefined => text.split('\n')[5]?.split(' ')[3];

/** Writes `size` random bytes to `path` 1 MB at a time (never all in memory); resolves to their sha256. */
export async function writeRandomFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  for (let written = 0; written < size; ) {
    const block = randomBytes(Math.min(1024 * 1024, size - written));
    hash.update(block);
    written += block.length;
    if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}

/** sha256 of a stored file, streamed. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
