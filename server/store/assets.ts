// All SQL of assets: rows, versions, attachments, listing and the gallery items an upload creates.
import { type Db, memoizedRead } from './db.ts';
import { type RowCache, rowCache } from './row-cache.ts';
import type { ReadDependency } from './write-tracker.ts';

export type AssetType = 'image' | 'video' | 'audio' | 'other';
export type SyncStatus = 'pending' | 'synced' | 'failed';

export interface AssetRow {
  rid: string;
  filename: string;
  type: AssetType;
  mime: string;
  storage_key: string;
  caption: string;
  description: string;
  long_description: string;
  related_link_text: string;
  related_link_url: string;
  reference_id: string;
  tags: string;
  /** JSON object of custom fields. */
  custom: string;
  filesize: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  syncstatus: SyncStatus;
  upload_token_hash: string | null;
  parent_rid: string | null;
  attach_type: string | null;
  uploaded_at: string;
  modified_at: string;
}

export interface VersionRow {
  rid: string;
  name: string;
  storage_key: string;
  mime: string;
  width: number | null;
  height: number | null;
  filesize: number;
}

export interface AttachmentRow {
  parent_rid: string;
  attach_type: string;
  rid: string;
}

/** Metadata columns asset.set_meta may change. */
export const META_COLUMNS = [
  'caption',
  'description',
  'long_description',
  'related_link_text',
  'related_link_url',
  'reference_id',
  'tags',
  'custom',
] as const;
export type MetaColumn = (typeof META_COLUMNS)[number];

