// Asset and version rows, and the records built from them, kept between requests: a page of records reads
// 50 assets with their versions and attachments, and turning SQLite rows into records was most of a read's
// cost. Every write to those tables goes through store/assets.ts or store/versions.ts, which forget what
// they change (an attachment forgets its parent too, whose record names it).
import type { AssetRow, VersionRow } from './assets.ts';
import type { Db } from './db.ts';

/** Enough for a 10,000-asset gallery at once; beyond it the oldest entries go (Map keeps insertion order). */
const LIMIT = 20_000;

export class RowCache {
  private readonly assetRows = new Map<string, AssetRow>();
  private readonly versionRows = new Map<string, VersionRow[]>();
  private readonly built = new Map<string, object>();

  constructor(private readonly db: Db) {}

  asset(rid: string): AssetRow | undefined {
    return this.assetRows.get(rid);
  }

  versions(rid: string): VersionRow[] | undefined {
    return this.versionRows.get(rid);
  }

  /** The full record built from an asset's rows (services/assets.ts builds and reads it). */
  record<T extends object>(rid: string): T | undefined {
    return this.built.get(rid) as T | undefined;
  }

  /** Keeps a record built outside a transaction; it must be frozen, readers copy what they change. */
  keepRecord(rid: string, record: object): void {
    if (!this.db.inTransaction) put(this.built, rid, record);
  }

  /**
   * Keeps rows read outside a transaction only: rows read inside one may be rolled back with it. Rows are
   * shared between readers, so callers treat them as read-only (records copy what they show).
   */
  keep(assets: readonly AssetRow[], versionsOf?: ReadonlyMap<string, VersionRow[]>): void {
    if (this.db.inTransaction) return;
    for (const row of assets) put(this.assetRows, row.rid, row);
    for (const [rid, rows] of versionsOf ?? []) put(this.versionRows, rid, rows);
  }

  /** After a write to an asset row or its versions. */
  forget(rid: string): void {
    this.assetRows.delete(rid);
    this.versionRows.delete(rid);
    this.built.delete(rid);
  }

  /** After deletes: foreign keys cascade to attachments and versions the caller never named. */
  clear(): void {
    this.assetRows.clear();
    this.versionRows.clear();
    this.built.clear();
  }
}

function put<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > LIMIT) map.delete(map.keys().next().value as string);
}

const caches = new WeakMap<Db, RowCache>();

/** The one cache of a database, shared by every store module that reads or writes asset rows. */
export function rowCache(db: Db): RowCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RowCache(db);
    caches.set(db, cache);
  }
  return cache;
}
