// asset.*: list, get_tags, set_meta (custom.NAME fields), resync, delete, upload URLs and uploads from a URL.

import {
  ASSET,
  type AssetDeleteParams,
  type AssetGetUploadUrlParams,
  type AssetListParams,
  type AssetListResponse,
  type AssetOperations,
  type AssetResyncParams,
  type AssetSetMetaParams,
  type AssetUploadFromUrlParams,
  type UploadFromUrlStatus,
  type UploadStatusParams,
} from '../contract/asset.ts';
import type { AssetRecord } from '../contract/asset-record.ts';
import { ApiError } from './errors.ts';
import { Namespace } from './namespace.ts';
import { iterateItems, iteratePages, type PagedSource } from './paging.ts';
import { type CallOptions, type Envelope, type Params, sleep, type Transport } from './transport.ts';

export type {
  AssetDeleteParams,
  AssetGetTagsResponse,
  AssetGetUploadUrlParams,
  AssetGetUploadUrlResponse,
  AssetListParams,
  AssetListResponse,
  AssetResyncParams,
  AssetResyncResponse,
  AssetSetMetaParams,
  AssetSetMetaResponse,
  AssetUploadFromUrlAbortResponse,
  AssetUploadFromUrlParams,
  AssetUploadFromUrlResponse,
  AttachType,
  UploadStatusParams,
} from '../contract/asset.ts';

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

export class AssetApi extends Namespace<AssetOperations> {
  constructor(transport: Transport) {
    super(transport, ASSET);
  }

  /** GET asset.list.json: one page of the account's assets. */
  list(params: AssetListParams = {}, options?: CallOptions) {
    return this.call('asset.list', params, options);
  }

  /** GET asset.get_tags.json: every tag in use with its count. */
  getTags(options?: CallOptions) {
    return this.call('asset.get_tags', {}, options);
  }

  /** POST asset.set_meta.json: metadata and `custom` fields of one asset. */
  async setMeta(params: AssetSetMetaParams, options?: CallOptions) {
    return this.call('asset.set_meta', flattenCustom(params), options);
  }

  /** POST asset.resync.json: queues generation of the asset's missing versions. */
  resync(params: AssetResyncParams, options?: CallOptions) {
    return this.call('asset.resync', params, options);
  }

  /** POST asset.delete.json: deletes assets for good, from every gallery too. */
  delete(params: AssetDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.call('asset.delete', params, options);
  }

  /** GET asset.get_upload_url.json: a signed URL to POST a file into a gallery or onto an asset. */
  getUploadUrl(params: AssetGetUploadUrlParams = {}, options?: CallOptions) {
    return this.call('asset.get_upload_url', params, options);
  }

  /** POST asset.upload_from_url.json: starts fetching `input`; follow it with the returned `status_id`. */
  uploadFromUrl(params: AssetUploadFromUrlParams, options?: CallOptions) {
    return this.call('asset.upload_from_url', params, options);
  }

  /** GET asset.upload_from_url_get_status.json: progress, and the new rid (`resid`) when done. */
  uploadFromUrlGetStatus(params: UploadStatusParams, options?: CallOptions) {
    return this.call('asset.upload_from_url_get_status', params, options);
  }

  /** POST asset.upload_from_url_abort.json: stops an upload from a URL. */
  uploadFromUrlAbort(params: UploadStatusParams, options?: CallOptions) {
    return this.call('asset.upload_from_url_abort', params, options);
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
