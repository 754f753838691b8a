// The gallery entry as gallery.list, gallery.create and the gallery events show it: its row, the template
// in effect (a linked gallery follows its master), a fresh signed upload URL and its item count.
import type { GalleryClaimed, GalleryEntry } from '../../src/contract/gallery.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { type GalleryRow, GalleryStore } from '../store/galleries.ts';
import { signUploadUrl } from './upload-urls.ts';

/** Master chains longer than this are refused (and never followed further). */
export const MAX_MASTER_DEPTH = 32;

/** The entries this server makes hold every field the contract's type leaves optional. */
export interface FullGalleryEntry extends GalleryEntry {
  description: string;
  created: string;
  claimed: GalleryClaimed;
  spfid: string;
  workspace: string;
  master: string;
  template: string;
  items_count: number;
}

export class GalleryEntries {
  readonly store: GalleryStore;

  constructor(private readonly ctx: ServerContext) {
    this.store = new GalleryStore(ctx.db);
  }

  /** The gallery's row, or 404. */
  row(fid: string): GalleryRow {
    const row = this.store.get(fid);
    if (!row) throw notFound('Gallery', fid);
    return row;
  }

  entry(fid: string): FullGalleryEntry {
    return this.toEntry(this.row(fid));
  }

  toEntry(row: GalleryRow): FullGalleryEntry {
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
      items_count: this.ctx.readModel.items.count(row.fid),
    };
  }

  /** Template and settings in effect: a linked gallery follows its master (and the master's master). */
  effective(row: GalleryRow): { template: string; settings: string } {
    let current = row;
    for (let depth = 0; current.master_fid && depth < MAX_MASTER_DEPTH; depth++) {
      const master = this.store.get(current.master_fid);
      if (!master) break;
      current = master;
    }
    return { template: current.template, settings: current.settings };
  }

  /** Announces the gallery as it is now (inside the write's transaction: its deliveries go with it). */
  emit(event: 'gallery.created' | 'gallery.updated', fid: string): void {
    this.ctx.events.emit(event, { ...this.entry(fid) });
  }
}
