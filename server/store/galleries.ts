// All SQL of galleries: rows, listing with search and tags, the ordered items and master links. Every write
// declares what it changed (changes.ts).
import { type Changes, changesOf } from './changes.ts';
import { type Db, sql } from './db.ts';

export interface GalleryRow {
  fid: string;
  name: string;
  description: string;
  tags: string;
  template: string;
  /** JSON object of the gallery's settings (copied by copy_args, inherited from a master). */
  settings: string;
  master_fid: string | null;
  claimed: 'original' | 'shared';
  spfid: string;
  workspace: string;
  rrid: string | null;
  syncstatus: string;
  created_at: string;
  modified_at: string;
}

export type GalleryChanges = Partial<
  Pick<GalleryRow, 'name' | 'description' | 'tags' | 'template' | 'settings' | 'master_fid' | 'claimed'>
>;

export interface GalleryFilter {
  /** Substring of fid, name, description, tags or rrid. */
  search?: string;
  /**
   * Exact (case-insensitive) match of one column: `caption=term` matches the name. With `rrid`, the
   * gallery of that rrid (exactly) matches too, and comes first.
   */
  exact?: { column: 'name' | 'description'; term: string; rrid?: string };
  /** Tags a gallery must carry. */
  withTags?: string[];
  /** Tags a gallery must not carry. */
  withoutTags?: string[];
  /** Only these galleries (a token that may read some galleries only). */
  fids?: readonly string[];
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const TAG_MATCH = `(',' || lower(tags) || ',') LIKE ? ESCAPE '\\'`;

function whereOf(filter: GalleryFilter): {
  sql: string;
  args: unknown[];
  first?: { sql: string; args: unknown[] };
} {
  const parts = ['1 = 1'];
  const args: unknown[] = [];
  if (filter.fids) {
    parts.push('fid IN (SELECT value FROM json_each(?))');
    args.push(JSON.stringify(filter.fids));
  }
  for (const tag of filter.withTags ?? []) {
    parts.push(TAG_MATCH);
    args.push(`%,${escapeLike(tag.toLowerCase())},%`);
  }
  for (const tag of filter.withoutTags ?? []) {
    parts.push(`NOT ${TAG_MATCH}`);
    args.push(`%,${escapeLike(tag.toLowerCase())},%`);
  }
  let first: { sql: string; args: unknown[] } | undefined;
  if (filter.exact?.rrid !== undefined) {
    parts.push(`(rrid = ? OR lower(${filter.exact.column}) = lower(?))`);
    args.push(filter.exact.rrid, filter.exact.term);
    first = { sql: '(rrid IS ?) DESC, ', args: [filter.exact.rrid] };
  } else if (filter.exact) {
    parts.push(`lower(${filter.exact.column}) = lower(?)`);
    args.push(filter.exact.term);
  }
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    const columns = ['fid', 'name', 'description', 'tags', 'rrid'];
    parts.push(`(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    for (const _ of columns) args.push(like);
  }
  return { sql: parts.join(' AND '), args, ...(first ? { first } : {}) };
}

export class GalleryStore {
  private readonly changes: Changes;

  constructor(private readonly db: Db) {
    this.changes = changesOf(db);
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  insert(row: GalleryRow): void {
    sql(
      this.db,
      `INSERT INTO galleries (fid, name, description, tags, template, settings, master_fid, claimed, spfid,
         workspace, rrid, syncstatus, created_at, modified_at)
       VALUES (@fid, @name, @description, @tags, @template, @settings, @master_fid, @claimed, @spfid,
         @workspace, @rrid, @syncstatus, @created_at, @modified_at)`,
    ).run(row);
    this.changes.galleries([row.fid]);
  }

  get(fid: string): GalleryRow | undefined {
    return sql(this.db, 'SELECT * FROM galleries WHERE fid = ?').get(fid) as GalleryRow | undefined;
  }

  exists(fid: string): boolean {
    return sql(this.db, 'SELECT 1 FROM galleries WHERE fid = ?').get(fid) !== undefined;
  }

  getByRrid(rrid: string): GalleryRow | undefined {
    return sql(this.db, 'SELECT * FROM galleries WHERE rrid = ?').get(rrid) as GalleryRow | undefined;
  }

  /** Changes the row's columns (none: only its modified time). */
  update(fid: string, changes: GalleryChanges, modifiedAt: string): void {
    const columns = Object.keys(changes);
    const sets = [...columns.map((c) => `${c} = @${c}`), 'modified_at = @modified_at'];
    sql(this.db, `UPDATE galleries SET ${sets.join(', ')} WHERE fid = @fid`).run({
      ...changes,
      modified_at: modifiedAt,
      fid,
    });
    this.changes.galleries([fid]);
  }

  /** The row goes with its items (foreign keys cascade); a follower's master link is cleared. */
  delete(fid: string): void {
    sql(this.db, 'DELETE FROM galleries WHERE fid = ?').run(fid);
    this.changes.placements(fid);
    this.changes.galleries([fid]);
  }

  /** Galleries linked to this one as their master. */
  followers(fid: string): GalleryRow[] {
    return sql(this.db, 'SELECT * FROM galleries WHERE master_fid = ?').all(fid) as GalleryRow[];
  }

  count(filter: GalleryFilter): number {
    const where = whereOf(filter);
    const row = sql(this.db, `SELECT COUNT(*) AS n FROM galleries WHERE ${where.sql}`).get(...where.args);
    return (row as { n: number }).n;
  }

  /** Newest first, then by insertion order, so pages stay stable (an rrid's own gallery before all). */
  list(filter: GalleryFilter, limit: number, offset: number): GalleryRow[] {
    const where = whereOf(filter);
    const first = where.first ?? { sql: '', args: [] };
    return sql(
      this.db,
      `SELECT * FROM galleries WHERE ${where.sql} ORDER BY ${first.sql}created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ).all(...where.args, ...first.args, limit, offset) as GalleryRow[];
  }

