// Asset records kept between requests: a page of records reads 50 assets with their versions and
// attachments, and turning rows into records (and records into JSON) was most of a read's cost. A record is
// kept, frozen and shared, until the store declares a change to its rows; a record cut to a gallery.get_items
// `details` set is kept with it.
import type { AssetRecord, GalleryItem } from '../../src/contract/asset-record.ts';
import { DETAIL_FIELDS } from '../../src/contract/item-details.ts';
import { keepJsonText } from '../json-text.ts';
import type { AssetStore, VersionRow } from '../store/assets.ts';
import type { Change } from '../store/changes.ts';
import type { Db } from '../store/db.ts';
import { type FileUrl, toAssetRecord } from './asset-record.ts';
import { Kept } from './kept.ts';

/** Enough for a 10,000-asset gallery at once. */
const RECORDS = 20_000;
/** Shapes (details sets, albums) kept per record. */
const MAX_SHAPES_PER_RECORD = 4;

export class AssetRecords {
  private readonly full = new Kept<string, AssetRecord>(RECORDS);
  /** Records cut to a details set, per full record: they go with it when it is replaced. */
  private readonly shapes = new WeakMap<AssetRecord, Map<string, GalleryItem>>();

  constructor(
    private readonly db: Db,
    private readonly store: AssetStore,
    private readonly fileUrl: FileUrl,
  ) {}

  changed(change: Change): void {
    if (change.kind === 'asset-fields') for (const rid of change.rids) this.full.delete(rid);
    else if (change.kind === 'versions') this.full.delete(change.rid);
    // The parent's record lists its attachments.
    else if (change.kind === 'assets-added')
      for (const rid of [...change.rids, ...change.parents]) this.full.delete(rid);
    // Foreign keys cascade to attachments and versions the change never named.
    else if (change.kind === 'assets-removed') this.full.clear();
  }

  /**
   * Full records of the given assets in the given order (unknown rids are skipped). They are frozen and
   * shared (a reader copies what it changes), so the same record is given again until its rows change, and
   * its JSON text is made once (server/json-text.ts).
   */
  records(rids: readonly string[]): AssetRecord[] {
    const found = new Map<string, AssetRecord>();
    const missing: string[] = [];
    for (const rid of rids) {
      const kept = this.full.get(rid);
      if (kept) found.set(rid, kept);
      else missing.push(rid);
    }
    for (const record of this.build(missing)) found.set(record.rid, record);
    return rids.filter((rid) => found.has(rid)).map((rid) => found.get(rid) as AssetRecord);
  }

  record(rid: string): AssetRecord | undefined {
    return this.records([rid])[0];
  }

  /**
   * Records as gallery.get_items shows them: the optional metadata cut to `details`, plus the details
   * beyond the stored record (`albums` gives each asset's galleries when `appears_in_albums` is asked).
   */
  items(
    rids: readonly string[],
    details: ReadonlySet<string>,
    albums?: ReadonlyMap<string, readonly string[]>,
  ): GalleryItem[] {
    const detailsKey = [...details].sort().join(',');
    return this.records(rids).map((record) =>
      this.shaped(record, details, detailsKey, [...(albums?.get(record.rid) ?? [])]),
    );
  }

  /**
   * A full record cut to `details`: kept per full record and albums, unless it holds other assets'
   * versions, which can change on their own.
   */
  private shaped(
    record: AssetRecord,
    details: ReadonlySet<string>,
    detailsKey: string,
    albums: string[],
  ): GalleryItem {
    const attachments = record.attached ?? {};
    const keepable = !details.has('attached_versions') || Object.keys(attachments).length === 0;
    const key = `${detailsKey}|${albums.join(',')}`;
    const variants = this.shapes.get(record);
    const kept = keepable ? variants?.get(key) : undefined;
    if (kept) return kept;
    const made = keepJsonText(
      deepFreeze(this.withDetails(narrowed(record, details), attachments, albums, details)),
    );
    if (keepable) {
      const map = variants ?? new Map<string, GalleryItem>();
      map.set(key, made);
      // Bounded: a record is asked for in a few shapes, not in every subset of the details names.
      if (map.size > MAX_SHAPES_PER_RECORD) map.delete(map.keys().next().value as string);
      this.shapes.set(record, map);
    }
    return made;
  }

  /** Full records from the rows, kept (frozen) for the next reads when no transaction is open. */
  private build(rids: readonly string[]): AssetRecord[] {
    if (rids.length === 0) return [];
    const rows = this.store.getMany(rids);
    const present = rows.map((row) => row.rid);
    const attached = new Map<string, Record<string, string>>();
    for (const a of this.store.attachments(present)) {
      const map = attached.get(a.parent_rid) ?? {};
      map[a.attach_type] = a.rid;
      attached.set(a.parent_rid, map);
    }
    // Grouped once: filtering the whole list per asset is quadratic in the page size.
    const versionsOf = new Map<string, VersionRow[]>();
    for (const version of this.store.versions(present)) {
      const list = versionsOf.get(version.rid);
      if (list) list.push(version);
      else versionsOf.set(version.rid, [version]);
    }
    return rows.map((row) => {
      const versions = versionsOf.get(row.rid) ?? [];
      const record = keepJsonText(
        deepFreeze(toAssetRecord(row, versions, attached.get(row.rid) ?? {}, this.fileUrl)),
      );
      // Rows read inside a transaction may be rolled back with it.
      if (!this.db.inTransaction) this.full.set(row.rid, record);
      return record;
    });
  }

  /** The details names beyond the stored metadata (gallery.get_items `details`). */
  private withDetails(
    item: GalleryItem,
    attachments: Record<string, string>,
    albums: string[],
    details: ReadonlySet<string>,
  ): GalleryItem {
    if (details.has('appears_in_albums')) item.appears_in_albums = albums;
    if (details.has('attached_versions')) {
      const attached = Object.entries(attachments);
      const records = this.records(attached.map(([, rid]) => rid));
      item.attached_versions = Object.fromEntries(
        attached.map(([type, rid]) => [type, records.find((r) => r.rid === rid)?.versions ?? {}]),
      );
    }
    // Detail names the reference server keeps no data for come back empty, so clients find every name asked.
    if (details.has('music_tags')) item.music_tags = '';
    if (details.has('exif_tags')) item.exif_tags = {};
    if (details.has('metauser_timeline')) item.metauser_timeline = [];
    if (details.has('storyboard')) item.storyboard = null;
    return item;
  }
}

/** A shallow copy holding only the optional metadata `details` asks for. */
function narrowed(record: AssetRecord, details: ReadonlySet<string>): GalleryItem {
  const copy: GalleryItem = { ...record };
  for (const field of DETAIL_FIELDS) if (!details.has(field)) delete copy[field];
  return copy;
}

/** Kept records are shared by every later reader: freezing makes a reader that writes into one fail loudly. */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner);
  }
  return Object.freeze(value);
}
