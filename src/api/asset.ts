// asset.*: list, get_tags, set_meta (custom.NAME fields), resync, delete, upload URLs and uploads from a URL.
import { ApiError } from './errors.ts';
import { iterateItems, iteratePages, type PagedSource } from './paging.ts';
import { type CallOptions, type Envelope, type Params, sleep, type Transport } from './transport.ts';
import type { AssetRecord, AssetType, ItemsData, List, UploadFromUrlStatus } from './types.ts';

export interface AssetListParams {
  /** Free-text search. */
  search?: string;
  /** Only these assets. */
  rid?: List;
  /** Lookup by the caller's own id. */
  reference_id?: string;
  /** Only assets having this tag. */
  tag?: string;
  type?: AssetType;
  /** 1-based, default 1. */
  page?: number;
  /** At most 100. */
  items_per_page?: number;
}

export interface AssetListResponse {
  items: AssetRecord[];
  items_data: ItemsData;
}

export interface AssetGetTagsResponse {
  /** Tag -> number of assets having it. */
  tag_cloud: Record<string, number>;
}

export interface AssetSetMetaParams {
  rid: string;
  caption?: string;
  description?: string;
  long_description?: string;
  related_link_text?: string;
  related_link_url?: string;
  reference_id?: string;
  tags?: List;
  /** Custom fields, sent as `custom.NAME=value`; an empty value removes the field. */
  custom?: Readonly<Record<string, string | number>>;
}

export interface AssetSetMetaResponse {
  /** The updated record, when the service returns it. */
  asset?: AssetRecord;
}

export interface AssetResyncParams {
  /** One rid or several. */
  rid: List;
}

export interface AssetResyncResponse {
  status: 'queued' | (string & {});
}

export interface AssetDeleteParams {
  /** One rid or several (all or nothing). */
  rid: List;
}

/** Attachment types: `poster`, `thumb`, `subtitle-<lang>`. */
export type AttachType = 'poster' | 'thumb' | `subtitle-${string}` | (string & {});

export interface AssetGetUploadUrlParams {
  /** Gallery the upload goes into. */
  fid?: string;
  /** Asset the upload is attached to (then `type` is required). */
  rid?: string;
  type?: AttachType;
  /** Seconds the URL stays valid, at most 24 hours. */
  ttl?: number;
}

export interface AssetGetUploadUrlResponse {
  /** Signed URL to POST the file to (multipart, field `file`); see {@link uploadFile}. */
  upload_url: string;
  /** ISO 8601, when the service says. */
  expires?: string;
}

export interface AssetUploadFromUrlParams {
  /** The URL to fetch. */
  input: string;
  fid?: string;
  rid?: string;
  type?: AttachType;
  caption?: string;
}

export interface AssetUploadFromUrlResponse {
  /** Pass to uploadFromUrlGetStatus / uploadFromUrlAbort. */
  status_id: string;
}

export interface UploadStatusParams {
  status_id: string;
}

export interface AssetUploadFromUrlAbortResponse {
  status_id: string;
}

export interface WaitForUploadOptions extends CallOptions {
  /** Pause between status checks in ms (default 1000). */
  intervalMs?: number;
  /** Give up after this many ms with an ApiError `timeout` (default 10 minutes). */
  timeoutMs?: number;
  /** Called with every status seen, e.g. to show progress. */
  onStatus?: (status: UploadFromUrlStatus) => void;
}

/** Final states of an upload from a URL. */
const FINAL_STATES: ReadonlySet<string> = new Set(['done', 'failed', 'aborted']);

