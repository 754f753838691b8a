// Ingest: a complete file in tmp becomes an asset. The one place that moves a received file (an upload,
// the last chunk of a chunked upload, a URL import) into storage and records it, in a gallery or attached
// to another asset; on any failure the file goes and nothing is recorded.
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssetRecord } from '../../src/contract/asset-record.ts';
import type { ServerContext } from '../context.ts';
import { invalid, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { displayFilename } from '../media/file-names.ts';
import { assetDir, clearTemp, newTempPath, removeAssetFiles, storageKey } from '../media/storage.ts';
import { AssetStore, type NewAssetRow } from '../store/assets.ts';
import { GalleryStore } from '../store/galleries.ts';
import type { AssetDeletion } from './asset-deletion.ts';
import { normalizeMeta, type UploadMeta } from './asset-meta.ts';
import { sniffFile } from './asset-sniff.ts';
import type { RecordService } from './records.ts';
import { laneOf } from './version-lanes.ts';

/** Attachment types: `poster`, `thumb`, `subtitle-<language tag>`. */
export const ATTACH_TYPE = /^(poster|thumb|subtitle-[a-z]{2,3}(-[a-z0-9]{2,8})*)$/i;

/** A whole file received into tmp (a multipart form, a raw body, the chunks of an upload, a fetch). */
export interface ReceivedFile {
  tempPath: string;
  filename: string;
  mime: string;
  size: number;
}

export interface IngestInput extends ReceivedFile {
  fid?: string | null;
  attachTo?: { rid: string; type: string } | null;
  meta?: UploadMeta;
  uploadTokenHash?: string | null;
  /** Runs inside the transaction that records the asset (an upload's key is recorded with its rid). */
  onRecorded?: (rid: string) => void;
}

export class IngestService {
  private readonly assets: AssetStore;
  private readonly galleries: GalleryStore;

  constructor(
    private readonly ctx: ServerContext,
    private readonly records: RecordService,
    private readonly deletion: AssetDeletion,
  ) {
    this.assets = new AssetStore(ctx.db);
    this.galleries = new GalleryStore(ctx.db);
    clearTemp(ctx);
  }

  /** Largest accepted upload in bytes. */
  get maxUploadBytes(): number {
    return this.ctx.options.maxUploadBytes ?? 10 * 1024 ** 3;
  }

  /** A fresh path in tmp for a file about to arrive. */
  tempPath(): string {
    return newTempPath(this.ctx);
  }

  /** Removes a received file that will not be stored. */
  async discard(file: { tempPath: string }): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /**
   * Moves a complete temp file into storage and records the asset, in the gallery or attached to another
   * asset. On any failure the file is removed and nothing is recorded.
   */
  async ingest(input: IngestInput): Promise<AssetRecord> {
    const rid = newId();
    let moved = false;
    let replaced: AssetRecord[] = [];
    let record: AssetRecord | undefined;
    try {
      const meta = normalizeMeta(input.meta ?? {});
      if (input.attachTo && !ATTACH_TYPE.test(input.attachTo.type)) {
        throw invalid('type', 'must be poster, thumb or subtitle-<language>');
      }
      const sniffed = await sniffFile(input.tempPath, input.mime);
      const attachType = input.attachTo ? input.attachTo.type.toLowerCase() : null;
      const { size } = await stat(input.tempPath);
      await mkdir(assetDir(this.ctx, rid), { recursive: true });
      await rename(input.tempPath, join(assetDir(this.ctx, rid), 'original'));
      moved = true;
      const now = new Date(this.ctx.clock.now()).toISOString();
      const row: NewAssetRow = {
        rid,
        filename: displayFilename(input.filename),
        type: sniffed.type,
        mime: sniffed.mime,
        storage_key: storageKey(rid, 'original'),
        caption: meta.caption ?? '',
        description: meta.description ?? '',
        long_description: '',
        related_link_text: '',
        related_link_url: '',
        reference_id: meta.reference_id ?? '',
        tags: meta.tags ?? '',
        custom: '{}',
        filesize: size,
        width: null,
        height: null,
        duration: null,
        syncstatus: laneOf({ type: sniffed.type, attach_type: attachType }) ? 'pending' : 'synced',
        upload_token_hash: input.uploadTokenHash ?? null,
        parent_rid: input.attachTo?.rid ?? null,
        attach_type: attachType,
        uploaded_at: now,
        modified_at: now,
      };
      replaced = this.assets.transaction(() => {
        if (input.fid && !this.galleries.exists(input.fid)) throw notFound('Gallery', input.fid);
        let removed: AssetRecord[] = [];
        if (input.attachTo) {
          if (!this.assets.get(input.attachTo.rid)) throw notFound('Asset', input.attachTo.rid);
          const earlier = this.assets.attachmentOfType(input.attachTo.rid, row.attach_type as string);
          if (earlier) removed = this.deletion.removeRows([earlier]);
        }
        this.assets.insert(row);
        input.onRecorded?.(rid);
        if (!input.attachTo && input.fid) {
          this.galleries.appendItems(input.fid, [rid], now);
          this.galleries.update(input.fid, {}, now);
        }
        // Announced inside the transaction: the webhook deliveries are queued with the rows, so a crash
        // keeps both or neither.
        record = this.records.record(rid);
        this.ctx.events.emit('asset.uploaded', record);
        // The parent's record changed too: its `attached` names the new asset.
        if (input.attachTo) this.ctx.events.emit('asset.updated', this.records.record(input.attachTo.rid));
        return removed;
      });
    } catch (error) {
      await rm(input.tempPath, { force: true });
      if (moved) removeAssetFiles(this.ctx, rid);
      throw error;
    }
    this.deletion.removeFiles(replaced);
    return record as AssetRecord;
  }
}
