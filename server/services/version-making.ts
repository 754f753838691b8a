// What the version worker makes for one asset, and only what is missing: JPEG sizes of an image; a video's
// poster, its JPEG sizes and its HLS renditions; a sound's HLS rendition; an attached subtitle as WebVTT.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_VERSION, SUBTITLE_ATTACHMENT, VTT_VERSION } from '../../src/contract/asset-record.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../ids.ts';
import { encodeHls, HLS_DIR, MASTER_PLAYLIST, renditionFiles } from '../media/hls.ts';
import { writePoster } from '../media/poster.ts';
import { type MediaFacts, probeMedia } from '../media/probe.ts';
import { assetDir, storageKey, storagePath } from '../media/storage.ts';
import { MAX_SUBTITLE_BYTES, toWebVtt } from '../media/subtitles.ts';
import { mediaTools } from '../media/tools.ts';
import {
  imageSize,
  JPEG_VERSIONS,
  POSTER_VERSION,
  versionFileName,
  writeJpegVersion,
} from '../media/versions.ts';
import type { VersionRow } from '../store/assets.ts';
import type { MediaAsset, VersionStore } from '../store/versions.ts';

/** The job in hand: its abort signal and how it reports. */
export interface Work {
  signal: AbortSignal;
  /** Share done, 0-1, of the long part (the transcode). */
  progress(share: number): void;
  /** A long part starts: the asset shows `pending` with its progress until the job ends. */
  begin(): void;
}

/** CPU priority of ffmpeg: the lowest, so the API answers first (nice 10 still doubled its p99 on 2 cores). */
export const TRANSCODE_NICE = 19;
/** A poster frame or a probe that takes longer than this is given up. */
const STEP_TIMEOUT_MS = 60_000;
const SUBTITLE_FILE = 'subtitles.vtt';

/** Folders and files a job writes before they are complete; whatever is left of them is from a broken job. */
const PARTIAL = /\.(part|part\.jpg|best\.jpg)$/;
const HLS_PARTIAL = `${HLS_DIR}.part`;

