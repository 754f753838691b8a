// Deleting assets: their rows with everything attached below them, then their files once the rows are gone
// for good (after the commit), each deletion announced as `asset.deleted`.
import type { AssetRecord } from '../../src/contract/asset-record.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { removeAssetFiles } from '../media/storage.ts';
import { AssetStore } from '../store/assets.ts';
import { GalleryStore } from '../store/galleries.ts';
import type { RecordService } from './records.ts';

export class AssetDeletion {
  private readonly assets: AssetStore;
  private readonly galleries: GalleryStore;

  constructor(
    private readonly ctx: ServerContext,
    private readonly records: RecordService,
  ) {
    this.assets = new AssetStore(ctx.db);
    this.galleries = new GalleryStore(ctx.db);
  }

  /** Deletes assets with their attachments, files and gallery places (all or nothing). */
  delete(rids: readonly string[]): void {
    const found = this.assets.existing(rids);
    const missing = rids.filter((rid) => !found.has(rid));
    if (missing.length > 0) throw notFound('Asset', missing);
    this.removeFiles(this.assets.transaction(() => this.removeRows(rids)));
  }

  /**
   * Inside a transaction: deletes the rows of assets and everything attached below them, and announces
   * each (its webhooks are queued with the deletion). The files go after the commit: `removeFiles`.
   */
  removeRows(rids: readonly string[]): AssetRecord[] {
    const all = [...new Set([...rids, ...this.assets.descendants(rids)])];
    const records = this.records.records(all);
    const now = new Date(this.ctx.clock.now()).toISOString();
    for (const fid of this.assets.galleriesHolding(all)) this.galleries.update(fid, {}, now);
    this.assets.delete(all);
    for (const record of records) this.ctx.events.emit('asset.deleted', record);
    return records;
  }

  /** After the commit that deleted their rows. */
  removeFiles(records: readonly AssetRecord[]): void {
    for (const record of records) removeAssetFiles(this.ctx, record.rid);
  }
}
