// Gallery rules: create (template, copy, master), metadata, deletion, items and their order, listing, master links.
import { type AuthContext, requirePermission } from '../auth/authenticate.ts';
import { assertAssetsInScope, assertGalleryInScope, assertReadable, assertUnscoped } from '../auth/scope.ts';
import type { ServerContext } from '../context.ts';
import { denied, invalid, missing, notFound, ServiceError } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  type GalleryChanges,
  type GalleryFilter,
  type GalleryRow,
  GalleryStore,
} from '../store/galleries.ts';
import { normalizeTags } from './asset-meta.ts';
import type { AssetRecord } from './asset-record.ts';
import { type AssetService, parseRidList, uploadTokenOf } from './assets.ts';
import { signUploadUrl } from './upload-urls.ts';

/** Predefined templates a gallery can start from (gallery.create `template`). */
export const TEMPLATES = ['default', 'grid', 'masonry', 'list', 'slideshow'] as const;

/** Every name gallery.get_items `details` may ask for, in the spec's order (also the default). */
export const ITEM_DETAILS = [
  'caption',
  'description',
  'music_tags',
  'exif_tags',
  'long_description',
  'related_link_text',
  'related_link_url',
  'reference_id',
  'tags',
  'metauser_timeline',
  'appears_in_albums',
  'storyboard',
  'attached',
  'attached_versions',
] as const;

const LIMITS = { name: 255, description: 1000, rids: 1000, listPage: 100, itemsPage: 1000 } as const;
/** Master chains longer than this are refused (and never followed further). */
const MAX_MASTER_DEPTH = 32;

export interface GalleryEntry {
  fid: string;
  name: string;
  description: string;
  upload_url: string;
  tags: string;
  modified: string;
  created: string;
  syncstatus: string;
  claimed: 'original' | 'shared';
  spfid: string;
  workspace: string;
  /** fid of the master gallery, '' when not linked. */
  master: string;
  /** The template in effect (the master's, when linked). */
  template: string;
  items_count: number;
}

export interface CreateParams {
  name?: string;
  description?: string;
  template?: string;
  copy_args?: string;
  master?: string;
  copy_items?: string;
}

export interface SetMetaParams {
  fid: string;
  name?: string;
  description?: string;
  tags?: string;
}

export interface ListParams {
  search?: string;
  page?: number;
  items_per_page?: number;
  filter_tags?: string;
}

export interface GetItemsParams {
  fid: string;
  details?: string;
  page?: number;
  items_per_page?: number;
}

const length = (text: string): number => Array.from(text).length;

function checkText(param: string, value: string | undefined, max: number): void {
  if (value !== undefined && length(value) > max) throw invalid(param, `must be at most ${max} characters`);
}

/** `top`, `bottom` or a 1-based position -> index into the order without the moved items. */
function insertIndex(position: string | undefined, size: number): number {
  const value = (position ?? '').trim().toLowerCase();
  if (value === '' || value === 'bottom') return size;
  if (value === 'top') return 0;
  if (/^\d{1,9}$/.test(value) && Number(value) >= 1) return Math.min(Number(value) - 1, size);
  throw invalid('insert_position', 'must be top, bottom or a position from 1');
}

export class GalleryService {
  readonly store: GalleryStore;

