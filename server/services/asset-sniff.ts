// Decides an upload's type and MIME from its first bytes; the client's MIME is a hint, never trusted for media.
import { open } from 'node:fs/promises';
import type { AssetType } from '../store/assets.ts';

export interface Sniffed {
  type: AssetType;
  mime: string;
}

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** MIME types that a browser would run or render as a page: never served back under their own name. */
const ACTIVE_MIME = /html|xml|svg|javascript|ecmascript|x-sh|x-php/i;

function sniffBytes(head: Uint8Array, hint: string): Sniffed | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: 'image', mime: 'image/jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image', mime: 'image/png' };
  if (ascii(head, 0, 4) === 'GIF8') return { type: 'image', mime: 'image/gif' };
  if (ascii(head, 0, 2) === 'BM') return { type: 'image', mime: 'image/bmp' };
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return { type: 'image', mime: 'image/tiff' };
  if (ascii(head, 0, 4) === 'RIFF') {
    const kind = ascii(head, 8, 4);
    if (kind === 'WEBP') return { type: 'image', mime: 'image/webp' };
    if (kind === 'WAVE') return { type: 'audio', mime: 'audio/wav' };
    if (kind === 'AVI ') return { type: 'video', mime: 'video/x-msvideo' };
  }
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    if (/^(avif|avis)$/.test(brand)) return { type: 'image', mime: 'image/avif' };
    if (/^(heic|heix|mif1|msf1|heim|heis)$/.test(brand)) return { type: 'image', mime: 'image/heic' };
    if (/^(M4A |M4B )$/.test(brand)) return { type: 'audio', mime: 'audio/mp4' };
    if (brand === 'qt  ') return { type: 'video', mime: 'video/quicktime' };
    if (hint.startsWith('audio/')) return { type: 'audio', mime: 'audio/mp4' };
    return { type: 'video', mime: 'video/mp4' };
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    return hint.startsWith('audio/')
      ? { type: 'audio', mime: 'audio/webm' }
      : { type: 'video', mime: 'video/webm' };
  }
  if (ascii(head, 0, 4) === 'OggS') {
    return hint.startsWith('video/')
      ? { type: 'video', mime: 'video/ogg' }
      : { type: 'audio', mime: 'audio/ogg' };
  }
  if (ascii(head, 0, 4) === 'fLaC') return { type: 'audio', mime: 'audio/flac' };
  if (
    ascii(head, 0, 3) === 'ID3' ||
    (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && (head[1] ?? 0) !== 0xff)
  )
    return { type: 'audio', mime: 'audio/mpeg' };
  if (head[0] === 0x47 && head[188] === 0x47) return { type: 'video', mime: 'video/mp2t' };
  if (ascii(head, 0, 6) === 'WEBVTT' || ascii(head, 3, 6) === 'WEBVTT')
    return { type: 'other', mime: 'text/vtt' };
  return undefined;
}

/** Type and MIME of a stored file: its content decides; an unknown content is `other`. */
export async function sniffFile(path: string, hintMime: string): Promise<Sniffed> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffContent(head.subarray(0, bytesRead), hintMime);
  } finally {
    await handle.close();
  }
}

export function sniffContent(head: Uint8Array, hintMime: string): Sniffed {
  const hint = hintMime.toLowerCase().trim();
  const known = sniffBytes(head, hint);
  if (known) return known;
  const wellFormed = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/.test(hint);
  // Media the content does not confirm is not media: it gets no versions and is served as bytes.
  if (!wellFormed || ACTIVE_MIME.test(hint) || /^(image|video|audio)\//.test(hint)) {
    return { type: 'other', mime: 'application/octet-stream' };
  }
  return { type: 'other', mime: hint };
}
