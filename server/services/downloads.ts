// gallery.download: signed zip links, and the zip itself streamed entry by entry (never built in full).
import { createReadStream, type ReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import { type DownloadType, downloadSignature } from '../auth/download-link.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { safeEntryName, uniqueName } from '../media/file-names.ts';
import { storagePath } from '../media/storage.ts';
import { GalleryStore } from '../store/galleries.ts';
import { type GalleryFile, VersionStore } from '../store/versions.ts';

/** The resized zip holds each image's largest generated JPEG. */
const RESIZED_VERSION = 'jpg_1200x900';
const LINK_TTL_SECONDS = 24 * 60 * 60;

/** Formats that are already compressed: stored as they are, deflating them only costs CPU. */
const PRECOMPRESSED = /^(image\/(jpeg|png|gif|webp|avif|heic)|video\/|audio\/(mpeg|mp4|ogg|webm|aac|flac))/;

export class DownloadService {
  private readonly store: VersionStore;
  private readonly galleries: GalleryStore;

  constructor(private readonly ctx: ServerContext) {
    this.store = new VersionStore(ctx.db);
    this.galleries = new GalleryStore(ctx.db);
  }

  /** gallery.download: a link valid 24 hours that carries the gallery, the type and its signature. */
  link(caller: Caller, params: ServerParams<'gallery.download'>): AnswerOf<'gallery.download'> {
    const { fid, type = 'original' } = params;
    this.ctx.access.check(caller, 'gallery.download', { fid });
    if (!this.galleries.exists(fid)) throw notFound('Gallery', fid);
    const expires = Math.floor(this.ctx.clock.now() / 1000) + LINK_TTL_SECONDS;
    const hash = downloadSignature(this.ctx.account, fid, type, expires);
    const query = new URLSearchParams({ type, d: String(expires), hash });
    return {
      download_link: `${this.ctx.publicUrl()}/download/${encodeURIComponent(fid)}.zip?${query}`,
    };
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
