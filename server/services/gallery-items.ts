// Gallery rules of what a gallery holds: adding, moving and removing items, and reading them a page at a time.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import { ITEM_DETAILS } from '../../src/contract/item-details.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound, ServiceError } from '../errors.ts';
import { AssetStore } from '../store/assets.ts';
import type { AssetDeletion } from './asset-deletion.ts';
import type { GalleryEntries } from './gallery-entries.ts';
import { pageOf } from './paging.ts';
import type { RecordService } from './records.ts';
import { parseRidList } from './rid-list.ts';
import { signUploadUrl } from './upload-urls.ts';

const MAX_RIDS = 1000;
/** gallery.get_items pages hold at most this many items. */
const ITEMS_PAGE = 1000;

/** `top`, `bottom` or a 1-based position -> index into the order without the moved items. */
export function insertIndex(position: string | undefined, size: number): number {
  const value = (position ?? '').trim().toLowerCase();
  if (value === '' || value === 'bottom') return size;
  if (value === 'top') return 0;
  if (/^\d{1,9}$/.test(value) && Number(value) >= 1) return Math.min(Number(value) - 1, size);
  throw invalid('insert_position', 'must be top, bottom or a position from 1');
}

/** gallery.get_items `details`: the names asked for, all of them when none. */
export function parseDetails(value: string | undefined): Set<string> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return new Set(ITEM_DETAILS);
  const unknown = names.filter((name) => !ITEM_DETAILS.includes(name));
  if (unknown.length > 0) {
    throw invalid('details', `has unknown names (${unknown.join(', ')}); known: ${ITEM_DETAILS.join(', ')}`);
  }
  return new Set(names);
}

export class GalleryItemService {
  private readonly assets: AssetStore;

  constructor(
    private readonly ctx: ServerContext,
    private readonly entries: GalleryEntries,
    private readonly records: RecordService,
    private readonly deletion: AssetDeletion,
  ) {
    this.assets = new AssetStore(ctx.db);
  }

  private get store() {
    return this.entries.store;
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  /** Checks a comma list of rids for the item operations of one gallery; returns them in order. */
  private itemRids(
    caller: Caller,
    name: 'gallery.add_item' | 'gallery.remove_item',
    fid: string,
    rid: string,
  ): string[] {
    const rids = parseRidList(rid);
    if (rids.length === 0) throw missing('rid');
    if (rids.length > MAX_RIDS) throw invalid('rid', `may list at most ${MAX_RIDS} assets`);
    // Existence before scope: an unknown gallery or asset is 404 to every token.
    this.entries.row(fid);
    const found = this.assets.existing(rids);
    const unknown = rids.filter((r) => !found.has(r));
    if (unknown.length > 0) throw notFound('Asset', unknown);
    this.ctx.access.check(caller, name, { fid, rids });
    return rids;
  }

  /** gallery.add_item: places uploaded assets in the gallery, or moves ones already there. */
  add(caller: Caller, params: ServerParams<'gallery.add_item'>): void {
    const { fid, insert_position: position } = params;
    const rids = this.itemRids(caller, 'gallery.add_item', fid, params.rid);
    const attachments = this.assets.attachmentsAmong(rids);
    if (attachments.length > 0) {
      throw invalid(
        'rid',
        `names assets attached to another asset, which cannot be gallery items: ${attachments.join(', ')}`,
      );
    }
    const now = this.now();
    this.store.transaction(() => {
      const present = this.store.itemsIn(fid, rids);
      const isNew = new Set(rids.filter((r) => !present.has(r)));
      const value = (position ?? '').trim().toLowerCase();
      if (present.size === 0 && (value === '' || value === 'bottom')) {
        this.store.appendItems(fid, rids, now);
      } else {
        const moving = new Set(rids);
        const rest = this.store.itemRids(fid).filter((r) => !moving.has(r));
        const at = insertIndex(position, rest.length);
        this.store.writeOrder(fid, [...rest.slice(0, at), ...rids, ...rest.slice(at)], isNew, now);
      }
      this.store.update(fid, {}, now);
      this.entries.emit('gallery.updated', fid);
    });
  }

  /** gallery.remove_item: takes assets out of the gallery, or deletes them everywhere (`delete_assets`). */
  remove(caller: Caller, params: ServerParams<'gallery.remove_item'>): void {
    const { fid } = params;
    const deleteAssets = params.delete_assets === 'yes';
    const rids = this.itemRids(caller, 'gallery.remove_item', fid, params.rid);
    const present = this.store.itemsIn(fid, rids);
    const absent = rids.filter((r) => !present.has(r));
    if (absent.length > 0) {
      throw new ServiceError('not_found', `Not in gallery ${fid}: ${absent.join(', ')}`);
    }
    if (deleteAssets) this.ctx.access.checkAssetDeletion(caller, rids);
    const removed = this.store.transaction(() => {
      // Deleted assets leave every gallery (and touch it); otherwise they only leave this one.
      if (deleteAssets) {
        const deleted = this.deletion.removeRows(rids);
        this.entries.emit('gallery.updated', fid);
        return deleted;
      }
      this.store.removeItems(fid, rids);
      this.store.update(fid, {}, this.now());
      this.entries.emit('gallery.updated', fid);
      return [];
    });
    this.deletion.removeFiles(removed);
  }

  /** gallery.get_items: one page of the gallery's items, cut to `details`, under `folder`. */
  page(caller: Caller, params: ServerParams<'gallery.get_items'>): AnswerOf<'gallery.get_items'> {
    const { access } = this.ctx;
    // Reads are open to any reading token; an upload token reads its own gallery only.
    access.check(caller, 'gallery.get_items', { fid: params.fid });
    const row = this.entries.row(params.fid);
    const details = parseDetails(params.details);
    const paging = pageOf(params, ITEMS_PAGE);
    // The entry counts the items already: counting twice costs a scan of the gallery's index per request.
    const entry = this.entries.toEntry(row);
    const rids = this.ctx.readModel.items.page(row.fid, paging.items_per_page, paging.offset);
    const owner = access.uploadOwner(caller);
    return {
      fid: entry.fid,
      name: entry.name,
      // An upload token's URL names it, so what is uploaded through it, sent as is, is that token's.
      upload_url: owner
        ? signUploadUrl(this.ctx, { fid: row.fid, uploadTokenHash: owner })
        : entry.upload_url,
      claimed: entry.claimed,
      spfid: entry.spfid,
      workspace: entry.workspace,
      folder: { items: this.records.records(rids, details), items_data: paging.data(entry.items_count) },
    };
  }
}
