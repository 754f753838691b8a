// Serving one stored file: type from the record, validators, long caching and single byte ranges.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { StoredFile } from '../store/versions.ts';
import { storagePath } from './storage.ts';

export interface OpenedFile {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body?: Readable;
  message?: string;
}

/** Types a browser would run as a page or script: never served under their own name from our origin. */
const ACTIVE_MIME = /html|xml|svg|javascript|ecmascript|x-sh|x-php/i;

/** A file URL never changes content (a new upload gets a new rid), so caches may keep it for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The parsed `Range` header: a byte span, 'unsatisfiable', or null to send the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Several ranges or another unit: RFC 9110 lets us ignore the header and send everything.
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** null when the file is not on disk (the caller answers 404). */
export async function openStoredFile(
  ctx: { options: { dataDir: string } },
  stored: StoredFile,
  request: IncomingHttpHeaders,
  cacheControl = CACHE_CONTROL,
): Promise<OpenedFile | null> {
  let path: string;
  let size: number;
  let mtime: Date;
  try {
    path = storagePath(ctx, stored.storage_key);
    const info = await stat(path);
    if (!info.isFile()) return null;
    size = info.size;
    mtime = info.mtime;
  } catch {
    return null;
  }
  const active = ACTIVE_MIME.test(stored.mime);
  const etag = `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;
  const lastModified = mtime.toUTCString();
  const headers: Record<string, string> = {
    'content-type': active ? 'application/octet-stream' : stored.mime || 'application/octet-stream',
    'cache-control': cacheControl,
    etag,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    // Media may be embedded by any page (gallery widgets live on other origins).
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (active) headers['content-disposition'] = 'attachment';

  if (notModified(request, etag, mtime)) return { status: 304, headers };

  const ifRange = request['if-range'];
  const rangeAllowed = !ifRange || ifRange === etag || ifRange === lastModified;
  const range = rangeAllowed ? parseRange(headerValue(request.range), size) : null;
  if (range === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...headers, 'content-range': `bytes */${size}` },
      message: `The requested range is outside the file (${size} bytes)`,
    };
  }
  if (range) {
    return {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
        'content-length': String(range.end - range.start + 1),
      },
      body: createReadStream(path, { start: range.start, end: range.end }),
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'content-length': String(size) },
    body: size > 0 ? createReadStream(path) : undefined,
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function notModified(request: IncomingHttpHeaders, etag: string, mtime: Date): boolean {
  const ifNoneMatch = request['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const since = request['if-modified-since'];
  if (since) {
    const time = Date.parse(since);
    return Number.isFinite(time) && Math.floor(mtime.getTime() / 1000) * 1000 <= time;
  }
  return false;
}
