// Asset records built from their rows, kept between requests: a page of records reads 50 assets with their
// versions and attachments, and turning SQLite rows into records was most of a read's cost. Every write to
// those tables goes through store/assets.ts or store/versions.ts, which forget what they change (an
// attachment forgets its parent too, whose record names it).
import type { Db } from './db.ts';

/** Enough for a 10,000-asset gallery at once; beyond it the oldest entries go (Map keeps insertion order). */
const LIMIT = 20_000;

export class RowCache {
  private readonly built = new Map<string, object>();

  constructor(private readonly db: Db) {}

  /** The full record built from an asset's rows (services/assets.ts builds and reads it). */
  record<T extends object>(rid: string): T | undefined {
    return this.built.get(rid) as T | undefined;
  }

  /**
   * Keeps a record built outside a transaction (rows read inside one may be rolled back with it). It must
   * be frozen: readers share it and copy what they change.
   */
  keepRecord(rid: string, record: object): void {
    if (this.db.inTransaction) return;
    this.built.delete(rid);
    this.built.set(rid, record);
    if (this.built.size > LIMIT) this.built.delete(this.built.keys().next().value as string);
  }

  /** After a write to an asset row or its versions. */
  forget(rid: string): void {
    this.built.delete(rid);
  }

  /** After deletes: foreign keys cascade to attachments and versions the caller never named. */
  clear(): void {
    this.built.clear();
  }
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
