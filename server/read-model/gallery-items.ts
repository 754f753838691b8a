// What gallery.get_items reads of a gallery's placements, kept between requests: its item count, its pages
// of rids, and the galleries each asset of a page is in. A gallery's counts and pages are kept until the
// store declares a change to its placements; the galleries of assets until any placement changes.
import type { AssetStore } from '../store/assets.ts';
import type { Change } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import type { GalleryStore } from '../store/galleries.ts';
import { Kept } from './kept.ts';

const KEPT = 2000;

export class GalleryItemReads {
  /** Moves with every placement change (and asset deletions, which cascade to placements). */
  private everything = 0;
  private readonly ofGallery = new Map<string, number>();
  private readonly kept = new Kept<string, { stamp: string; value: unknown }>(KEPT);
  private readonly albums = new Kept<string, ReadonlyMap<string, readonly string[]>>(KEPT);

  constructor(
    private readonly db: Db,
    private readonly galleries: GalleryStore,
    private readonly assets: AssetStore,
  ) {}

  changed(change: Change): void {
    if (change.kind === 'placements') {
      this.ofGallery.set(change.fid, (this.ofGallery.get(change.fid) ?? 0) + 1);
      this.albums.clear();
    } else if (change.kind === 'assets-removed') {
      this.everything++;
      this.albums.clear();
    }
  }

  count(fid: string): number {
    return this.read(fid, `count ${fid}`, () => this.galleries.itemCount(fid));
  }

  /** One page of the gallery's rids in gallery order. */
  page(fid: string, limit: number, offset: number): string[] {
    return this.read(fid, `page ${limit} ${offset} ${fid}`, () =>
      this.galleries.itemPage(fid, limit, offset),
    );
  }

  /** For each of the assets (a page asks for the same ones again and again), the galleries it is in. */
  galleriesOf(rids: readonly string[]): ReadonlyMap<string, readonly string[]> {
    const key = JSON.stringify(rids);
    const kept = this.albums.get(key);
    if (kept) return kept;
    const albums = this.assets.galleriesOfMany(rids);
    if (!this.db.inTransaction) this.albums.set(key, albums);
    return albums;
  }

  private read<T>(fid: string, key: string, read: () => T): T {
    if (this.db.inTransaction) return read();
    const stamp = `${this.everything}:${this.ofGallery.get(fid) ?? 0}`;
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = read();
    this.kept.set(key, { stamp, value });
    return value;
  }
}
