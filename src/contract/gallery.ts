// gallery.*: create, set_meta, delete, add_item, remove_item, list, get_items, set_master, download.
import type { GalleryItem, GalleryItemDetail } from './asset-record.ts';
import { GET_READ, type HeadsOf, type Op, POST_WRITE, type RulesOf } from './operation.ts';
import { id, oneOf, PAGE, text, YES_NO } from './schema.ts';
import type { GalleryListItemsData, ItemsData, List, YesNo } from './wire.ts';

export type GalleryClaimed = 'original' | 'shared';

/** A gallery entry of gallery.list (and of the gallery webhook events). */
export interface GalleryEntry {
  fid: string;
  name: string;
  description?: string;
  /** Signed URL for POSTing media into the gallery; valid 24 hours. */
  upload_url: string;
  /** Comma-separated keywords. */
  tags: string;
  /** ISO 8601. */
  modified: string;
  /** ISO 8601 (reference server). */
  created?: string;
  syncstatus: 'synced' | (string & {});
  claimed?: GalleryClaimed;
  spfid?: string;
  workspace?: string;
  /** fid of the master gallery this one follows, when linked ('' when not). */
  master?: string;
  /** The template in effect (the master's, when linked). */
  template?: string;
  items_count?: number;
  [field: string]: unknown;
}

/** Predefined templates a gallery can start from (gallery.create `template`). */
export const GALLERY_TEMPLATES = ['default', 'grid', 'masonry', 'list', 'slideshow'] as const;

export interface GalleryCreateParams {
  /** At most 255 characters, not empty. */
  name: string;
  description?: string;
  /** Id of a predefined template. */
  template?: string;
  /** fid to copy all settings from (supersedes `template`). */
  copy_args?: string;
  /** fid of a master gallery to link to (the new gallery is then `claimed: shared`). */
  master?: string;
  /** fid to copy all items from. */
  copy_items?: string;
}

export interface GalleryCreateResponse {
  fid: string;
  /** Signed URL for POSTing media into the gallery; valid 24 hours. */
  upload_url: string;
  claimed: GalleryClaimed;
  spfid: string;
  workspace: string;
  [field: string]: unknown;
}

export interface GallerySetMetaParams {
  fid: string;
  /** At most 255 characters. */
  name?: string;
  /** At most 1,000 characters. */
  description?: string;
  /** Up to 50 keywords of at most 50 characters each. */
  tags?: List;
}

export interface GalleryDeleteParams {
  fid: string;
  /** Also delete the gallery's assets (default no). */
  delete_assets?: YesNo;
}

/** `top`, `bottom` (default) or a 1-based position (an rid already in the gallery moves there). */
export type InsertPosition = 'top' | 'bottom' | number;

export interface GalleryAddItemParams {
  fid: string;
  /** One rid or several; the assets must already be uploaded. */
  rid: List;
  insert_position?: InsertPosition;
}

export interface GalleryRemoveItemParams {
  fid: string;
  rid: List;
  /** Also delete the assets from every gallery and the asset list (default no). */
  delete_assets?: YesNo;
}

export interface GalleryListParams {
  /** Matched against caption, description, id, tags…; `caption=term` / `description=term` match exactly. */
  search?: string;
  /** 1-based, default 1. */
  page?: number;
  /** 1-100, default 50 (larger values are capped at 100). */
  items_per_page?: number;
  /** Tags a gallery must have; a tag prefixed with `-` excludes galleries having it. */
  filter_tags?: List;
}

export interface GalleryListResponse {
  workspace: string;
  galleries: GalleryEntry[];
  /** Tag -> number of galleries; `notags` counts untagged ones. */
  tag_cloud: Record<string, number>;
  items_data: GalleryListItemsData;
}

export interface GalleryGetItemsParams {
  fid: string;
  /** Metadata fields to include (default all); rid, type, filename, thumbnail, versions always come. */
  details?: GalleryItemDetail | readonly GalleryItemDetail[];
  page?: number;
  items_per_page?: number;
}

export interface GalleryGetItemsResponse {
  fid: string;
  /** The gallery's name (reference server). */
  name?: string;
  upload_url: string;
  claimed: GalleryClaimed;
  spfid: string;
  workspace?: string;
  folder: {
    items: GalleryItem[];
    items_data: ItemsData;
  };
}

