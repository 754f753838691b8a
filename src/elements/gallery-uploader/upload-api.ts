// The API calls of the uploader (signed upload URLs, metadata, URL imports, asset lookup, placement) on the
// typed client, and how it reads a refused upload into a sentence for people.
import { AssetApi, type AssetGetUploadUrlParams } from '../../api/asset.ts';
import { ApiError } from '../../api/errors.ts';
import { GalleryApi } from '../../api/gallery.ts';
import { type CallOptions, Transport } from '../../api/transport.ts';
import type { UploadFromUrlStatus } from '../../api/types.ts';
import type { UploadedAsset } from './events.ts';
import type { UploaderStrings } from './locales/en.ts';

export interface UploaderCredentials {
  baseUrl: string;
  /** Application or temporary token (`api_token`); wins over the upload token when both are set. */
  token?: string | undefined;
  /** Upload token (`upload_token`): also appended to every upload URL so the server records ownership. */
  uploadToken?: string | undefined;
}

/** Which gallery the uploads go to: `fid`, or the caller's own id `rrid` (the server looks it up). */
export interface UploaderTarget {
  fid?: string | undefined;
  rrid?: string | undefined;
}

export type ImportState = UploadFromUrlStatus;

export class UploaderApi {
  /** The two namespaces the uploader calls, not the whole client: its bundle stays small. */
  readonly #assets: AssetApi;
  readonly #galleries: GalleryApi;

  constructor(private readonly credentials: UploaderCredentials) {
    const transport = new Transport({
      baseUrl: credentials.baseUrl,
      ...(credentials.token ? { token: credentials.token } : {}),
      ...(credentials.uploadToken ? { uploadToken: credentials.uploadToken } : {}),
    });
    this.#assets = new AssetApi(transport);
    this.#galleries = new GalleryApi(transport);
  }

  /** A fresh signed upload URL (asset.get_upload_url is a GET: the client retries it on failures). */
  async uploadUrl(target: UploaderTarget, options?: CallOptions): Promise<string> {
    // The contract names rrid for upload.iframe only: it goes along for a server that knows it here too.
    const byRrid: AssetGetUploadUrlParams & { rrid?: string | undefined } = {
      rrid: target.rrid || undefined,
    };
    const { upload_url } = await this.#assets.getUploadUrl(
      target.fid ? { fid: target.fid } : byRrid,
      options,
    );
    // A server that does not know rrid would sign a URL for no gallery: refuse rather than scatter files.
    if (!target.fid && target.rrid && new URL(upload_url).searchParams.get('addtofid') === '0') {
      throw new ApiError({
        status: 404,
        code: 'not_found',
        message: `No gallery has the rrid ${target.rrid}`,
        operation: 'asset.get_upload_url',
      });
    }
    return this.withUploadToken(upload_url);
  }

  /** The upload POST carries the upload token itself, so the server can tie the asset to it. */
  withUploadToken(uploadUrl: string): string {
    if (this.credentials.token || !this.credentials.uploadToken) return uploadUrl;
    const url = new URL(uploadUrl);
    url.searchParams.set('upload_token', this.credentials.uploadToken);
    return url.href;
  }

  async startImport(
    input: string,
    target: UploaderTarget,
    caption: string | undefined,
    options?: CallOptions,
  ): Promise<string> {
    if (!target.fid && target.rrid) {
      throw new ApiError({
        status: 400,
        code: 'missing_parameter',
        message: 'Importing from a URL needs the gallery fid',
        operation: 'asset.upload_from_url',
      });
    }
    const { status_id } = await this.#assets.uploadFromUrl(
      { input, ...(target.fid ? { fid: target.fid } : {}), ...(caption ? { caption } : {}) },
      options,
    );
    return status_id;
  }

  importStatus(statusId: string, options?: CallOptions): Promise<ImportState> {
    return this.#assets.uploadFromUrlGetStatus({ status_id: statusId }, options);
  }

  async abortImport(statusId: string): Promise<void> {
    await this.#assets.uploadFromUrlAbort({ status_id: statusId });
  }

  /** The record of one asset (for URL imports, whose status tells only the rid). */
  async asset(rid: string, options?: CallOptions): Promise<UploadedAsset> {
    const { items } = await this.#assets.list({ rid }, options);
    const found = items.find((item) => item.rid === rid);
    return found ? ({ ...found } as UploadedAsset) : { rid };
  }

  /** Sets the metadata of a file that went in chunks (they carry none); repeating it changes nothing. */
  async setMeta(rid: string, fields: Record<string, string>): Promise<UploadedAsset | undefined> {
    const { asset } = await this.#assets.setMeta({ rid, ...fields }, { retry: true });
    return asset ? ({ ...asset } as UploadedAsset) : undefined;
  }

  /** Moves a just-uploaded asset (uploads land at the bottom) to `top` or a 1-based position. */
  async place(fid: string, rid: string, insertPosition: string): Promise<void> {
    const position = /^\d+$/.test(insertPosition) ? Number(insertPosition) : insertPosition;
    if (position !== 'top' && position !== 'bottom' && typeof position !== 'number') return;
    await this.#galleries.addItem({ fid, rid, insert_position: position });
  }
}

/** A failed upload POST, read from the response's JSON envelope. */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** A refusal of the upload URL (status, code and the server's own message) as a sentence for people. */
export function uploadFailureFrom(
  refusal: { status: number; code: string; message: string },
  strings: UploaderStrings,
): UploadFailure {
  return new UploadFailure(
    readable(refusal.status, refusal.code, refusal.message, strings),
    refusal.status,
    refusal.code,
  );
}

/** The same for a failed API call (asset.get_upload_url refused, URL import failed to start). */
export function failureFromError(error: unknown, strings: UploaderStrings): UploadFailure {
  if (error instanceof UploadFailure) return error;
  if (error instanceof ApiError) {
    const detail = error.status === 0 ? '' : error.message;
    return new UploadFailure(readable(error.status, error.code, detail, strings), error.status, error.code);
  }
  const message = error instanceof Error && error.message ? error.message : strings.networkError;
  return new UploadFailure(message, 0, 'network_error');
}

/** Our sentence for the refusal, followed by the server's own explanation when it gave one. */
function readable(status: number, code: string, detail: string, strings: UploaderStrings): string {
  const general =
    status === 413
      ? strings.tooLarge
      : status === 403 || status === 401
        ? forbiddenSentence(code, detail, strings)
        : status === 400
          ? strings.badRequest
          : status === 404
            ? strings.notFound
            : status === 0
              ? strings.networkError
              : strings.serverError;
  return detail ? `${general} ${detail}` : general;
}

/**
 * A 403 names what a person can act on: an expired token needs a new link, a refused upload URL is not the
 * credentials' fault (saying "not allowed with these credentials" there sends people the wrong way).
 */
function forbiddenSentence(code: string, detail: string, strings: UploaderStrings): string {
  if (code === 'token_expired') return strings.tokenExpired;
  if (code === 'permission_denied' && /upload url/i.test(detail)) return strings.uploadUrlRefused;
  return strings.forbidden;
}
