// SQL of the media pipeline: version rows, sizes and sync state of assets, stored files, gallery zips.
import type { AssetType, SyncStatus, VersionRow } from './assets.ts';
import { type Changes, changesOf } from './changes.ts';
import { type Db, sql } from './db.ts';

/** What version generation needs to know about an asset. */
export interface MediaAsset {
  rid: string;
  type: AssetType;
  mime: string;
  storage_key: string;
  filename: string;
  syncstatus: SyncStatus;
  /** `poster`, `subtitle-en`… for an attached asset, else null. */
  attach_type: string | null;
}

/** A stored file as `/files/<rid>/<name>` serves it. */
export interface StoredFile {
  storage_key: string;
  mime: string;
}

/** One item of a gallery zip, in gallery order. */
export interface GalleryFile extends MediaAsset {
  /** storage_key of the largest resized JPEG, when one exists. */
  resized_key: string | null;
}

export class VersionStore {
  private readonly changes: Changes;

  constructor(private readonly db: Db) {
    this.changes = changesOf(db);
  }

  asset(rid: string): MediaAsset | undefined {
    return sql(
      this.db,
      'SELECT rid, type, mime, storage_key, filename, syncstatus, attach_type FROM assets WHERE rid = ?',
    ).get(rid) as MediaAsset | undefined;
  }

  versions(rid: string): VersionRow[] {
    return sql(this.db, 'SELECT * FROM asset_versions WHERE rid = ?').all(rid) as VersionRow[];
  }

  /** Inserts or replaces a version row; false when the asset is gone meanwhile. */
  putVersion(row: VersionRow): boolean {
    const result = sql(
      this.db,
      `INSERT INTO asset_versions (rid, name, storage_key, mime, width, height, filesize)
         SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM assets WHERE rid = ?)
         ON CONFLICT (rid, name) DO UPDATE SET storage_key = excluded.storage_key, mime = excluded.mime,
           width = excluded.width, height = excluded.height, filesize = excluded.filesize`,
    ).run(row.rid, row.name, row.storage_key, row.mime, row.width, row.height, row.filesize, row.rid);
    this.changes.versions(row.rid);
    return result.changes > 0;
  }

  deleteVersion(rid: string, name: string): void {
    sql(this.db, 'DELETE FROM asset_versions WHERE rid = ? AND name = ?').run(rid, name);
    this.changes.versions(rid);
  }

  /** Records the original's facts; a null keeps what is known. */
  setFacts(
    rid: string,
    facts: { width: number | null; height: number | null; duration: number | null },
    now: string,
  ): void {
    sql(
      this.db,
      `UPDATE assets SET width = coalesce(?, width), height = coalesce(?, height),
           duration = coalesce(?, duration), modified_at = ? WHERE rid = ?`,
    ).run(facts.width, facts.height, facts.duration, now, rid);
    this.changes.assetFields([rid], ['width', 'height', 'duration', 'modified_at']);
  }

  /** The sync state; `message` says why it failed ('' otherwise); the progress ends with it. */
  setSyncStatus(rid: string, status: SyncStatus, now: string, message = ''): boolean {
    const changed =
      sql(
        this.db,
        'UPDATE assets SET syncstatus = ?, sync_message = ?, sync_progress = NULL, modified_at = ? WHERE rid = ?',
      ).run(status, message, now, rid).changes > 0;
    this.changes.assetFields([rid], ['syncstatus', 'sync_message', 'sync_progress', 'modified_at']);
    return changed;
  }

  /** How far (0-100) the versions of a pending asset are; not a modification of the asset. */
  setProgress(rid: string, progress: number): void {
    sql(this.db, 'UPDATE assets SET sync_progress = ? WHERE rid = ?').run(progress, rid);
    this.changes.assetFields([rid], ['sync_progress']);
  }

  /** The file behind `/files/<rid>/<name>`: the original or a version row. */
  storedFile(rid: string, name: string): StoredFile | undefined {
    if (name === 'original') {
      return sql(this.db, 'SELECT storage_key, mime FROM assets WHERE rid = ?').get(rid) as
        | StoredFile
        | undefined;
    }
    return sql(this.db, 'SELECT storage_key, mime FROM asset_versions WHERE rid = ? AND name = ?').get(
      rid,
      name,
    ) as StoredFile | undefined;
  }

  /** The gallery's assets in their order, with the largest resized JPEG of each. */
  galleryFiles(fid: string, resizedVersion: string): GalleryFile[] {
    return sql(
      this.db,
      `SELECT a.rid, a.type, a.mime, a.storage_key, a.filename, a.syncstatus, v.storage_key AS resized_key
         FROM gallery_items i JOIN assets a ON a.rid = i.rid
         LEFT JOIN asset_versions v ON v.rid = a.rid AND v.name = ?
         WHERE i.fid = ? ORDER BY i.position, i.added_at, i.rid`,
    ).all(resizedVersion, fid) as GalleryFile[];
  }
}