  /** The tags column of every gallery (for the tag cloud). */
  allTags(fids?: readonly string[]): string[] {
    const rows = fids
      ? sql(this.db, 'SELECT tags FROM galleries WHERE fid IN (SELECT value FROM json_each(?))').all(
          JSON.stringify(fids),
        )
      : sql(this.db, 'SELECT tags FROM galleries').all();
    return (rows as { tags: string }[]).map((r) => r.tags);
  }

  /** Every gallery's fid and name, oldest first (a portal page that names none shows them all). */
  titles(fids?: readonly string[]): { fid: string; name: string }[] {
    if (!fids) {
      return sql(this.db, 'SELECT fid, name FROM galleries ORDER BY created_at, fid').all() as {
        fid: string;
        name: string;
      }[];
    }
    const rows = sql(
      this.db,
      'SELECT fid, name FROM galleries WHERE fid IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(fids)) as { fid: string; name: string }[];
    const byFid = new Map(rows.map((row) => [row.fid, row]));
    return fids.map((fid) => byFid.get(fid)).filter((row) => row !== undefined);
  }

  // ---- items ----

  itemCount(fid: string): number {
    return (sql(this.db, 'SELECT COUNT(*) AS n FROM gallery_items WHERE fid = ?').get(fid) as { n: number })
      .n;
  }

  /** One page of the gallery's rids in gallery order. */
  itemPage(fid: string, limit: number, offset: number): string[] {
    const rows = sql(
      this.db,
      'SELECT rid FROM gallery_items WHERE fid = ? ORDER BY position, added_at LIMIT ? OFFSET ?',
    ).all(fid, limit, offset) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  /** Every rid of the gallery in order. */
  itemRids(fid: string): string[] {
    const rows = sql(this.db, 'SELECT rid FROM gallery_items WHERE fid = ? ORDER BY position, added_at').all(
      fid,
    ) as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  /** Of the given rids, those in the gallery. */
  itemsIn(fid: string, rids: readonly string[]): Set<string> {
    const rows = sql(
      this.db,
      'SELECT rid FROM gallery_items WHERE fid = ? AND rid IN (SELECT value FROM json_each(?))',
    ).all(fid, JSON.stringify(rids)) as { rid: string }[];
    return new Set(rows.map((row) => row.rid));
  }

  /** Puts assets at the bottom of the gallery, in the order given. */
  appendItems(fid: string, rids: readonly string[], now: string): void {
    const append = sql(
      this.db,
      `INSERT INTO gallery_items (fid, rid, position, added_at)
       VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM gallery_items WHERE fid = ?), ?)`,
    );
    for (const rid of rids) append.run(fid, rid, fid, now);
    this.changes.placements(fid);
  }

  /** Writes the complete order: `rids` are every item of the gallery, new ones included. */
  writeOrder(fid: string, rids: readonly string[], isNew: ReadonlySet<string>, now: string): void {
    const insert = sql(
      this.db,
      'INSERT INTO gallery_items (fid, rid, position, added_at) VALUES (?, ?, ?, ?)',
    );
    const move = sql(this.db, 'UPDATE gallery_items SET position = ? WHERE fid = ? AND rid = ?');
    rids.forEach((rid, index) => {
      if (isNew.has(rid)) insert.run(fid, rid, index + 1, now);
      else move.run(index + 1, fid, rid);
    });
    this.changes.placements(fid);
  }

  removeItems(fid: string, rids: readonly string[]): void {
    sql(this.db, 'DELETE FROM gallery_items WHERE fid = ? AND rid IN (SELECT value FROM json_each(?))').run(
      fid,
      JSON.stringify(rids),
    );
    this.changes.placements(fid);
  }

  /** Copies every item of `from` to the bottom of `to`, in order. */
  copyItems(from: string, to: string, now: string): void {
    this.appendItems(to, this.itemRids(from), now);
  }
}
