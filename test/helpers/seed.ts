// Test data through the API itself: galleries, uploads, a tiny PNG built in code, bounded polling.
import { deflateSync } from 'node:zlib';
import type { TestServer } from './server.ts';

export async function createGallery(
  server: TestServer,
  name = 'Test gallery',
): Promise<{ fid: string; upload_url: string }> {
  const { status, body } = await server.call('gallery.create', { name }, { method: 'POST' });
  if (status === 200) return { fid: body.fid, upload_url: body.upload_url };
  throw new Error(`gallery.create failed: ${status} ${JSON.stringify(body)}`);
}

export interface UploadFile {
  name?: string;
  bytes: Uint8Array;
  mime?: string;
}

/** POSTs one file (multipart, field `file`) to an upload URL, asking for the JSON answer; fields go first. */
export async function uploadFile(
  uploadUrl: string,
  file: UploadFile,
  fields: Record<string, string> = {},
  uploadToken?: string,
): Promise<{ status: number; body: any }> {
  const url = new URL(uploadUrl);
  if (uploadToken !== undefined) url.searchParams.set('upload_token', uploadToken);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.mime ?? 'application/octet-stream' }),
    file.name ?? 'file.bin',
  );
  const response = await fetch(url, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid RGB PNG of the given size (a simple gradient), built without any image library. */
export function tinyPng(width = 4, height = 3): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw.set(
        [(x * 255) / Math.max(1, width - 1), (y * 255) / Math.max(1, height - 1), 128],
        row + 1 + x * 3,
      );
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** Polls `check` until it holds (every 25 ms) or fails after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs = 10000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