export class AssetApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** GET asset.list.json: one page of the account's assets. */
  list(params: AssetListParams = {}, options?: CallOptions): Promise<AssetListResponse & Envelope> {
    return this.#transport.call('asset.list', 'GET', 'read', params, options);
  }

  /** GET asset.get_tags.json: every tag in use with its count. */
  getTags(options?: CallOptions): Promise<AssetGetTagsResponse & Envelope> {
    return this.#transport.call('asset.get_tags', 'GET', 'read', {}, options);
  }

  /** POST asset.set_meta.json: metadata and `custom` fields of one asset. */
  async setMeta(params: AssetSetMetaParams, options?: CallOptions): Promise<AssetSetMetaResponse & Envelope> {
    return this.#transport.call('asset.set_meta', 'POST', 'write', flattenCustom(params), options);
  }

  /** POST asset.resync.json: queues generation of the asset's missing versions. */
  resync(params: AssetResyncParams, options?: CallOptions): Promise<AssetResyncResponse & Envelope> {
    return this.#transport.call('asset.resync', 'POST', 'write', params, options);
  }

  /** POST asset.delete.json: deletes assets for good, from every gallery too. */
  delete(params: AssetDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('asset.delete', 'POST', 'write', params, options);
  }

  /** GET asset.get_upload_url.json: a signed URL to POST a file into a gallery or onto an asset. */
  getUploadUrl(
    params: AssetGetUploadUrlParams = {},
    options?: CallOptions,
  ): Promise<AssetGetUploadUrlResponse & Envelope> {
    return this.#transport.call('asset.get_upload_url', 'GET', 'read', params, options);
  }

  /** POST asset.upload_from_url.json: starts fetching `input`; follow it with the returned `status_id`. */
  uploadFromUrl(
    params: AssetUploadFromUrlParams,
    options?: CallOptions,
  ): Promise<AssetUploadFromUrlResponse & Envelope> {
    return this.#transport.call('asset.upload_from_url', 'POST', 'write', params, options);
  }

  /** GET asset.upload_from_url_get_status.json: progress, and the new rid (`resid`) when done. */
  uploadFromUrlGetStatus(
    params: UploadStatusParams,
    options?: CallOptions,
  ): Promise<UploadFromUrlStatus & Envelope> {
    return this.#transport.call('asset.upload_from_url_get_status', 'GET', 'read', params, options);
  }

  /** POST asset.upload_from_url_abort.json: stops an upload from a URL. */
  uploadFromUrlAbort(
    params: UploadStatusParams,
    options?: CallOptions,
  ): Promise<AssetUploadFromUrlAbortResponse & Envelope> {
    return this.#transport.call('asset.upload_from_url_abort', 'POST', 'write', params, options);
  }

  /**
   * Polls asset.upload_from_url_get_status until the upload is `done`, `failed` or `aborted` and
   * resolves with that last status (check `status` and `resid`); bounded by `timeoutMs`.
   */
  async waitForUploadFromUrl(
    params: UploadStatusParams,
    options: WaitForUploadOptions = {},
  ): Promise<UploadFromUrlStatus & Envelope> {
    const { intervalMs = 1000, timeoutMs = 600_000, onStatus, ...call } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.uploadFromUrlGetStatus(params, call);
      onStatus?.(status);
      if (FINAL_STATES.has(status.status)) return status;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new ApiError({
          status: 0,
          code: 'timeout',
          message: `asset.upload_from_url_get_status: ${params.status_id} not finished within ${timeoutMs} ms`,
          operation: 'asset.upload_from_url_get_status',
        });
      }
      await sleep(Math.min(intervalMs, left), call.signal);
    }
  }

  /** Every page of asset.list from `params.page` (default 1) to the last (`items_data.pages_count`). */
  listPages(
    params: AssetListParams = {},
    options: CallOptions = {},
  ): AsyncGenerator<AssetListResponse & Envelope, void, undefined> {
    return iteratePages(this.#source(params, options), params.page, options.signal);
  }

  /** Every asset of asset.list, page after page: `for await (const asset of client.asset.iterateList())`. */
  iterateList(
    params: AssetListParams = {},
    options: CallOptions = {},
  ): AsyncGenerator<AssetRecord, void, undefined> {
    return iterateItems(this.#source(params, options), params.page, options.signal);
  }

  #source(
    params: AssetListParams,
    options: CallOptions,
  ): PagedSource<AssetListResponse & Envelope, AssetRecord> {
    return {
      fetchPage: (page, signal) => this.list({ ...params, page }, { ...options, signal }),
      items: (response) => response.items ?? [],
      pageCount: (response) => response.items_data?.pages_count,
    };
  }
}

/** `custom: { color: 'red' }` goes on the wire as `custom.color=red`. */
export function flattenCustom(params: AssetSetMetaParams): Params {
  const { custom, ...rest } = params;
  const out: Params = { ...rest };
  for (const [name, value] of Object.entries(custom ?? {})) {
    if (!name) throw new TypeError('custom field names must not be empty');
    out[`custom.${name}`] = value;
  }
  return out;
}
