// asset.*: list, get_tags, set_meta (custom.NAME fields), resync, delete, upload URLs and uploads from a URL.
import { ASSET_TEXT_FIELDS, type AssetRecord, type AssetTextField, type AssetType } from './asset-record.ts';
import { GET_READ, type HeadsOf, type Op, POST_WRITE, type RulesOf } from './operation.ts';
import { id, oneOf, PAGE, text } from './schema.ts';
import type { ItemsData, List } from './wire.ts';

export interface AssetListParams {
  /** Free-text search; `caption=term`, `description=term` and `tag=term` match exactly. */
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

export type AssetSetMetaParams = { rid: string } & { [K in AssetTextField]?: string } & {
  tags?: List;
  /** Custom fields, sent as `custom.NAME=value`; an empty value removes the field. */
  custom?: Readonly<Record<string, string | number>>;
};

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

export interface AssetDeleteResponse {
  /** The rids deleted, comma-joined (reference server). */
  rid?: string;
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
  /** Signed URL to POST the file to (chunks, or multipart with the field `file`). */
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

/** State of an asset.upload_from_url process. */
export type UploadFromUrlState = 'queued' | 'inprogress' | 'done' | 'failed' | 'aborted';

export interface UploadFromUrlStatus {
  status: UploadFromUrlState;
  /** 0-100. */
  progress: number;
  progress_bytes: number;
  /** -1 while unknown. */
  file_size_bytes: number;
  /** The new asset's rid once `done`. */
  resid?: string;
  /** Why it failed. */
  message?: string;
  status_id?: string;
}

export interface AssetUploadFromUrlAbortResponse {
  status_id: string;
}

/** Upload URLs live 24 hours at most (decisions.md "Uploads"). */
export const MAX_UPLOAD_URL_TTL_SECONDS = 24 * 60 * 60;

export interface AssetOperations {
  'asset.list': Op<AssetListParams, AssetListResponse>;
  'asset.get_tags': Op<Record<never, never>, AssetGetTagsResponse>;
  'asset.set_meta': Op<AssetSetMetaParams, AssetSetMetaResponse, 'custom'>;
  'asset.resync': Op<AssetResyncParams, AssetResyncResponse>;
  'asset.delete': Op<AssetDeleteParams, AssetDeleteResponse>;
  'asset.get_upload_url': Op<AssetGetUploadUrlParams, AssetGetUploadUrlResponse>;
  'asset.upload_from_url': Op<AssetUploadFromUrlParams, AssetUploadFromUrlResponse>;
  'asset.upload_from_url_get_status': Op<UploadStatusParams, UploadFromUrlStatus>;
  'asset.upload_from_url_abort': Op<UploadStatusParams, AssetUploadFromUrlAbortResponse>;
}

export const ASSET = {
  'asset.list': GET_READ,
  'asset.get_tags': GET_READ,
  'asset.set_meta': POST_WRITE,
  'asset.resync': POST_WRITE,
  'asset.delete': POST_WRITE,
  'asset.get_upload_url': GET_READ,
  'asset.upload_from_url': POST_WRITE,
  'asset.upload_from_url_get_status': GET_READ,
  'asset.upload_from_url_abort': POST_WRITE,
} as const satisfies HeadsOf<AssetOperations>;

/**
 * asset.set_meta's parameters: the rid and every metadata field of the record (their own limits are checked
 * by the service, with a clearer message).
 */
/* @__NO_SIDE_EFFECTS__ */
function setMetaParams() {
  const fields = Object.keys(ASSET_TEXT_FIELDS).map((field) => [field, text()]);
  return { rid: id(), ...Object.fromEntries(fields), tags: text() } as {
    readonly rid: ReturnType<typeof id>;
    readonly tags: ReturnType<typeof text>;
  } & { readonly [F in AssetTextField]: ReturnType<typeof text> };
}

const UPLOAD_TARGET = { touches: 'upload-target', gallery: 'fid', asset: 'rid' } as const;
const STATUS_ID = id();

export const ASSET_RULES = {
  'asset.list': {
    permission: 'asset.read',
    scope: { touches: 'nothing' },
    params: {
      search: text(1000),
      rid: text(),
      reference_id: text(1000),
      tag: text(3000),
      type: oneOf(['image', 'video', 'audio', 'other']),
      page: PAGE,
      items_per_page: PAGE,
    },
  },
  'asset.get_tags': { permission: 'asset.read', scope: { touches: 'nothing' }, params: {} },
  'asset.set_meta': {
    permission: 'asset.update',
    scope: { touches: 'assets', param: 'rid' },
    uploadToken: true,
    params: setMetaParams(),
    required: ['rid'],
  },
  'asset.resync': {
    permission: 'asset.update',
    scope: { touches: 'assets', param: 'rid' },
    params: { rid: id(20000) },
    required: ['rid'],
  },
  'asset.delete': {
    permission: 'asset.delete',
    scope: { touches: 'assets', param: 'rid' },
    params: { rid: text() },
    required: ['rid'],
  },
  'asset.get_upload_url': {
    permission: 'asset.upload',
    scope: UPLOAD_TARGET,
    uploadToken: true,
    params: {
      fid: text(64),
      rid: text(64),
      type: text(64),
      ttl: { type: 'integer', minimum: 1, maximum: MAX_UPLOAD_URL_TTL_SECONDS },
    },
  },
  'asset.upload_from_url': {
    permission: 'asset.upload',
    scope: UPLOAD_TARGET,
    params: { input: id(8192), fid: id(), rid: id(), type: text(64), caption: text() },
    required: ['input'],
  },
  'asset.upload_from_url_get_status': {
    // Whoever may start an import may follow it, even with a token that cannot read assets.
    permission: ['asset.upload', 'asset.read'],
    scope: { touches: 'nothing' },
    params: { status_id: STATUS_ID },
    required: ['status_id'],
  },
  'asset.upload_from_url_abort': {
    permission: 'asset.upload',
    scope: { touches: 'import', param: 'status_id' },
    params: { status_id: STATUS_ID },
    required: ['status_id'],
  },
} as const satisfies RulesOf<AssetOperations>;
