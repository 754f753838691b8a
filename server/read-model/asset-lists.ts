// Counts and pages of asset.list kept between requests: reads come far more often than writes, and most
// writes change columns a list does not read (a caption edited under load must not make every page recount
// 10,000 rows). A kept list is stamped with the generations of what it reads: assets added or removed, and
// each column its filter and order read; a declared change moves the generations it touches.
import { type AssetFilter, type AssetStore, assetWhere } from '../store/assets.ts';
import type { Change } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { Kept } from './kept.ts';

const LISTS = 2000;

export class AssetLists {
  private membership = 0;
  private readonly fields = new Map<string, number>();
  private readonly kept = new Kept<string, { stamp: string; value: unknown }>(LISTS);

  constructor(
    private readonly db: Db,
    private readonly store: AssetStore,
  ) {}

  changed(change: Change): void {
    if (change.kind === 'assets-added' || change.kind === 'assets-removed') this.membership++;
    else if (change.kind === 'asset-fields') {
      for (const field of change.fields) this.fields.set(field, (this.fields.get(field) ?? 0) + 1);
    }
  }

  count(filter: AssetFilter): number {
    const where = assetWhere(filter);
    return this.read(`count ${where.sql} ${JSON.stringify(where.args)}`, where.reads, () =>
      this.store.count(filter),
    );
  }

  /** The rids of one page, newest first (their records come from the kept records, mostly). */
  page(filter: AssetFilter, limit: number, offset: number): string[] {
    const where = assetWhere(filter);
    const key = `page ${limit} ${offset} ${where.sql} ${JSON.stringify(where.args)}`;
    return this.read(key, where.reads, () => this.store.listRids(filter, limit, offset));
  }

  private read<T>(key: string, reads: readonly string[], read: () => T): T {
    // A transaction's writes may still be rolled back: nothing read inside one is kept.
    if (this.db.inTransaction) return read();
    let stamp = String(this.membership);
    for (const field of reads) stamp += `:${this.fields.get(field) ?? 0}`;
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = read();
    this.kept.set(key, { stamp, value });
    return value;
  }
}
