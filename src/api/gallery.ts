// gallery.*: create, set_meta, delete, add_item, remove_item, list, get_items, set_master, download; paged iterators.
import type { GalleryItem } from '../contract/asset-record.ts';
import {
  GALLERY,
  type GalleryAddItemParams,
  type GalleryCreateParams,
  type GalleryDeleteParams,
  type GalleryDownloadParams,
  type GalleryEntry,
  type GalleryGetItemsParams,
  type GalleryGetItemsResponse,
  type GalleryListParams,
  type GalleryListResponse,
  type GalleryOperations,
  type GalleryRemoveItemParams,
  type GallerySetMasterParams,
  type GallerySetMetaParams,
} from '../contract/gallery.ts';
import { Namespace } from './namespace.ts';
import { iterateItems, iteratePages, type PagedSource } from './paging.ts';
import type { CallOptions, Envelope, Transport } from './transport.ts';

export type {
  GalleryAddItemParams,
  GalleryCreateParams,
  GalleryCreateResponse,
  GalleryDeleteParams,
  GalleryDownloadParams,
  GalleryDownloadResponse,
  GalleryGetItemsParams,
  GalleryGetItemsResponse,
  GalleryListParams,
  GalleryListResponse,
  GalleryRemoveItemParams,
  GallerySetMasterParams,
  GallerySetMetaParams,
  InsertPosition,
} from '../contract/gallery.ts';

/** Options of the iterators: the call options, applied to every page. */
export type IterateOptions = CallOptions;

export class GalleryApi extends Namespace<GalleryOperations> {
  constructor(transport: Transport) {
    super(transport, GALLERY);
  }

  /** POST gallery.create.json: a new gallery (from a template, a copy or a master). */
  create(params: GalleryCreateParams, options?: CallOptions) {
    return this.call('gallery.create', params, options);
  }

  /** POST gallery.set_meta.json: name, description and tags of a gallery. */
  setMeta(params: GallerySetMetaParams, options?: CallOptions): Promise<Envelope> {
    return this.call('gallery.set_meta', params, options);
  }

  /** POST gallery.delete.json: removes the gallery for good (and its assets with `delete_assets`). */
  delete(params: GalleryDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.call('gallery.delete', params, options);
  }

  /** POST gallery.add_item.json: places uploaded assets in the gallery, or moves ones already there. */
  addItem(params: GalleryAddItemParams, options?: CallOptions): Promise<Envelope> {
    return this.call('gallery.add_item', params, options);
  }

  /** POST gallery.remove_item.json: takes assets out of the gallery (or deletes them with `delete_assets`). */
  removeItem(params: GalleryRemoveItemParams, options?: CallOptions): Promise<Envelope> {
    return this.call('gallery.remove_item', params, options);
  }

  /** GET gallery.list.json: one page of galleries, the tag cloud and the paging. */
  list(params: GalleryListParams = {}, options?: CallOptions) {
    return this.call('gallery.list', params, options);
  }

  /** GET gallery.get_items.json: one page of a gallery's items under `folder`. */
  getItems(params: GalleryGetItemsParams, options?: CallOptions) {
    return this.call('gallery.get_items', params, options);
  }

  /** POST gallery.set_master.json: the gallery follows the master's settings from now on. */
  setMaster(params: GallerySetMasterParams, options?: CallOptions): Promise<Envelope> {
    return this.call('gallery.set_master', params, options);
  }

  /** GET gallery.download.json: a signed link to a zip of the gallery's items. */
  download(params: GalleryDownloadParams, options?: CallOptions) {
    return this.call('gallery.download', params, options);
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