export interface GallerySetMasterParams {
  fid: string;
  /** fid of the master gallery. */
  master: string;
}

export interface GalleryDownloadParams {
  fid: string;
  /** `original` (default) or `resized`. */
  type?: 'original' | 'resized';
}

export interface GalleryDownloadResponse {
  /** A signed link to a zip of all items. */
  download_link: string;
}

type Empty = Record<never, never>;

export interface GalleryOperations {
  'gallery.create': Op<GalleryCreateParams, GalleryCreateResponse>;
  'gallery.set_meta': Op<GallerySetMetaParams, Empty>;
  'gallery.delete': Op<GalleryDeleteParams, Empty>;
  'gallery.add_item': Op<GalleryAddItemParams, Empty>;
  'gallery.remove_item': Op<GalleryRemoveItemParams, Empty>;
  'gallery.list': Op<GalleryListParams, GalleryListResponse>;
  'gallery.get_items': Op<GalleryGetItemsParams, GalleryGetItemsResponse>;
  'gallery.set_master': Op<GallerySetMasterParams, Empty>;
  'gallery.download': Op<GalleryDownloadParams, GalleryDownloadResponse>;
}

export const GALLERY = {
  'gallery.create': POST_WRITE,
  'gallery.set_meta': POST_WRITE,
  'gallery.delete': POST_WRITE,
  'gallery.add_item': POST_WRITE,
  'gallery.remove_item': POST_WRITE,
  'gallery.list': GET_READ,
  'gallery.get_items': GET_READ,
  'gallery.set_master': POST_WRITE,
  'gallery.download': GET_READ,
} as const satisfies HeadsOf<GalleryOperations>;

const FID = id();
const GALLERY_FID = { touches: 'gallery', param: 'fid' } as const;

export const GALLERY_RULES = {
  'gallery.create': {
    permission: 'gallery.create',
    scope: { touches: 'account', action: 'create galleries' },
    params: {
      name: text(),
      description: text(),
      template: text(64),
      copy_args: text(64),
      master: text(64),
      copy_items: text(64),
    },
    required: ['name'],
  },
  'gallery.set_meta': {
    permission: 'gallery.update',
    scope: GALLERY_FID,
    params: { fid: FID, name: text(), description: text(), tags: text() },
    required: ['fid'],
  },
  'gallery.delete': {
    permission: 'gallery.delete',
    scope: GALLERY_FID,
    params: { fid: FID, delete_assets: YES_NO },
    required: ['fid'],
  },
  'gallery.add_item': {
    permission: 'gallery.update',
    scope: { touches: 'items', gallery: 'fid', assets: 'rid' },
    uploadToken: true,
    params: { fid: FID, rid: text(), insert_position: text(16) },
    required: ['fid', 'rid'],
  },
  'gallery.remove_item': {
    permission: 'gallery.update',
    scope: { touches: 'items', gallery: 'fid', assets: 'rid' },
    uploadToken: true,
    params: { fid: FID, rid: text(), delete_assets: YES_NO },
    required: ['fid', 'rid'],
  },
  'gallery.list': {
    permission: 'gallery.read',
    scope: { touches: 'nothing' },
    params: { search: text(1000), page: PAGE, items_per_page: PAGE, filter_tags: text(3000) },
  },
  'gallery.get_items': {
    permission: 'gallery.read',
    scope: { touches: 'gallery', param: 'fid', read: true },
    uploadToken: true,
    params: { fid: FID, details: text(1000), page: PAGE, items_per_page: PAGE },
    required: ['fid'],
  },
  'gallery.set_master': {
    permission: 'gallery.update',
    scope: GALLERY_FID,
    params: { fid: FID, master: text(64) },
    required: ['fid', 'master'],
  },
  'gallery.download': {
    permission: 'gallery.read',
    scope: { touches: 'gallery', param: 'fid', read: true },
    params: { fid: FID, type: oneOf(['original', 'resized']) },
    required: ['fid'],
  },
} as const satisfies RulesOf<GalleryOperations>;
