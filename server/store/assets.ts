// All SQL of assets: rows, versions, attachments, listing, metadata and the gallery items an upload creates.
// Every write declares what it changed (changes.ts).
import type { AssetSyncStatus, AssetType } from '../../src/contract/asset-record.ts';
import { type Changes, changesOf } from './changes.ts';
import { type Db, sql } from './db.ts';

export type { AssetType };
export type SyncStatus = AssetSyncStatus;

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
  /** JSON object of the metadata text fields that have no column of their own. */
  meta: string;
  filesize: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  syncstatus: SyncStatus;
  /** 0-100 while the versions of a pending asset are being made, else null. */
  sync_progress: number | null;
  /** Why the versions failed ('' otherwise). */
  sync_message: string;
  upload_token_hash: string | null;
  parent_rid: string | null;
  attach_type: string | null;
  uploaded_at: string;
  modified_at: string;
}

/** The row a new asset is inserted with; its sync progress and message start empty. */
export type NewAssetRow = Omit<AssetRow, 'meta' | 'sync_progress' | 'sync_message'> & { meta?: string };

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

/**
 * Metadata fields with a column of their own (search and listing read them in SQL); every other metadata
 * text field of the contract is kept in the `meta` JSON column.
 */
const META_COLUMNS = new Set([
  'caption',
  'description',
  'long_description',
  'related_link_text',
  'related_link_url',
  'reference_id',
  'tags',
  'custom',
]);

/** A metadata field's value as stored: its column, else the `meta` JSON (empty when never set). */
export function metaValue(row: AssetRow, field: string): string {
  if (META_COLUMNS.has(field)) return String(row[field as keyof AssetRow] ?? '');
  const value = parseObject(row.meta)[field];
  return typeof value === 'string' ? value : '';
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // A damaged column reads as empty rather than failing the whole record.
  }
  return {};
}

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
const SEARCHED = ['rid', 'filename', 'caption', 'description', 'long_description', 'tags', 'reference_id'];

/**
 * The WHERE of asset.list, its arguments, and the columns it and the listing order read (what a cached
 * count or page of it depends on). Listing shows assets standing on their own; attachments (posters,
 * subtitles) hang off their parent.
 */
