// Loads gallery.get_items pages on demand: the first page tells the item count, the array is sized to
// it (holes are placeholders) and only the pages the viewport reaches are fetched, in any order, so a
// jump to the end of 100,000 items costs one request, not 2,000.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../../api/errors.ts';
import type { GalleryGetItemsResponse } from '../../api/gallery.ts';
import { Transport } from '../../api/transport.ts';
import type { GalleryItem } from '../../api/types.ts';
import { GalleryErrorEvent, GalleryLoadEvent } from './events.ts';

export interface PagesQuery {
  baseUrl: string;
  fid: string;
  token?: string | undefined;
  uploadToken?: string | undefined;
  details?: string | undefined;
  itemsPerPage: number;
}

export type PagesStatus = 'idle' | 'loading' | 'ready' | 'empty' | 'error';

/** Pages beyond the visible range fetched ahead, as a fraction of a page. */
const LOOKAHEAD = 0.5;

export class PagesController implements ReactiveController {
  /** Sized to the gallery; `undefined` marks an item whose page has not arrived. */
  items: (GalleryItem | undefined)[] = [];
  status: PagesStatus = 'idle';
  /** Error of the first page (whole view) or of a later page (error bar). */
  error: ApiError | null = null;
  /** Requests under way, for the `loading` attribute and the live region. */
  pending = 0;

