// Generates versions off the request path: one job at a time, pending -> synced / failed, then asset.synced.
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { missing } from '../errors.ts';
import { assetDir, removeAssetFiles, storageKey, storagePath } from '../media/storage.ts';
import {
  detectFfmpeg,
  extractPoster,
  imageSize,
  JPEG_VERSIONS,
  POSTER_VERSION,
  probeMedia,
  versionFileName,
  writeJpegVersion,
} from '../media/versions.ts';
import type { VersionRow } from '../store/assets.ts';
import { type MediaAsset, VersionStore } from '../store/versions.ts';
import type { RecordService } from './records.ts';
import { parseRidList } from './rid-list.ts';

export class VersionService {
  readonly store: VersionStore;
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;
  private closed = false;
  /** Whether the job in hand wrote anything (a resync with nothing missing emits nothing). */
  private changed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: ServerContext,
    private readonly records: RecordService,
  ) {
    this.store = new VersionStore(ctx.db);
    this.unsubscribe = ctx.events.subscribe(({ event, data }) => {
      if (event === 'asset.uploaded' && typeof data.rid === 'string') this.enqueue(data.rid);
    });
    // Work a restart interrupted: those assets are still `pending`.
    for (const rid of this.store.pendingRids()) this.enqueue(rid);
  }

  /** ffmpeg for posters: the configured path, none when configured null, else the one on PATH. */
  private get ffmpeg(): string | null {
    const configured = this.ctx.options.ffmpegPath;
    return configured === undefined ? detectFfmpeg() : configured;
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  /** asset.resync: checks each asset's versions and regenerates what is missing, in the background. */
  resync(
    caller: Caller,
    params: ServerParams<'asset.resync'>,
  ): AnswerOf<'asset.resync'> & { status: 'queued' } {
    const rids = parseRidList(params.rid);
    if (rids.length === 0) throw missing('rid');
    this.ctx.access.check(caller, 'asset.resync', { rids });
    for (const rid of rids) this.enqueue(rid);
    return { status: 'queued' };
  }

  /** Resolves once the queue is empty (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    this.queue.length = 0;
    this.queued.clear();
    await this.idle();
  }

  private enqueue(rid: string): void {
    if (this.closed || this.queued.has(rid)) return;
    this.queued.add(rid);
    this.queue.push(rid);
    if (!this.running) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    // Leave the request that triggered us first: versions are never made on the request path.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (let rid = this.queue.shift(); rid !== undefined && !this.closed; rid = this.queue.shift()) {
        this.queued.delete(rid);
        await this.process(rid);
      }
    } finally {
      this.running = null;
    }
  }

  private async process(rid: string): Promise<void> {
    const asset = this.store.asset(rid);
    if (!asset) return;
    let status: 'synced' | 'failed' = 'synced';
    this.changed = false;
    try {
      if (asset.type === 'image') await this.imageVersions(asset);
      else if (asset.type === 'video') await this.videoVersions(asset);
      else if (asset.type === 'audio') await this.audioFacts(asset);
    } catch {
      status = 'failed';
    }
    if (!this.store.asset(rid)) {
      // Deleted while we worked: leave no files behind.
      removeAssetFiles(this.ctx, rid);
      return;
    }
    // Shutting down mid-job: the asset stays `pending` and is picked up again at the next start.
    if (this.closed) return;
    if (asset.syncstatus === status && !this.changed) return;
    // The status and its webhook deliveries in one transaction.
    this.ctx.db.transaction(() => {
      this.store.setSyncStatus(rid, status, this.now());
      this.ctx.events.emit('asset.synced', this.records.record(rid));
    })();
  }

  private async imageVersions(asset: MediaAsset): Promise<void> {
    const source = storagePath(this.ctx, asset.storage_key);
    const size = await imageSize(source);
    this.store.setFacts(asset.rid, { ...size, duration: null }, this.now());
    await this.jpegVersions(asset.rid, source);
  }

  private async videoVersions(asset: MediaAsset): Promise<void> {
    const ffmpeg = this.ffmpeg;
    // Without ffmpeg a video is served as it is: synced, with no poster.
    if (!ffmpeg) return;
    const poster = join(assetDir(this.ctx, asset.rid), versionFileName(POSTER_VERSION));
    const have = new Set(this.present(asset.rid).map((v) => v.name));
    if (!have.has(POSTER_VERSION)) {
      const facts = await extractPoster(ffmpeg, storagePath(this.ctx, asset.storage_key), poster);
      this.store.setFacts(asset.rid, facts, this.now());
      const size = await imageSize(poster);
      const { size: filesize } = await stat(poster);
      this.put({
        rid: asset.rid,
        name: POSTER_VERSION,
        storage_key: storageKey(asset.rid, versionFileName(POSTER_VERSION)),
        mime: 'image/jpeg',
        ...size,
        filesize,
      });
    }
    await this.jpegVersions(asset.rid, poster);
  }

  /** Audio has no versions; its duration is recorded when ffmpeg can read it (best effort). */
  private async audioFacts(asset: MediaAsset): Promise<void> {
    const ffmpeg = this.ffmpeg;
    if (!ffmpeg) return;
    const facts = await probeMedia(ffmpeg, storagePath(this.ctx, asset.storage_key)).catch(() => null);
    if (facts?.duration == null) return;
    this.store.setFacts(asset.rid, { width: null, height: null, duration: facts.duration }, this.now());
    this.changed = true;
  }

  /** Versions whose row exists and whose file is on disk; rows whose file vanished are dropped. */
  private present(rid: string): VersionRow[] {
    const rows = this.store.versions(rid);
    return rows.filter((row) => {
      if (existsSync(storagePath(this.ctx, row.storage_key))) return true;
      this.store.deleteVersion(rid, row.name);
      return false;
    });
  }

  private async jpegVersions(rid: string, source: string): Promise<void> {
    const have = new Set(this.present(rid).map((v) => v.name));
    const dir = assetDir(this.ctx, rid);
    await mkdir(dir, { recursive: true });
    for (const version of JPEG_VERSIONS) {
      if (have.has(version.name) || this.closed) continue;
      const file = versionFileName(version.name);
      const made = await writeJpegVersion(source, join(dir, file), version);
      this.put({ rid, name: version.name, storage_key: storageKey(rid, file), mime: 'image/jpeg', ...made });
    }
  }

  private put(row: VersionRow): void {
    if (!this.store.putVersion(row)) {
      void rm(storagePath(this.ctx, row.storage_key), { force: true });
      throw new Error('The asset was deleted');
    }
    this.changed = true;
  }
}