export function assetWhere(filter: AssetFilter): { sql: string; args: unknown[]; reads: string[] } {
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
    parts.push(`(${SEARCHED.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    for (const column of SEARCHED) {
      args.push(like);
      columns.add(column);
    }
  }
  return { sql: parts.join(' AND '), args, reads: [...columns] };
}

export class AssetStore {
  private readonly changes: Changes;

  constructor(private readonly db: Db) {
    this.changes = changesOf(db);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  insert(row: NewAssetRow): void {
    sql(
      this.db,
      `INSERT INTO assets (rid, filename, type, mime, storage_key, caption, description, long_description,
         related_link_text, related_link_url, reference_id, tags, custom, meta, filesize, width, height, duration,
         syncstatus, upload_token_hash, parent_rid, attach_type, uploaded_at, modified_at)
       VALUES (@rid, @filename, @type, @mime, @storage_key, @caption, @description, @long_description,
         @related_link_text, @related_link_url, @reference_id, @tags, @custom, @meta, @filesize, @width, @height,
         @duration, @syncstatus, @upload_token_hash, @parent_rid, @attach_type, @uploaded_at, @modified_at)`,
    ).run({ meta: '{}', ...row });
    this.changes.assetsAdded([row.rid], row.parent_rid ? [row.parent_rid] : []);
  }

  get(rid: string): AssetRow | undefined {
    return sql(this.db, 'SELECT * FROM assets WHERE rid = ?').get(rid) as AssetRow | undefined;
  }

  getMany(rids: readonly string[]): AssetRow[] {
    if (rids.length === 0) return [];
    return sql(this.db, 'SELECT * FROM assets WHERE rid IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(rids),
    ) as AssetRow[];
  }

  /** The rids of the list that exist. */
  existing(rids: readonly string[]): Set<string> {
    if (rids.length === 0) return new Set();
    const rows = sql(this.db, 'SELECT rid FROM assets WHERE rid IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(rids),
    ) as { rid: string }[];
    return new Set(rows.map((row) => row.rid));
  }

  versions(rids: readonly string[]): VersionRow[] {
    if (rids.length === 0) return [];
    return sql(
      this.db,
      'SELECT * FROM asset_versions WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY name',
    ).all(JSON.stringify(rids)) as VersionRow[];
  }

  /** Attachments of the given parents. */
  attachments(parentRids: readonly string[]): AttachmentRow[] {
    if (parentRids.length === 0) return [];
    return sql(
      this.db,
      `SELECT parent_rid, attach_type, rid FROM assets
       WHERE parent_rid IN (SELECT value FROM json_each(?)) ORDER BY attach_type`,
    ).all(JSON.stringify(parentRids)) as AttachmentRow[];
  }

  /** Every attachment below the given assets, at any depth. */
  descendants(rids: readonly string[]): string[] {
    if (rids.length === 0) return [];
    const rows = sql(
      this.db,
      `WITH RECURSIVE below(rid) AS (
         SELECT rid FROM assets WHERE parent_rid IN (SELECT value FROM json_each(?))
         UNION SELECT a.rid FROM assets a JOIN below b ON a.parent_rid = b.rid)
       SELECT rid FROM below`,
    ).all(JSON.stringify(rids)) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  attachmentOfType(parentRid: string, type: string): string | undefined {
    const row = sql(this.db, 'SELECT rid FROM assets WHERE parent_rid = ? AND attach_type = ?').get(
      parentRid,
      type,
    ) as { rid: string } | undefined;
    return row?.rid;
  }

  /** Of the given rids, those that are attachments of another asset (posters, subtitles). */
  attachmentsAmong(rids: readonly string[]): string[] {
    const rows = sql(
      this.db,
      'SELECT rid FROM assets WHERE parent_rid IS NOT NULL AND rid IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(rids)) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  /** For each of the given assets, the galleries it is in (rid -> fids, oldest placement first). */
  galleriesOfMany(rids: readonly string[]): Map<string, string[]> {
    const byRid = new Map<string, string[]>();
    if (rids.length === 0) return byRid;
    const rows = sql(
      this.db,
      'SELECT rid, fid FROM gallery_items WHERE rid IN (SELECT value FROM json_each(?)) ORDER BY added_at, fid',
    ).all(JSON.stringify(rids)) as { rid: string; fid: string }[];
    for (const row of rows) {
      const fids = byRid.get(row.rid);
      if (fids) fids.push(row.fid);
      else byRid.set(row.rid, [row.fid]);
    }
    return byRid;
  }

  /** Galleries holding any of the assets (to mark them modified). */
  galleriesHolding(rids: readonly string[]): string[] {
    if (rids.length === 0) return [];
    const rows = sql(
      this.db,
      'SELECT DISTINCT fid FROM gallery_items WHERE rid IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(rids)) as { fid: string }[];
    return rows.map((row) => row.fid);
  }

  inGallery(rid: string, fid: string): boolean {
    return sql(this.db, 'SELECT 1 FROM gallery_items WHERE fid = ? AND rid = ?').get(fid, rid) !== undefined;
  }

  uploadedWith(rid: string, tokenHash: string): boolean {
    return this.get(rid)?.upload_token_hash === tokenHash;
  }

  /** Rids of the gallery's items uploaded with the token of this hash, in gallery order (the upload frame). */
  uploadedInto(fid: string, tokenHash: string): string[] {
    const rows = sql(
      this.db,
      `SELECT a.rid AS rid FROM gallery_items gi JOIN assets a ON a.rid = gi.rid
       WHERE gi.fid = ? AND a.upload_token_hash = ? ORDER BY gi.position`,
    ).all(fid, tokenHash) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  count(filter: AssetFilter): number {
    const where = assetWhere(filter);
    const row = sql(this.db, `SELECT COUNT(*) AS n FROM assets WHERE ${where.sql}`).get(...where.args);
    return (row as { n: number }).n;
  }

  /** The rids of one page, newest first. */
  listRids(filter: AssetFilter, limit: number, offset: number): string[] {
    const where = assetWhere(filter);
    const rows = sql(
      this.db,
      `SELECT rid FROM assets WHERE ${where.sql} ORDER BY uploaded_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ).all(...where.args, limit, offset) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  /** The tags strings of every listed (non-attached) asset. */
  allTags(): string[] {
    const rows = sql(this.db, `SELECT tags FROM assets WHERE parent_rid IS NULL AND tags <> ''`).all() as {
      tags: string;
    }[];
    return rows.map((row) => row.tags);
  }

  /** Sets metadata fields (`custom` as its JSON text): each in its column, or in `meta` without one. */
  updateMeta(rid: string, changes: Readonly<Record<string, string>>, modifiedAt: string): void {
    const fields = Object.keys(changes);
    const columns = fields.filter((field) => META_COLUMNS.has(field));
    const kept = fields.filter((field) => !META_COLUMNS.has(field));
    const sets = [...columns.map((column) => `${column} = @${column}`), 'modified_at = @modified_at'];
    const args: Record<string, string> = { modified_at: modifiedAt, rid };
    for (const column of columns) args[column] = changes[column] as string;
    if (kept.length > 0) {
      sets.push('meta = json_patch(meta, @meta)');
      args.meta = JSON.stringify(Object.fromEntries(kept.map((field) => [field, changes[field]])));
    }
    sql(this.db, `UPDATE assets SET ${sets.join(', ')} WHERE rid = @rid`).run(args);
    this.changes.assetFields([rid], [...columns, ...(kept.length > 0 ? ['meta'] : []), 'modified_at']);
  }

  /** Deletes rows; versions, gallery items and attachments go with them (foreign keys cascade). */
  delete(rids: readonly string[]): void {
    if (rids.length === 0) return;
    sql(this.db, 'DELETE FROM assets WHERE rid IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(rids),
    );
    this.changes.assetsRemoved(rids);
  }
}