  private readonly host: ReactiveControllerHost & HTMLElement;
  private readonly query: () => PagesQuery | null;
  /** The transport alone, not the whole client: the element's bundle stays small. */
  private api: Transport | null = null;
  private perPage = 50;
  private loaded = new Set<number>();
  private inflight = new Map<number, Promise<void>>();
  private failed = new Set<number>();
  /** Bumped by every reload: answers of an older generation are dropped. */
  private generation = 0;
  private abort = new AbortController();
  private range = { first: 0, last: 0 };
  private staleOnConnect = false;
  /** What the items belong to: another gallery (or page size) must not show the old items meanwhile. */
  private key = '';
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, query: () => PagesQuery | null) {
    this.host = host;
    this.query = query;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('gallery-upload-success', this.onUploadSuccess);
    if (this.staleOnConnect) {
      this.staleOnConnect = false;
      this.reload();
    }
  }

  hostDisconnected(): void {
    document.removeEventListener('gallery-upload-success', this.onUploadSuccess);
    clearTimeout(this.refreshTimer);
    // Requests of a detached element would only waste bandwidth; reconnecting starts over.
    if (this.pending > 0 || this.status === 'loading') this.staleOnConnect = true;
    this.abort.abort();
  }

  /** An uploader anywhere on the page put a file into our gallery: show it. Bursts coalesce. */
  private onUploadSuccess = (event: Event): void => {
    const detail = (event as Event & { detail?: { fid?: string } }).detail;
    const query = this.query();
    if (!query || !detail?.fid || detail.fid !== query.fid) return;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.reload(), 50);
  };

  /** Starts over from page 1; items on screen stay until the new first page replaces them. */
  reload(): void {
    this.generation++;
    this.abort.abort();
    this.abort = new AbortController();
    this.inflight.clear();
    this.failed.clear();
    const query = this.query();
    if (!query) {
      this.api = null;
      this.status = 'idle';
      this.host.requestUpdate();
      return;
    }
    this.api = new Transport({
      baseUrl: query.baseUrl,
      token: query.token,
      uploadToken: query.uploadToken,
      retries: 2,
      retryDelayMs: 250,
    });
    this.perPage = query.itemsPerPage;
    const key = `${query.baseUrl} ${query.fid} ${query.details} ${query.itemsPerPage}`;
    if (key !== this.key) this.items = [];
    this.key = key;
    if (this.items.length === 0 || this.status !== 'ready') this.status = 'loading';
    this.error = null;
    void this.loadPage(1, true);
  }

  /** Retries what failed: everything when the first page did, else the failed pages. */
  retry(): void {
    if (this.status === 'error' || !this.loaded.has(1)) {
      this.reload();
      return;
    }
    this.failed.clear();
    this.error = null;
    this.host.requestUpdate();
    this.ensure(this.range.first, this.range.last);
  }

  /** The viewport shows items first..last: fetch the pages they (and a little beyond) fall in. */
  ensure(first: number, last: number): void {
    this.range = { first, last };
    if (this.status !== 'ready' || !this.api) return;
    const end = Math.min(this.items.length - 1, last + Math.ceil(this.perPage * LOOKAHEAD));
    for (let page = this.pageOf(Math.max(0, first)); page <= this.pageOf(end); page++) {
      if (!this.loaded.has(page) && !this.inflight.has(page) && !this.failed.has(page))
        void this.loadPage(page, false);
    }
  }

  /** Fetches the page of one index (the lightbox walking past the loaded pages). */
  ensureIndex(index: number): void {
    if (this.status !== 'ready' || index < 0 || index >= this.items.length) return;
    const page = this.pageOf(index);
    if (!this.loaded.has(page) && !this.inflight.has(page)) void this.loadPage(page, false);
  }

  /** The index of an item, fetching pages in order until it shows up (deep links to unseen items). */
  async indexOf(rid: string): Promise<number> {
    const found = this.items.findIndex((item) => item?.rid === rid);
    if (found >= 0 || this.status !== 'ready') return found;
    const pages = Math.ceil(this.items.length / this.perPage);
    for (let page = 1; page <= pages; page++) {
      if (this.loaded.has(page)) continue;
      await (this.inflight.get(page) ?? this.loadPage(page, false));
      const index = this.items.findIndex((item) => item?.rid === rid);
      if (index >= 0) return index;
    }
    return -1;
  }

  private pageOf(index: number): number {
    return Math.floor(index / this.perPage) + 1;
  }

  private loadPage(page: number, first: boolean): Promise<void> {
    const api = this.api;
    const query = this.query();
    if (!api || !query) return Promise.resolve();
    const generation = this.generation;
    const signal = this.abort.signal;
    this.pending++;
    this.host.requestUpdate();
    const params = {
      fid: query.fid,
      page,
      items_per_page: this.perPage,
      details: query.details || undefined,
    };
    const request = api
      .call<GalleryGetItemsResponse>('gallery.get_items', 'GET', 'read', params, { signal })
      .then((response) => {
        if (generation !== this.generation) return;
        const data = response.folder?.items_data;
        const pageItems = response.folder?.items ?? [];
        if (first) {
          // The server may cap the page size: its answer decides where items go.
          this.perPage = data?.items_per_page || this.perPage;
          // On a refresh the old items stay until their pages arrive again: no flash of placeholders.
          this.loaded.clear();
        }
        this.place(page, pageItems, data?.items_count ?? this.items.length);
        this.loaded.add(page);
        if (first) this.status = this.items.length > 0 ? 'ready' : 'empty';
        this.host.dispatchEvent(new GalleryLoadEvent({ page, itemsCount: this.items.length }));
      })
      .catch((error: unknown) => {
        if (generation !== this.generation || signal.aborted) return;
        const apiError =
          error instanceof ApiError
            ? error
            : new ApiError({
                status: 0,
                code: 'network_error',
                message: String(error),
                operation: 'gallery.get_items',
              });
        this.error = apiError;
        if (first) this.status = 'error';
        else this.failed.add(page);
        this.host.dispatchEvent(
          new GalleryErrorEvent({ status: apiError.status, code: apiError.code, message: apiError.message }),
        );
      })
      .finally(() => {
        if (generation === this.generation) this.inflight.delete(page);
        this.pending = Math.max(0, this.pending - 1);
        this.host.requestUpdate();
        if (first && generation === this.generation) this.ensure(this.range.first, this.range.last);
      });
    this.inflight.set(page, request);
    return request;
  }

  /** Writes a page into a new array (the virtualizer notices a new array, not a mutated one). */
  private place(page: number, pageItems: GalleryItem[], count: number): void {
    const next = this.items.slice(0, count);
    // Real undefined entries, not holes: iteration helpers skip holes and would shift the indexes.
    while (next.length < count) next.push(undefined);
    const offset = (page - 1) * this.perPage;
    pageItems.forEach((item, i) => {
      if (offset + i < count) next[offset + i] = item;
    });
    this.items = next;
  }
}
