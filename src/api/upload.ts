// upload.get_upload_token, upload.iframe (HTML, not JSON) and the multipart POST of a file to an upload URL.
import type { AssetRecord } from '../contract/asset-record.ts';
import {
  UPLOAD,
  type UploadIframeParams,
  type UploadOperations,
  type UploadTokenParams,
} from '../contract/upload.ts';
import type { UploadFields } from '../contract/uploads.ts';
import { ApiError } from './errors.ts';
import { Namespace } from './namespace.ts';
import { type CallOptions, type Envelope, readEnvelope, type Transport } from './transport.ts';

export type { UploadIframeParams, UploadTokenParams, UploadTokenResponse } from '../contract/upload.ts';
export type { UploadFields } from '../contract/uploads.ts';

export interface UploadProgress {
  /** Bytes of the file sent so far. */
  loaded: number;
  /** Size of the file in bytes. */
  total: number;
}

export interface UploadFileOptions {
  signal?: AbortSignal;
  /**
   * Called with `loaded: 0` when the request starts and `loaded: total` once the service has accepted
   * the file: fetch reports no finer upload progress everywhere (the uploader element does).
   */
  onProgress?: (progress: UploadProgress) => void;
  /** File name to send when `file` is a Blob without one (default `file`). */
  filename?: string;
  /** Upload token to send as `upload_token`, so the asset counts as uploaded with it. */
  uploadToken?: string;
  /** fetch to use; defaults to the global one. */
  fetch?: typeof fetch;
}

export interface UploadResponse {
  rid: string;
  asset: AssetRecord;
}

/**
 * POSTs one file to an upload URL (a gallery's `upload_url` or asset.get_upload_url's) as
 * multipart/form-data with the file in the field `file`; metadata fields go before it. It asks for the
 * JSON answer (without `Accept: application/json` the upload URL answers in the hosted service's text,
 * see {@link readUploadAnswer}). Resolves with the new asset; rejects with an ApiError (operation
 * `upload`) or the signal's reason. Never retried.
 */
export async function uploadFile(
  uploadUrl: string | URL,
  file: Blob,
  fields: UploadFields = {},
  options: UploadFileOptions = {},
): Promise<UploadResponse & Envelope> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const url = new URL(uploadUrl);
  if (options.uploadToken) url.searchParams.set('upload_token', options.uploadToken);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const name = options.filename ?? (file as Partial<File>).name ?? 'file';
  form.append('file', file, name || 'file');
  const total = file.size;
  onProgress?.({ loaded: 0, total });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      body: form,
      signal: signal ?? null,
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    if (signal?.aborted) throw signal.reason;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'upload: the service could not be reached',
      operation: 'upload',
      cause,
    });
  }
  const body = await readEnvelope('upload', response, () => {
    if (signal?.aborted) throw signal.reason;
  });
  onProgress?.({ loaded: total, total });
  return body as UploadResponse & Envelope;
}

/** A Date as the `YYYY-MM-DD` day (UTC) upload.get_upload_token expects. */
export function formatExpire(expire: string | Date | undefined): string | undefined {
  return expire instanceof Date ? expire.toISOString().slice(0, 10) : expire;
}

export class UploadApi extends Namespace<UploadOperations> {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    super(transport, UPLOAD);
    this.#transport = transport;
  }

  /** GET upload.get_upload_token.json: an upload token for one gallery, returned in `upload_token`. */
  getUploadToken(params: UploadTokenParams = {}, options?: CallOptions) {
    const query = { ...params, expire: formatExpire(params.expire) };
    return this.call('upload.get_upload_token', query, options);
  }

  /**
   * GET upload.iframe: the embeddable `<iframe>` HTML string for the gallery's upload frame (not JSON).
   * The service puts a fresh upload token in the frame, never this client's api_token.
   */
  iframe(params: UploadIframeParams = {}, options?: CallOptions): Promise<string> {
    return this.call('upload.iframe', params, options);
  }

  /**
   * The URL of upload.iframe with this client's credentials. With an api_token it answers the embed
   * HTML; on an upload-token client it is the upload frame page itself, usable as an iframe `src`.
   */
  iframeUrl(params: UploadIframeParams = {}): URL {
    return this.#transport.url(UPLOAD['upload.iframe'].path, params);
  }

  /**
   * {@link uploadFile} with this client's fetch, sending its upload token when it is an upload-token
   * client (so the asset counts as uploaded with that token).
   */
  file(
    uploadUrl: string | URL,
    file: Blob,
    fields: UploadFields = {},
    options: UploadFileOptions = {},
  ): Promise<UploadResponse & Envelope> {
    const { token, uploadToken, fetch } = this.#transport.options;
    return uploadFile(uploadUrl, file, fields, {
      ...(fetch ? { fetch } : {}),
      ...(!token && uploadToken ? { uploadToken } : {}),
      ...options,
    });
  }
}
