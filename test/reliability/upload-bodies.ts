// Hostile requests to the upload POST (`/upload?…` signed URL) for the fuzz test: tampered URLs, broken
// multipart framing, missing or doubled file parts, oversized fields and files, raw bodies, chunks out of
// order or with a malformed Content-Range. Each asks for the JSON answer.

export interface UploadRequest {
  variant: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  /** The server must refuse it whatever the target: the body or the URL is wrong on its own. */
  mustRefuse: boolean;
}

export interface UploadFuzzInput {
  /** A correctly signed upload URL (its gallery or asset may have been deleted since). */
  signedUrl: string;
  /** A valid image to send as the file. */
  image: Uint8Array;
  /** The server's upload limit in bytes. */
  maxBytes: number;
  /** An upload token, real or stale, for the `upload_token` parameter. */
  uploadToken: string;
  next: () => number;
  value: () => string;
}

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; mime: string; bytes: Uint8Array };

function multipart(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.mime}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('filename' in part ? Buffer.from(part.bytes) : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

/** Changes one thing about a signed URL so its signature, completeness or freshness no longer holds. */
function tamperedUrl(signedUrl: string, next: () => number, value: () => string): string {
  const url = new URL(signedUrl);
  const name = pick(next, ['uid', 'd', 'hash', 'addtofid', 'rid', 'type']);
  const how = next();
  if (how < 0.3) url.searchParams.delete(name);
  else if (how < 0.5) url.searchParams.append(name, url.searchParams.get(name) ?? 'x');
  else if (how < 0.6 && name === 'd') url.searchParams.set('d', '1');
  else url.searchParams.set(name, `${url.searchParams.get(name) ?? ''}${value() || 'x'}`);
  // Deleting an absent rid/type changes nothing; add one so the signature breaks in every case.
  if (url.toString() === signedUrl) url.searchParams.set(name, 'tampered');
  return url.toString();
}

export function hostileUpload(input: UploadFuzzInput): UploadRequest {
  const { next, value, image } = input;
  const boundary = `----fuzz${Math.floor(next() * 1e12).toString(36)}`;
  const form = `multipart/form-data; boundary=${boundary}`;
  const file = (bytes: Uint8Array = image, name = 'file'): Part => ({
    name,
    filename:
      next() < 0.8
        ? 'photo.png'
        : value()
            .replaceAll('"', "'")
            .replaceAll(/[\r\n]/g, ' '),
    mime: next() < 0.8 ? 'image/png' : value().replaceAll(/[\r\n]/g, ' ') || 'x/y',
    bytes,
  });
  const meta = (): Part[] =>
    ['caption', 'description', 'tags', 'reference_id']
      .filter(() => next() < 0.4)
      .map((name) => ({ name, value: value() }));
  const post = (
    variant: string,
    body: Buffer,
    mustRefuse: boolean,
    contentType = form,
    extra: Record<string, string> = {},
  ): UploadRequest => ({
    variant,
    url: input.signedUrl,
    method: 'POST',
    headers: {
      accept: 'application/json',
      ...(contentType ? { 'content-type': contentType } : {}),
      ...extra,
    },
    body,
    mustRefuse,
  });
  const uniqueId = `fuzz-${Math.floor(next() * 1e12).toString(36)}`;
  const chunk = (variant: string, body: Buffer, range: string, mustRefuse: boolean) =>
    post(variant, body, mustRefuse, 'application/octet-stream', {
      'content-range': range,
      'unique-id': uniqueId,
    });

  const variants: (() => UploadRequest)[] = [
    () => post('valid file', multipart(boundary, [...meta(), file()]), false),
    () => post('random bytes as the file', multipart(boundary, [file(Buffer.from(value() || 'x'))]), false),
    () => post('no file part', multipart(boundary, meta()), true),
    () => post('empty body', Buffer.alloc(0), true),
    () => post('two files', multipart(boundary, [file(), file()]), true),
    () => post('a second file under another name', multipart(boundary, [file(), file(image, 'other')]), true),
    () => post('the file under another name', multipart(boundary, [file(image, 'upload')]), true),
    () => post('file sent as a plain field', multipart(boundary, [{ name: 'file', value: 'abc' }]), true),
    () => post('empty file', multipart(boundary, [file(new Uint8Array())]), true),
    () =>
      post(
        'huge caption',
        multipart(boundary, [{ name: 'caption', value: 'c'.repeat(200_000) }, file()]),
        true,
      ),
    () =>
      post(
        'file over the limit',
        multipart(boundary, [file(new Uint8Array(input.maxBytes + 1).fill(7))]),
        true,
      ),
    () => post('body far over the limit', Buffer.alloc(input.maxBytes * 2 + 2 * 1024 * 1024, 0x61), true),
    () =>
      post(
        'too many fields',
        multipart(boundary, [
          ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
          file(),
        ]),
        true,
      ),
    () => post('unterminated multipart', multipart(boundary, [file()], false).subarray(0, 60), true),
    () => post('boundary that never occurs', multipart(`${boundary}x`, [file()]), true),
    // Without a boundary (and without Content-Range) a body is one raw file, whatever it holds.
    () => post('multipart without a boundary', multipart(boundary, [file()]), false, 'multipart/form-data'),
    () =>
      post(
        'raw body of any content type',
        multipart(boundary, [file()]),
        false,
        pick(next, [
          'text/plain',
          'application/json',
          'application/x-www-form-urlencoded',
          'image/png',
          'multipart/mixed; boundary=x',
          '',
        ]),
      ),
    () => post('raw image body', Buffer.from(image), false, 'image/png'),
    () =>
      chunk('whole file as one chunk', Buffer.from(image), `bytes 0-${image.length}/${image.length}`, false),
    () => chunk('chunk out of order', Buffer.alloc(5, 1), 'bytes 5-10/20', true),
    () =>
      chunk(
        'malformed Content-Range',
        Buffer.alloc(5, 1),
        `x${value().replaceAll(/[^\x20-\x7e]/g, '')}`,
        true,
      ),
    () => chunk('probe', Buffer.alloc(0), 'bytes */20', false),
    () => ({
      ...post('tampered upload URL', multipart(boundary, [file()]), true),
      url: tamperedUrl(input.signedUrl, next, value),
    }),
    () => {
      const url = new URL(input.signedUrl);
      url.searchParams.set('upload_token', next() < 0.5 ? input.uploadToken : value() || 'x');
      return { ...post('with an upload_token', multipart(boundary, [file()]), false), url: url.toString() };
    },
    () => ({ ...post('GET on the upload URL', Buffer.alloc(0), true), method: 'GET', body: undefined }),
  ];
  return pick(next, variants)();
}
