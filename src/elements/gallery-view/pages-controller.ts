// Loads gallery.get_items pages on demand: the first page tells the item count, the array is sized to
// it (holes are placeholders) and only the pages the viewport reaches are fetched, in any order, so a
// jump to the end of 100,000 items costs one request, not 2,000. The first page is a LatestTask: a
// reload (another gallery, a refresh) drops the answer of the one before; the later pages of a reload go
// with its AbortSignal, which the next reload aborts.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../../api/errors.ts';
import { GalleryApi, type GalleryGetItemsResponse } from '../../api/gallery.ts';
import { Transport } from '../../api/transport.ts';
import type { GalleryItem } from '../../api/types.ts';
import { LatestTask } from '../shared/latest-task.ts';
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
  /** The gallery namespace alone, not the whole client: the element's bundle stays small. */
  private api: GalleryApi | null = null;
  private perPage = 50;
  private loaded = new Set<number>();
  private inflight = new Map<number, Promise<void>>();
  private failed = new Set<number>();
  /** The first page of the latest reload. */
  private readonly first: LatestTask<[GalleryApi, PagesQuery], GalleryGetItemsResponse>;
  /** The later pages of the latest reload: the next reload aborts them. */
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
    this.first = new LatestTask(host, {
      task: ([api, query], signal) => this.fetchPage(api, query, 1, signal),
      onComplete: (response) => this.firstArrived(response),
      onError: (error) => this.failedPage(1, error),
    });
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
    this.abort.abort();
    this.abort = new AbortController();
    this.inflight.clear();
    this.failed.clear();
    const query = this.query();
    if (!query) {
      this.first.abort();
      this.api = null;
      this.status = 'idle';
      this.host.requestUpdate();
      return;
    }
    const api = new GalleryApi(
      new Transport({
        baseUrl: query.baseUrl,
        token: query.token,
        uploadToken: query.uploadToken,
        retries: 2,
        retryDelayMs: 250,
      }),
    );
    this.api = api;
    this.perPage = query.itemsPerPage;
    const key = `${query.baseUrl} ${query.fid} ${query.details} ${query.itemsPerPage}`;
    if (key !== this.key) this.items = [];
    this.key = key;
    if (this.items.length === 0 || this.status !== 'ready') this.status = 'loading';
    this.error = null;
    this.pending++;
    void this.first.run([api, query]).finally(() => this.settled());
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
        void this.loadPage(page);
    }
  }

  /** Fetches the page of one index (the lightbox walking past the loaded pages). */
  ensureIndex(index: number): void {
    if (this.status !== 'ready' || index < 0 || index >= this.items.length) return;
    const page = this.pageOf(index);
    if (!this.loaded.has(page) && !this.inflight.has(page)) void this.loadPage(page);
  }

  /** The index of an item, fetching pages in order until it shows up (deep links to unseen items). */
  async indexOf(rid: string): Promise<number> {
    const found = this.items.findIndex((item) => item?.rid === rid);
    if (found >= 0 || this.status !== 'ready') return found;
    const pages = Math.ceil(this.items.length / this.perPage);
    for (let page = 1; page <= pages; page++) {
      if (this.loaded.has(page)) continue;
      await (this.inflight.get(page) ?? this.loadPage(page));
      const index = this.items.findIndex((item) => item?.rid === rid);
      if (index >= 0) return index;
    }
    return -1;
  }

  private pageOf(index: number): number {
    return Math.floor(index / this.perPage) + 1;
  }

  private fetchPage(
    api: GalleryApi,
    query: PagesQuery,
    page: number,
    signal: AbortSignal,
  ): Promise<GalleryGetItemsResponse> {
    const params = {
      fid: query.fid,
      page,
      items_per_page: this.perPage,
      details: query.details || undefined,
    };
    return api.getItems(params, { signal });
  }

  /** A later page of the latest reload; its answer is dropped once a newer reload aborted it. */
  private loadPage(page: number): Promise<void> {
    const api = this.api;
    const query = this.query();
    if (!api || !query) return Promise.resolve();
    const signal = this.abort.signal;
    this.pending++;
    this.host.requestUpdate();
    const request = this.fetchPage(api, query, page, signal)
      .then((response) => {
        if (signal.aborted) return;
        this.arrived(page, response);
        this.announce(page);
      })
      .catch((error: unknown) => {
        if (!signal.aborted) this.failedPage(page, error);
      })
      .finally(() => {
        if (!signal.aborted) this.inflight.delete(page);
        this.settled();
      });
    this.inflight.set(page, request);
    return request;
  }

  private firstArrived(response: GalleryGetItemsResponse): void {
    // The server may cap the page size: its answer decides where items go.
    this.perPage = response.folder?.items_data?.items_per_page || this.perPage;
    // On a refresh the old items stay until their pages arrive again: no flash of placeholders.
    this.loaded.clear();
    this.arrived(1, response);
    this.status = this.items.length > 0 ? 'ready' : 'empty';
    this.announce(1);
    this.ensure(this.range.first, this.range.last);
  }

  private arrived(page: number, response: GalleryGetItemsResponse): void {
    const data = response.folder?.items_data;
    this.place(page, response.folder?.items ?? [], data?.items_count ?? this.items.length);
    this.loaded.add(page);
  }

  private announce(page: number): void {
    this.host.dispatchEvent(new GalleryLoadEvent({ page, itemsCount: this.items.length }));
  }

  private failedPage(page: number, error: unknown): void {
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
    if (page === 1) this.status = 'error';
    else this.failed.add(page);
    this.host.dispatchEvent(
      new GalleryErrorEvent({ status: apiError.status, code: apiError.code, message: apiError.message }),
    );
  }

  /** A request ended (answered, failed or dropped). */
  private settled(): void {
    this.pending = Math.max(0, this.pending - 1);
    this.host.requestUpdate();
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
