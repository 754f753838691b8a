// Gallery rules of a gallery's life: create (template, copy, master), metadata, master links, deletion, and
// the galleries upload.iframe makes for an rrid.
import { GALLERY_TEMPLATES } from '../../src/contract/gallery.ts';
import type { ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing } from '../errors.ts';
import { newId } from '../ids.ts';
import type { GalleryChanges, GalleryRow } from '../store/galleries.ts';
import type { AssetDeletion } from './asset-deletion.ts';
import { normalizeTags } from './asset-meta.ts';
import { type FullGalleryEntry, type GalleryEntries, MAX_MASTER_DEPTH } from './gallery-entries.ts';

const LIMITS = { name: 255, description: 1000 } as const;

function checkText(param: string, value: string | undefined, max: number): void {
  if (value !== undefined && Array.from(value).length > max) {
    throw invalid(param, `must be at most ${max} characters`);
  }
}

export class GalleryService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly entries: GalleryEntries,
    private readonly deletion: AssetDeletion,
  ) {}

  private get store() {
    return this.entries.store;
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  /** gallery.create: a new gallery from a template, a copy of another's settings, or linked to a master. */
  create(caller: Caller, params: ServerParams<'gallery.create'>): FullGalleryEntry {
    this.ctx.access.check(caller, 'gallery.create', {});
    const name = params.name.trim();
    if (name === '') throw invalid('name', 'must not be empty');
    checkText('name', name, LIMITS.name);
    checkText('description', params.description, LIMITS.description);
    const template = params.template?.trim() || 'default';
    if (!(GALLERY_TEMPLATES as readonly string[]).includes(template)) {
      throw invalid('template', `must be one of ${GALLERY_TEMPLATES.join(', ')}`);
    }
    const copyArgs = params.copy_args?.trim() ? this.entries.row(params.copy_args.trim()) : undefined;
    const master = params.master?.trim() ? this.entries.row(params.master.trim()) : undefined;
    const copyItems = params.copy_items?.trim() ? this.entries.row(params.copy_items.trim()) : undefined;
    const fid = this.store.transaction(() => {
      const fid = this.insert(name, params.description ?? '', null, (row) => {
        if (copyArgs) Object.assign(row, this.entries.effective(copyArgs));
        else row.template = template;
        if (master) {
          row.master_fid = master.fid;
          row.claimed = 'shared';
        }
      });
      if (copyItems) this.store.copyItems(copyItems.fid, fid, this.now());
      this.entries.emit('gallery.created', fid);
      return fid;
    });
    return this.entries.entry(fid);
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

  /** The gallery of an rrid (the caller's own id of it): the first call makes it, later ones find it. */
  findOrCreateByRrid(caller: Caller, rrid: string): string {
    if (Array.from(rrid).length > 255) throw invalid('rrid', 'is longer than 255 characters');
    const existing = this.store.getByRrid(rrid);
    this.ctx.access.checkRridGallery(caller, rrid, existing?.fid);
    if (existing) return existing.fid;
    return this.store.transaction(() => {
      const fid = this.insert(Array.from(rrid).slice(0, LIMITS.name).join(''), '', rrid);
      this.entries.emit('gallery.created', fid);
      return fid;
    });
  }

  /** gallery.set_meta: name, description and tags. */
  setMeta(caller: Caller, params: ServerParams<'gallery.set_meta'>): void {
    // Existence before scope: an unknown gallery is 404 to every token.
    this.entries.row(params.fid);
    this.ctx.access.check(caller, 'gallery.set_meta', { fid: params.fid });
    checkText('name', params.name, LIMITS.name);
    checkText('description', params.description, LIMITS.description);
    const changes: GalleryChanges = {};
    if (params.name !== undefined) changes.name = params.name.trim();
    if (params.description !== undefined) changes.description = params.description;
    if (params.tags !== undefined) changes.tags = normalizeTags(params.tags, 'tags');
    if (Object.keys(changes).length === 0) return;
    this.store.transaction(() => {
      this.store.update(params.fid, changes, this.now());
      this.entries.emit('gallery.updated', params.fid);
    });
  }

  /** gallery.set_master: the gallery follows the master's settings from now on. */
  setMaster(caller: Caller, params: ServerParams<'gallery.set_master'>): void {
    const { fid } = params;
    // Existence before scope: an unknown gallery is 404 to every token.
    this.entries.row(fid);
    this.ctx.access.check(caller, 'gallery.set_master', { fid });
    const master = params.master.trim();
    if (master === '') throw missing('master');
    this.entries.row(master);
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
      this.entries.emit('gallery.updated', fid);
    });
  }

  /** gallery.delete: the gallery for good, and its assets with `delete_assets`. */
  delete(caller: Caller, params: ServerParams<'gallery.delete'>): void {
    const { fid } = params;
    const deleteAssets = params.delete_assets === 'yes';
    // Existence before scope: an unknown gallery is 404 to every token.
    this.entries.row(fid);
    this.ctx.access.check(caller, 'gallery.delete', { fid, deleteAssets });
    const entry = this.entries.entry(fid);
    const rids = this.store.itemRids(fid);
    const followers = this.store.followers(fid);
    const now = this.now();
    // One transaction for the gallery, its followers, its assets if asked, and their webhook deliveries.
    const removed = this.store.transaction(() => {
      // Galleries that followed this one keep the settings they had and become their own.
      for (const follower of followers) {
        this.store.update(
          follower.fid,
          { ...this.entries.effective(follower), master_fid: null, claimed: 'original' },
          now,
        );
      }
      this.store.delete(fid);
      const removed = deleteAssets && rids.length > 0 ? this.deletion.removeRows(rids) : [];
      this.ctx.events.emit('gallery.deleted', { ...entry });
      for (const follower of followers) this.entries.emit('gallery.updated', follower.fid);
      return removed;
    });
    this.deletion.removeFiles(removed);
  }
}