export class VersionMaker {
  /** Whether the job in hand wrote anything (a resync with nothing missing changes nothing). */
  changed = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly store: VersionStore,
  ) {}

  /** Makes what `asset` lacks; throws with a readable message when it cannot. */
  async make(asset: MediaAsset, work: Work): Promise<void> {
    this.changed = false;
    await this.removeLeftovers(asset.rid);
    if (asset.attach_type && SUBTITLE_ATTACHMENT.test(asset.attach_type)) await this.subtitle(asset);
    else if (asset.type === 'image') await this.image(asset);
    else if (asset.type === 'video' || asset.type === 'audio') await this.media(asset, work);
  }

  /** What an interrupted job left: partial files and the half-written renditions folder. */
  private async removeLeftovers(rid: string): Promise<void> {
    const dir = assetDir(this.ctx, rid);
    if (!existsSync(dir)) return;
    for (const entry of await readdir(dir)) {
      if (entry === HLS_PARTIAL || PARTIAL.test(entry))
        await rm(join(dir, entry), { recursive: true, force: true });
    }
  }

  private async image(asset: MediaAsset): Promise<void> {
    const source = storagePath(this.ctx, asset.storage_key);
    let size: Awaited<ReturnType<typeof imageSize>>;
    try {
      size = await imageSize(source);
      this.store.setFacts(asset.rid, { ...size, duration: null }, this.now());
      await this.jpegVersions(asset.rid, source);
    } catch (error) {
      if (/^image\/hei[cf]/.test(asset.mime)) {
        throw new Error(
          'HEIC/HEIF photos cannot be converted by this server: its image library (sharp, libvips with libheif) ' +
            'has no HEVC decoder. The original is kept and can be downloaded.',
        );
      }
      throw new Error(`Not a readable image (${message(error)})`);
    }
  }

  private async media(asset: MediaAsset, work: Work): Promise<void> {
    const { ffmpeg, ffprobe } = mediaTools(this.ctx.options);
    // Without ffmpeg a video or sound is served as it was uploaded: synced, with no poster or renditions.
    if (!ffmpeg || !ffprobe) return;
    const source = storagePath(this.ctx, asset.storage_key);
    const facts = await probeMedia(ffprobe, source, { signal: work.signal, nice: TRANSCODE_NICE });
    this.store.setFacts(
      asset.rid,
      { width: facts.video?.width ?? null, height: facts.video?.height ?? null, duration: facts.duration },
      this.now(),
    );
    const dir = assetDir(this.ctx, asset.rid);
    await mkdir(dir, { recursive: true });
    const run = { signal: work.signal, nice: TRANSCODE_NICE, timeoutMs: STEP_TIMEOUT_MS };
    if (facts.video) {
      const poster = join(dir, versionFileName(POSTER_VERSION));
      if (!this.has(asset.rid, POSTER_VERSION)) {
        await writePoster(ffmpeg, source, facts, poster, run);
        const { size } = await stat(poster);
        this.put({
          rid: asset.rid,
          name: POSTER_VERSION,
          storage_key: storageKey(asset.rid, versionFileName(POSTER_VERSION)),
          mime: 'image/jpeg',
          ...(await imageSize(poster)),
          filesize: size,
        });
      }
      await this.jpegVersions(asset.rid, poster);
    }
    if (await this.hlsComplete(asset.rid)) return;
    work.begin();
    const partial = join(dir, HLS_PARTIAL);
    await mkdir(partial, { recursive: true });
    const rendition = await encodeHls({ ffmpeg, ffprobe }, source, partial, facts, {
      generation: newId(6),
      signal: work.signal,
      nice: TRANSCODE_NICE,
      timeoutMs: this.transcodeTimeoutMs(facts),
      onProgress: (share) => work.progress(share),
    }).catch(async (error: unknown) => {
      // A failed encoding leaves nothing behind (a stop, too: the next start encodes from scratch).
      await rm(partial, { recursive: true, force: true });
      throw error;
    });
    await rm(join(dir, HLS_DIR), { recursive: true, force: true });
    await rename(partial, join(dir, HLS_DIR));
    this.put({
      rid: asset.rid,
      name: HLS_VERSION,
      storage_key: `${storageKey(asset.rid, HLS_DIR)}/${MASTER_PLAYLIST}`,
      mime: 'application/vnd.apple.mpegurl',
      ...rendition,
    });
  }

  /** A transcode may take this long: the option, else 2 minutes plus 20 s per second of media. */
  private transcodeTimeoutMs(facts: MediaFacts): number {
    return this.ctx.options.transcodeTimeoutMs ?? 120_000 + 20_000 * (facts.duration ?? 60);
  }

  /** Whether the renditions' row exists and every file its playlists name is on disk; a broken one is dropped. */
  private async hlsComplete(rid: string): Promise<boolean> {
    const row = this.store.versions(rid).find((v) => v.name === HLS_VERSION);
    if (!row) return false;
    const dir = join(assetDir(this.ctx, rid), HLS_DIR);
    try {
      const files = await renditionFiles(dir);
      if (files.every((file) => existsSync(join(dir, file)))) return true;
    } catch {
      // A playlist is missing: regenerate.
    }
    this.store.deleteVersion(rid, HLS_VERSION);
    this.changed = true;
    return false;
  }

  private async subtitle(asset: MediaAsset): Promise<void> {
    if (this.has(asset.rid, VTT_VERSION)) return;
    const source = storagePath(this.ctx, asset.storage_key);
    const { size } = await stat(source);
    if (size > MAX_SUBTITLE_BYTES)
      throw new Error(`A subtitle file may hold at most ${MAX_SUBTITLE_BYTES} bytes`);
    const vtt = toWebVtt(await readFile(source, 'utf8'));
    const target = join(assetDir(this.ctx, asset.rid), SUBTITLE_FILE);
    await writeFile(`${target}.part`, vtt);
    await rename(`${target}.part`, target);
    this.put({
      rid: asset.rid,
      name: VTT_VERSION,
      storage_key: storageKey(asset.rid, SUBTITLE_FILE),
      mime: 'text/vtt; charset=utf-8',
      width: null,
      height: null,
      filesize: Buffer.byteLength(vtt),
    });
  }

  /** Whether a version's row exists and its file is on disk; a row whose file vanished is dropped. */
  private has(rid: string, name: string): boolean {
    const row = this.store.versions(rid).find((v) => v.name === name);
    if (!row) return false;
    if (existsSync(storagePath(this.ctx, row.storage_key))) return true;
    this.store.deleteVersion(rid, name);
    return false;
  }

  private async jpegVersions(rid: string, source: string): Promise<void> {
    const dir = assetDir(this.ctx, rid);
    await mkdir(dir, { recursive: true });
    for (const version of JPEG_VERSIONS) {
      if (this.has(rid, version.name)) continue;
      const file = versionFileName(version.name);
      const made = await writeJpegVersion(source, join(dir, file), version);
      this.put({ rid, name: version.name, storage_key: storageKey(rid, file), mime: 'image/jpeg', ...made });
    }
  }

  private put(row: VersionRow): void {
    if (!this.store.putVersion(row)) throw new Error('The asset was deleted');
    this.changed = true;
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
