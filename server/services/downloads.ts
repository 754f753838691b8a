// gallery.download: signed zip links, and the zip itself streamed entry by entry (never built in full).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, type ReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ServerContext } from '../context.ts';
import { denied, notFound } from '../errors.ts';
import { storagePath } from '../media/storage.ts';
import { type GalleryFile, VersionStore } from '../store/versions.ts';
import { displayFilename } from './asset-record.ts';

export type DownloadType = 'original' | 'resized';

/** The resized zip holds each image's largest generated JPEG. */
const RESIZED_VERSION = 'jpg_1200x900';
const LINK_TTL_SECONDS = 24 * 60 * 60;

/** Formats that are already compressed: stored as they are, deflating them only costs CPU. */
const PRECOMPRESSED = /^(image\/(jpeg|png|gif|webp|avif|heic)|video\/|audio\/(mpeg|mp4|ogg|webm|aac|flac))/;

export class DownloadService {
  private readonly store: VersionStore;

  constructor(private readonly ctx: ServerContext) {
    this.store = new VersionStore(ctx.db);
  }

  private sign(fid: string, type: DownloadType, expires: number): string {
    return createHmac('sha256', this.ctx.account.secret)
      .update(`download\n${this.ctx.account.accid}\n${fid}\n${type}\n${expires}`)
      .digest('hex');
  }

  /** gallery.download: a link valid 24 hours that carries the gallery, the type and its signature. */
  link(fid: string, type: DownloadType): { download_link: string } {
    if (!this.store.galleryExists(fid)) throw notFound('Gallery', fid);
    const expires = Math.floor(this.ctx.clock.now() / 1000) + LINK_TTL_SECONDS;
    const query = new URLSearchParams({ type, d: String(expires), hash: this.sign(fid, type, expires) });
    return {
      download_link: `${this.ctx.publicUrl()}/download/${encodeURIComponent(fid)}.zip?${query}`,
    };
  }

  /** Throws 403 when the link was changed or has expired; returns the zip type it was signed for. */
  verify(fid: string, query: Record<string, unknown>): DownloadType {
    const { type, d, hash } = query;
    if (typeof type !== 'string' || typeof d !== 'string' || typeof hash !== 'string')
      throw denied('The download link is incomplete: type, d and hash are required');
    if ((type !== 'original' && type !== 'resized') || !/^\d{1,12}$/.test(d) || !/^[0-9a-f]{64}$/.test(hash))
      throw denied('The download link signature does not match; request a new link');
    const expected = Buffer.from(this.sign(fid, type, Number(d)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(hash, 'hex')))
      throw denied('The download link signature does not match; request a new link');
    if (Number(d) * 1000 < this.ctx.clock.now())
      throw denied('The download link has expired; request a new link');
    if (!this.store.galleryExists(fid)) throw notFound('Gallery', fid);
    return type;
  }

  /** The gallery's items in order as a zip stream; files are opened one at a time as the zip is read. */
  zip(fid: string, type: DownloadType): Readable {
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    const names = new Set<string>();
    let current: ReadStream | null = null;
    const fail = (error: Error) => output.destroy(error);
    zip.on('error', fail);
    // The client went away: stop reading the file in hand.
    output.on('close', () => current?.destroy());
    const mtime = new Date(this.ctx.clock.now());
    for (const file of this.store.galleryFiles(fid, RESIZED_VERSION)) {
      const entry = this.entryOf(file, type);
      let path: string;
      try {
        path = storagePath(this.ctx, entry.key);
        if (!statSync(path).isFile()) continue;
      } catch {
        continue; // deleted meanwhile: the zip simply lacks it
      }
      zip.addReadStreamLazy(
        uniqueName(entry.name, names),
        { compress: !PRECOMPRESSED.test(entry.mime), mtime, mode: 0o100644 },
        (callback) => {
          current = createReadStream(path);
          current.on('error', fail);
          callback(null, current);
        },
      );
    }
    zip.end();
    return output;
  }

  private entryOf(file: GalleryFile, type: DownloadType): { key: string; name: string; mime: string } {
    const name = safeEntryName(file.filename);
    if (type === 'resized' && file.resized_key) {
      return {
        key: file.resized_key,
        name: `${name.replace(/\.[^.]*$/, '') || 'file'}.jpg`,
        mime: 'image/jpeg',
      };
    }
    return { key: file.storage_key, name, mime: file.mime };
  }
}

/** A zip entry name that stays inside the folder it is extracted to: one plain segment, no `..`. */
export function safeEntryName(filename: string): string {
  const clean = displayFilename(filename)
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  const short = Array.from(clean).slice(0, 180).join('');
  return short === '' ? 'file' : short;
}

/** `name.ext`, then `name (2).ext`, … (case-insensitively unique, as most file systems need). */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
