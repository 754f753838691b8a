// gallery.*: create, set_meta, delete, add_item, remove_item, list, get_items, set_master, download; paged iterators.
import { iterateItems, iteratePages, type PagedSource } from './paging.ts';
import type { CallOptions, Envelope, Transport } from './transport.ts';
import type {
  GalleryClaimed,
  GalleryEntry,
  GalleryItem,
  GalleryItemDetail,
  GalleryListItemsData,
  ItemsData,
  List,
  YesNo,
} from './types.ts';

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
  upload_url: string;
  claimed: GalleryClaimed;
  spfid: string;
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

/** Options of the iterators: the call options, applied to every page. */
export type IterateOptions = CallOptions;

export class GalleryApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** POST gallery.create.json: a new gallery (from a template, a copy or a master). */
  create(params: GalleryCreateParams, options?: CallOptions): Promise<GalleryCreateResponse & Envelope> {
    return this.#transport.call('gallery.create', 'POST', 'write', params, options);
  }

  /** POST gallery.set_meta.json: name, description and tags of a gallery. */
  setMeta(params: GallerySetMetaParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('gallery.set_meta', 'POST', 'write', params, options);
  }

  /** POST gallery.delete.json: removes the gallery for good (and its assets with `delete_assets`). */
  delete(params: GalleryDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('gallery.delete', 'POST', 'write', params, options);
  }

  /** POST gallery.add_item.json: places uploaded assets in the gallery, or moves ones already there. */
  addItem(params: GalleryAddItemParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('gallery.add_item', 'POST', 'write', params, options);
  }

  /** POST gallery.remove_item.json: takes assets out of the gallery (or deletes them with `delete_assets`). */
  removeItem(params: GalleryRemoveItemParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('gallery.remove_item', 'POST', 'write', params, options);
  }

  /** GET gallery.list.json: one page of galleries, the tag cloud and the paging. */
  list(params: GalleryListParams = {}, options?: CallOptions): Promise<GalleryListResponse & Envelope> {
    return this.#transport.call('gallery.list', 'GET', 'read', params, options);
  }

  /** GET gallery.get_items.json: one page of a gallery's items under `folder`. */
  getItems(
    params: GalleryGetItemsParams,
    options?: CallOptions,
  ): Promise<GalleryGetItemsResponse & Envelope> {
    return this.#transport.call('gallery.get_items', 'GET', 'read', params, options);
  }

  /** POST gallery.set_master.json: the gallery follows the master's settings from now on. */
  setMaster(params: GallerySetMasterParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('gallery.set_master', 'POST', 'write', params, options);
  }

  /** GET gallery.download.json: a signed link to a zip of the gallery's items. */
  download(
    params: GalleryDownloadParams,
    options?: CallOptions,
  ): Promise<GalleryDownloadResponse & Envelope> {
    return this.#transport.call('gallery.download', 'GET', 'read', params, options);
  }

  /** Every page of gallery.list from `params.page` (default 1) to the last (`items_data.page_count`). */
  listPages(
    params: GalleryListParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<GalleryListResponse & Envelope, void, undefined> {
    return iteratePages(this.#listSource(params, options), params.page, options.signal);
  }

  /** Every gallery entry of gallery.list, page after page: `for await (const g of client.gallery.iterateList())`. */
  iterateList(
    params: GalleryListParams = {},
    options: IterateOptions = {},
  ): AsyncGenerator<GalleryEntry, void, undefined> {
    return iterateItems(this.#listSource(params, options), params.page, options.signal);
  }

  /** Every page of gallery.get_items from `params.page` (default 1) to the last (`folder.items_data.pages_count`). */
  itemPages(
    params: GalleryGetItemsParams,
    options: IterateOptions = {},
  ): AsyncGenerator<GalleryGetItemsResponse & Envelope, void, undefined> {
    return iteratePages(this.#itemsSource(params, options), params.page, options.signal);
  }

  /** Every item of a gallery, page after page: `for await (const item of client.gallery.iterateItems({ fid }))`. */
  iterateItems(
    params: GalleryGetItemsParams,
    options: IterateOptions = {},
  ): AsyncGenerator<GalleryItem, void, undefined> {
    return iterateItems(this.#itemsSource(params, options), params.page, options.signal);
  }

  #listSource(
    params: GalleryListParams,
    options: IterateOptions,
  ): PagedSource<GalleryListResponse & Envelope, GalleryEntry> {
    return {
      fetchPage: (page, signal) => this.list({ ...params, page }, { ...options, signal }),
      items: (response) => response.galleries ?? [],
      pageCount: (response) => response.items_data?.page_count,
    };
  }

  #itemsSource(
    params: GalleryGetItemsParams,
    options: IterateOptions,
  ): PagedSource<GalleryGetItemsResponse & Envelope, GalleryItem> {
    return {
      fetchPage: (page, signal) => this.getItems({ ...params, page }, { ...options, signal }),
      items: (response) => response.folder?.items ?? [],
      pageCount: (response) => response.folder?.items_data?.pages_count,
    };
  }
}