export interface AssetFilter {
  search?: string;
  /** Exact-term search on one column (`caption=term`, `description=term`). */
  exact?: { column: 'caption' | 'description'; term: string };
  rids?: string[];
  reference_id?: string;
  tags?: string[];
  type?: AssetType;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of asset.list, its arguments, and the columns it and the listing order read. Listing shows
 * assets standing on their own; attachments (posters, subtitles) hang off their parent.
 */
function whereOf(filter: AssetFilter): { sql: string; args: unknown[]; reads: ReadDependency[] } {
  const parts = ['parent_rid IS NULL'];
  const args: unknown[] = [];
  const columns = new Set(['rid', 'parent_rid', 'uploaded_at']);
  if (filter.rids) {
    parts[0] = '1 = 1';
    parts.push(`rid IN (SELECT value FROM json_each(?))`);
    args.push(JSON.stringify(filter.rids));
  }
  if (filter.reference_id !== undefined) {
    parts.push('reference_id = ?');
    args.push(filter.reference_id);
    columns.add('reference_id');
  }
  if (filter.type) {
    parts.push('type = ?');
    args.push(filter.type);
    columns.add('type');
  }
  for (const tag of filter.tags ?? []) {
    parts.push(`(',' || lower(tags) || ',') LIKE ? ESCAPE '\\'`);
    args.push(`%,${escapeLike(tag.toLowerCase())},%`);
    columns.add('tags');
  }
  if (filter.exact) {
    parts.push(`lower(${filter.exact.column}) = lower(?)`);
    args.push(filter.exact.term);
    columns.add(filter.exact.column);
  }
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    const searched = [
      'rid',
      'filename',
      'caption',
      'description',
      'long_description',
      'tags',
      'reference_id',
    ];
    parts.push(`(${searched.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    for (const column of searched) {
      args.push(like);
      columns.add(column);
    }
  }
  return { sql: parts.join(' AND '), args, reads: [{ table: 'assets', columns: [...columns] }] };
}

/** What galleriesOfMany reads of gallery_items (see memoizedRead). */
const ALBUM_READS = [{ table: 'gallery_items', columns: ['rid', 'fid', 'added_at'] }];

export class AssetStore {
  private readonly insertRow;
  private readonly byRid;
  private readonly addItem;
  private readonly galleryRow;
  private readonly itemRow;
  private readonly attachmentOf;
  private readonly galleriesOfRid;
  /** Records kept between requests (see row-cache.ts); services read and fill it. */
  readonly cache: RowCache;

  constructor(private readonly db: Db) {
    this.cache = rowCache(db);
    this.insertRow = db.prepare(
      `INSERT INTO assets (rid, filename, type, mime, storage_key, caption, description, long_description,
         related_link_text, related_link_url, reference_id, tags, custom, filesize, width, height, duration,
         syncstatus, upload_token_hash, parent_rid, attach_type, uploaded_at, modified_at)
       VALUES (@rid, @filename, @type, @mime, @storage_key, @caption, @description, @long_description,
         @related_link_text, @related_link_url, @reference_id, @tags, @custom, @filesize, @width, @height,
         @duration, @syncstatus, @upload_token_hash, @parent_rid, @attach_type, @uploaded_at, @modified_at)`,
    );
    this.byRid = db.prepare('SELECT * FROM assets WHERE rid = ?');
    this.addItem = db.prepare(
      `INSERT INTO gallery_items (fid, rid, position, added_at)
       VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM gallery_items WHERE fid = ?), ?)`,
    );
    this.galleryRow = db.prepare('SELECT 1 FROM galleries WHERE fid = ?');
    this.itemRow = db.prepare('SELECT 1 FROM gallery_items WHERE fid = ? AND rid = ?');
    this.attachmentOf = db.prepare('SELECT rid FROM assets WHERE parent_rid = ? AND attach_type = ?');
    // Prepared once: gallery.get_items asks it for every asset of a page.
    this.galleriesOfRid = db.prepare('SELECT fid FROM gallery_items WHERE rid = ? ORDER BY added_at, fid');
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  insert(row: AssetRow): void {
    this.cache.forget(row.rid);
    // The parent's record lists its attachments.
    if (row.parent_rid) this.cache.forget(row.parent_rid);
    this.insertRow.run(row);
  }

  get(rid: string): AssetRow | undefined {
    return this.byRid.get(rid) as AssetRow | undefined;
  }

  getMany(rids: readonly string[]): AssetRow[] {
    if (rids.length === 0) return [];
    return this.db
      .prepare('SELECT * FROM assets WHERE rid IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(rids)) as AssetRow[];
  }

  /** The rids of the list that exist. */
  existing(rids: readonly string[]): Set<string> {
    if (rids.length === 0) return new Set();
    const rows = this.db
      .prepare('SELECT rid FROM assets WHERE rid IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(rids)) as { rid: string }[];
    return new Set(rows.map((row) => row.rid));
  }

  versions(rids: readonly string[]): VersionRow[] {
    if (rids.length === 0) return [];
    return this.db
      .prepare('SELECT * FROM asset_versions WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY name')
      .all(JSON.stringify(rids)) as VersionRow[];
  }

  /** Attachments of the given parents. */
  attachments(parentRids: readonly string[]): AttachmentRow[] {
    if (parentRids.length === 0) return [];
    return this.db
      .prepare(
        `SELECT parent_rid, attach_type, rid FROM assets
         WHERE parent_rid IN (SELECT value FROM json_each(?)) ORDER BY attach_type`,
      )
      .all(JSON.stringify(parentRids)) as AttachmentRow[];
  }

  /** Every attachment below the given assets, at any depth. */
  descendants(rids: readonly string[]): string[] {
    if (rids.length === 0) return [];
    const rows = this.db
      .prepare(
        `WITH RECURSIVE below(rid) AS (
           SELECT rid FROM assets WHERE parent_rid IN (SELECT value FROM json_each(?))
           UNION SELECT a.rid FROM assets a JOIN below b ON a.parent_rid = b.rid)
         SELECT rid FROM below`,
      )
      .all(JSON.stringify(rids)) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  attachmentOfType(parentRid: string, type: string): string | undefined {
    return (this.attachmentOf.get(parentRid, type) as { rid: string } | undefined)?.rid;
  }

  /** Galleries an asset is in, oldest placement first. */
  galleriesOf(rid: string): string[] {
    const rows = this.galleriesOfRid.all(rid) as { fid: string }[];
    return rows.map((row) => row.fid);
  }

  /** galleriesOf for a page of assets in one query (rid -> fids, oldest placement first). */
  galleriesOfMany(rids: readonly string[]): ReadonlyMap<string, readonly string[]> {
    if (rids.length === 0) return new Map();
    const list = JSON.stringify(rids);
    // A page asks for the same rids again and again; only a change of placements can change the answer.
    return memoizedRead(this.db, `albums ${list}`, ALBUM_READS, () => {
      const byRid = new Map<string, string[]>();
      const rows = this.db
        .prepare(
          'SELECT rid, fid FROM gallery_items WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY added_at, fid',
        )
        .all(list) as { rid: string; fid: string }[];
      for (const row of rows) {
        const fids = byRid.get(row.rid);
        if (fids) fids.push(row.fid);
        else byRid.set(row.rid, [row.fid]);
      }
      return byRid;
    });
  }

  galleryExists(fid: string): boolean {
    return this.galleryRow.get(fid) !== undefined;
  }

  inGallery(rid: string, fid: string): boolean {
    return this.itemRow.get(fid, rid) !== undefined;
  }

  /** Puts an asset at the bottom of a gallery. */
  appendToGallery(fid: string, rid: string, now: string): void {
    this.addItem.run(fid, rid, fid, now);
  }

  touchGallery(fid: string, now: string): void {
    this.db.prepare('UPDATE galleries SET modified_at = ? WHERE fid = ?').run(now, fid);
  }

  count(filter: AssetFilter): number {
    const where = whereOf(filter);
    return memoizedRead(this.db, `count ${where.sql} ${JSON.stringify(where.args)}`, where.reads, () => {
      const row = this.db.prepare(`SELECT COUNT(*) AS n FROM assets WHERE ${where.sql}`).get(...where.args);
      return (row as { n: number }).n;
    });
  }

  /** The rids of one page, newest first (their rows come from getMany, mostly from the row cache). */
  listRids(filter: AssetFilter, limit: number, offset: number): string[] {
    const where = whereOf(filter);
    const key = `list ${limit} ${offset} ${where.sql} ${JSON.stringify(where.args)}`;
    return memoizedRead(this.db, key, where.reads, () => {
      const rows = this.db
        .prepare(
          `SELECT rid FROM assets WHERE ${where.sql} ORDER BY uploaded_at DESC, rowid DESC LIMIT ? OFFSET ?`,
        )
        .all(...where.args, limit, offset) as { rid: string }[];
      return rows.map((row) => row.rid);
    });
  }

  /** The tags strings of every listed (non-attached) asset. */
  allTags(): string[] {
    const rows = this.db.prepare(`SELECT tags FROM assets WHERE parent_rid IS NULL AND tags <> ''`).all() as {
      tags: string;
    }[];
    return rows.map((row) => row.tags);
  }

  updateMeta(rid: string, changes: Partial<Record<MetaColumn, string>>, modifiedAt: string): void {
    const columns = META_COLUMNS.filter((column) => changes[column] !== undefined);
    const sets = [...columns.map((column) => `${column} = @${column}`), 'modified_at = @modified_at'];
    this.cache.forget(rid);
    this.db
      .prepare(`UPDATE assets SET ${sets.join(', ')} WHERE rid = @rid`)
      .run({ ...Object.fromEntries(columns.map((c) => [c, changes[c]])), modified_at: modifiedAt, rid });
  }

  /** Deletes rows; versions, gallery items and attachments go with them (foreign keys cascade). */
  delete(rids: readonly string[]): void {
    if (rids.length === 0) return;
    this.cache.clear();
    this.db
      .prepare('DELETE FROM assets WHERE rid IN (SELECT value FROM json_each(?))')
      .run(JSON.stringify(rids));
  }

  /** Galleries holding any of the assets (to mark them modified). */
  galleriesHolding(rids: readonly string[]): string[] {
    if (rids.length === 0) return [];
    const rows = this.db
      .prepare('SELECT DISTINCT fid FROM gallery_items WHERE rid IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(rids)) as { fid: string }[];
    return rows.map((row) => row.fid);
  }

  uploadedWith(rid: string, tokenHash: string): boolean {
    const row = this.byRid.get(rid) as AssetRow | undefined;
    return row?.upload_token_hash === tokenHash;
  }
}