  constructor(
    private readonly ctx: ServerContext,
    private readonly assets: AssetService,
  ) {
    this.store = new GalleryStore(ctx.db);
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  exists(fid: string): boolean {
    return this.store.get(fid) !== undefined;
  }

  private row(fid: string): GalleryRow {
    const row = this.store.get(fid);
    if (!row) throw notFound('Gallery', fid);
    return row;
  }

  /** The gallery entry of gallery.list (and of the gallery events). */
  entry(fid: string): GalleryEntry {
    return this.toEntry(this.row(fid));
  }

  private toEntry(row: GalleryRow): GalleryEntry {
    return {
      fid: row.fid,
      name: row.name,
      description: row.description,
      upload_url: signUploadUrl(this.ctx, { fid: row.fid }),
      tags: row.tags,
      modified: row.modified_at,
      created: row.created_at,
      syncstatus: row.syncstatus,
      claimed: row.claimed,
      spfid: row.spfid,
      workspace: row.workspace,
      master: row.master_fid ?? '',
      template: this.effective(row).template,
      items_count: this.store.itemCount(row.fid),
    };
  }

  /** Template and settings in effect: a linked gallery follows its master (and the master's master). */
  private effective(row: GalleryRow): { template: string; settings: string } {
    let current = row;
    for (let depth = 0; current.master_fid && depth < MAX_MASTER_DEPTH; depth++) {
      const master = this.store.get(current.master_fid);
      if (!master) break;
      current = master;
    }
    return { template: current.template, settings: current.settings };
  }

  private emit(event: 'gallery.created' | 'gallery.updated', fid: string): void {
    this.ctx.events.emit(event, { ...this.entry(fid) });
  }

  // ---- create ----

  create(auth: AuthContext, params: CreateParams): GalleryEntry {
    assertUnscoped(auth, 'create galleries');
    const name = params.name?.trim() ?? '';
    if (name === '') throw params.name === undefined ? missing('name') : invalid('name', 'must not be empty');
    checkText('name', name, LIMITS.name);
    checkText('description', params.description, LIMITS.description);
    const template = params.template?.trim() || 'default';
    if (!(TEMPLATES as readonly string[]).includes(template)) {
      throw invalid('template', `must be one of ${TEMPLATES.join(', ')}`);
    }
    const copyArgs = params.copy_args?.trim() ? this.row(params.copy_args.trim()) : undefined;
    const master = params.master?.trim() ? this.row(params.master.trim()) : undefined;
    const copyItems = params.copy_items?.trim() ? this.row(params.copy_items.trim()) : undefined;
    const fid = this.store.transaction(() => {
      const fid = this.insert(name, params.description ?? '', null, (row) => {
        if (copyArgs) Object.assign(row, this.effective(copyArgs));
        else row.template = template;
        if (master) {
          row.master_fid = master.fid;
          row.claimed = 'shared';
        }
      });
      if (copyItems) this.store.copyItems(copyItems.fid, fid, this.now());
      this.emit('gallery.created', fid);
      return fid;
    });
    return this.entry(fid);
  }

  private insert(name: string, description: string, rrid: string | null, adjust?: (row: GalleryRow) => void) {
    const now = this.now();
    const fid = newId();
    const row: GalleryRow = {
      fid,
      name,
      description,
      tags: '',
      template: 'default',
      settings: '{}',
      master_fid: null,
      claimed: 'original',
      spfid: `sp${newId()}`,
      workspace: '',
      rrid,
      syncstatus: 'synced',
      created_at: now,
      modified_at: now,
    };
    adjust?.(row);
    this.store.insert(row);
    return fid;
  }

  /** upload.iframe `rrid`: the first call with a new external id creates its gallery, later ones find it. */
  findOrCreateByRrid(rrid: string): GalleryEntry {
    const found = this.store.getByRrid(rrid);
    if (found) return this.toEntry(found);
    const fid = this.store.transaction(() => {
      const fid = this.insert(Array.from(rrid).slice(0, LIMITS.name).join(''), '', rrid);
      this.emit('gallery.created', fid);
      return fid;
    });
    return this.entry(fid);
  }

  // ---- metadata, master, deletion ----

  setMeta(auth: AuthContext, params: SetMetaParams): void {
    // Existence before scope: an unknown gallery is 404 to every token.
    this.row(params.fid);
    assertGalleryInScope(auth, params.fid);
    checkText('name', params.name, LIMITS.name);
    checkText('description', params.description, LIMITS.description);
    const changes: GalleryChanges = {};
    if (params.name !== undefined) changes.name = params.name.trim();
    if (params.description !== undefined) changes.description = params.description;
    if (params.tags !== undefined) changes.tags = normalizeTags(params.tags, 'tags');
    if (Object.keys(changes).length === 0) return;
    this.store.transaction(() => {
      this.store.update(params.fid, changes, this.now());
      this.emit('gallery.updated', params.fid);
    });
  }

  setMaster(auth: AuthContext, fid: string, masterFid: string): void {
    // Existence before scope: an unknown gallery is 404 to every token.
    this.row(fid);
    assertGalleryInScope(auth, fid);
    const master = masterFid.trim();
    if (master === '') throw missing('master');
    this.row(master);
    if (master === fid) throw invalid('master', 'must be another gallery');
    // Following the master's own chain must never come back to this gallery.
    let current: string | null = master;
    for (let depth = 0; current; depth++) {
      if (current === fid) throw invalid('master', `would make a loop: ${master} already follows ${fid}`);
      if (depth >= MAX_MASTER_DEPTH)
        throw invalid('master', `starts a chain longer than ${MAX_MASTER_DEPTH}`);
      current = this.store.get(current)?.master_fid ?? null;
    }
    this.store.transaction(() => {
      this.store.update(fid, { master_fid: master, claimed: 'shared' }, this.now());
      this.emit('gallery.updated', fid);
    });
  }

  delete(auth: AuthContext, fid: string, deleteAssets: boolean): void {
    // Existence before scope: an unknown gallery is 404 to every token.
    this.row(fid);
    assertGalleryInScope(auth, fid);
    if (deleteAssets) requirePermission(auth, 'asset.delete');
    const entry = this.entry(fid);
    const rids = this.store.itemRids(fid);
    const followers = this.store.followers(fid);
    const now = this.now();
    // One transaction for the gallery, its followers, its assets if asked, and their webhook deliveries.
    const removed = this.store.transaction(() => {
      // Galleries that followed this one keep the settings they had and become their own.
      for (const follower of followers) {
        this.store.update(
          follower.fid,
          { ...this.effective(follower), master_fid: null, claimed: 'original' },
          now,
        );
      }
      this.store.delete(fid);
      const removed = deleteAssets && rids.length > 0 ? this.assets.removeRows(rids) : [];
      this.ctx.events.emit('gallery.deleted', { ...entry });
      for (const follower of followers) this.emit('gallery.updated', follower.fid);
      return removed;
    });
    this.assets.removeFiles(removed);
  }

  // ---- items ----

  /** Checks a comma list of rids for the item operations of one gallery; returns them in order. */
  private itemRids(auth: AuthContext, fid: string, rid: string): string[] {
    const rids = parseRidList(rid);
    if (rids.length === 0) throw missing('rid');
    if (rids.length > LIMITS.rids) throw invalid('rid', `may list at most ${LIMITS.rids} assets`);
    // Existence before scope: an unknown gallery or asset is 404 to every token.
    this.row(fid);
    const unknown = this.assets.exists(rids);
    if (unknown.length > 0) throw notFound('Asset', unknown);
    assertGalleryInScope(auth, fid);
    if (auth.kind === 'upload') {
      for (const r of rids) {
        if (!this.assets.lookups.uploadedWith(r, auth.tokenHash)) {
          throw denied(`Asset ${r} was not uploaded with this upload token`);
        }
      }
    }
    return rids;
  }

  addItems(auth: AuthContext, fid: string, rid: string, position?: string): void {
    const rids = this.itemRids(auth, fid, rid);
    const attachments = this.store.attachmentsAmong(rids);
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
      this.emit('gallery.updated', fid);
    });
  }

  removeItems(auth: AuthContext, fid: string, rid: string, deleteAssets: boolean): void {
    const rids = this.itemRids(auth, fid, rid);
    const present = this.store.itemsIn(fid, rids);
    const absent = rids.filter((r) => !present.has(r));
    if (absent.length > 0) {
      throw new ServiceError('not_found', `Not in gallery ${fid}: ${absent.join(', ')}`);
    }
    if (deleteAssets) {
      requirePermission(auth, 'asset.delete');
      assertAssetsInScope(auth, rids, this.assets.lookups);
    }
    const removed = this.store.transaction(() => {
      // Deleted assets leave every gallery (and touch it); otherwise they only leave this one.
      let deleted: AssetRecord[] = [];
      if (deleteAssets) deleted = this.assets.removeRows(rids);
      else {
        this.store.removeItems(fid, rids);
        this.store.update(fid, {}, this.now());
      }
      this.emit('gallery.updated', fid);
      return deleted;
    });
    this.assets.removeFiles(removed);
  }

  // ---- reading ----

  list(
    auth: AuthContext,
    params: ListParams,
  ): {
    workspace: string;
    galleries: GalleryEntry[];
    tag_cloud: Record<string, number>;
    items_data: { page: number; items_per_page: number; items_count: number; page_count: number };
  } {
    const filter: GalleryFilter = auth.readFids ? { fids: [...auth.readFids] } : {};
    const search = params.search?.trim() ?? '';
    const exact = /^(caption|description)=(.*)$/s.exec(search);
    if (exact) {
      const term = (exact[2] ?? '').trim();
      filter.exact = { column: exact[1] === 'caption' ? 'name' : 'description', term };
      // `caption=rrid:X` names the gallery upload.iframe?rrid=X made, as the hosted service's plugins ask
      // for it: that gallery, exactly, comes first.
      if (exact[1] === 'caption' && term.startsWith('rrid:')) filter.exact.rrid = term.slice('rrid:'.length);
    } else if (search !== '') filter.search = search;
    const tags = (params.filter_tags ?? '').split(',').map((tag) => tag.trim());
    const excluded = tags.filter((tag) => tag.startsWith('-')).map((tag) => tag.slice(1).trim());
    filter.withTags = tags.filter((tag) => tag !== '' && !tag.startsWith('-'));
    filter.withoutTags = excluded.filter((tag) => tag !== '');
    const page = params.page ?? 1;
    const perPage = Math.min(params.items_per_page ?? 50, LIMITS.listPage);
    const count = this.store.count(filter);
    const rows = this.store.list(filter, perPage, (page - 1) * perPage);
    return {
      workspace: '',
      galleries: rows.map((row) => this.toEntry(row)),
      tag_cloud: this.tagCloud(filter.fids),
      items_data: {
        page,
        items_per_page: perPage,
        items_count: count,
        page_count: Math.ceil(count / perPage),
      },
    };
  }

  /**
   * Tag -> number of galleries carrying it (case as first seen); `notags` counts untagged galleries.
   * The spec reserves the `notags` key for that count, so a real tag spelt "notags" (any case) is left out
   * of the cloud rather than merged into, or overwriting, the untagged count.
   */
  private tagCloud(fids?: readonly string[]): Record<string, number> {
    const counts = new Map<string, { name: string; count: number }>();
    let untagged = 0;
    for (const tags of this.store.allTags(fids)) {
      const list = tags.split(',').filter((tag) => tag !== '');
      if (list.length === 0) untagged += 1;
      for (const tag of list) {
        const key = tag.toLowerCase();
        if (key === 'notags') continue;
        const entry = counts.get(key) ?? { name: tag, count: 0 };
        entry.count += 1;
        counts.set(key, entry);
      }
    }
    // fromEntries defines own data properties: a tag such as `__proto__` stays a plain key.
    return Object.fromEntries([
      ...[...counts.values()].map(({ name, count }) => [name, count] as const),
      ['notags', untagged] as const,
    ]);
  }

  getItems(auth: AuthContext, params: GetItemsParams) {
    // Reads are open to any reading token; an upload token reads its own gallery only.
    if (auth.kind === 'upload') assertGalleryInScope(auth, params.fid, false);
    assertReadable(auth, params.fid);
    const row = this.row(params.fid);
    const details = this.parseDetails(params.details);
    const page = params.page ?? 1;
    const perPage = Math.min(params.items_per_page ?? 50, LIMITS.itemsPage);
    // The entry counts the items already: counting twice costs a scan of the gallery's index per request.
    const entry = this.toEntry(row);
    const count = entry.items_count;
    const rids = this.store.itemPage(row.fid, perPage, (page - 1) * perPage);
    const items = this.assets.records(rids, details);
    return {
      fid: entry.fid,
      name: entry.name,
      // An upload token's URL names it, so what is uploaded through it, sent as is, is that token's.
      upload_url:
        auth.kind === 'upload'
          ? signUploadUrl(this.ctx, { fid: row.fid, uploadTokenHash: uploadTokenOf(auth) })
          : entry.upload_url,
      claimed: entry.claimed,
      spfid: entry.spfid,
      workspace: entry.workspace,
      folder: {
        items,
        items_data: {
          page,
          items_per_page: perPage,
          items_count: count,
          pages_count: Math.ceil(count / perPage),
        },
      },
    };
  }

  private parseDetails(value: string | undefined): Set<string> {
    const names = (value ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (names.length === 0) return new Set(ITEM_DETAILS);
    const unknown = names.filter((name) => !(ITEM_DETAILS as readonly string[]).includes(name));
    if (unknown.length > 0) {
      throw invalid(
        'details',
        `has unknown names (${unknown.join(', ')}); known: ${ITEM_DETAILS.join(', ')}`,
      );
    }
    return new Set(names);
  }
}
