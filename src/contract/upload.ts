// upload.*: upload.get_upload_token and upload.iframe (an HTML answer, not JSON).
import { GET_READ, type HeadsOf, type Op, type RulesOf } from './operation.ts';
import { text } from './schema.ts';

export interface UploadTokenParams {
  /** The gallery that receives the uploads. */
  fid?: string;
  /** Last valid day (UTC), `YYYY-MM-DD` or a Date; default 7 days. */
  expire?: string | Date;
}

export interface UploadTokenResponse {
  /** Send it as `upload_token` (a client built with `uploadToken`). */
  upload_token: string;
  fid?: string;
  /** ISO 8601, when the service says. */
  expires?: string;
}

export interface UploadIframeParams {
  /** Target gallery. */
  fid?: string;
  /** The caller's own id of the target gallery, instead of `fid`. */
  rrid?: string;
  /** Origin of the embedding page, to which the frame posts its messages (reference-server extension). */
  parent_origin?: string;
  /**
   * Language of the frame (`de`, `fr`, `de-AT`, …; reference-server extension), passed on in its address;
   * without it the frame follows the visitor's browser, else English.
   */
  locale?: string;
}

export interface UploadOperations {
  'upload.iframe': Op<UploadIframeParams, string>;
  'upload.get_upload_token': Op<UploadTokenParams, UploadTokenResponse>;
}

export const UPLOAD = {
  'upload.iframe': { method: 'GET', kind: 'read', path: 'upload.iframe', answer: 'html' },
  'upload.get_upload_token': GET_READ,
} as const satisfies HeadsOf<UploadOperations>;

export const UPLOAD_RULES = {
  'upload.iframe': {
    // With an api_token: the embed code, which holds a fresh upload token for the gallery. With an
    // upload_token: the frame page itself, a page whose failures are pages too (checked by its route).
    permission: 'asset.upload',
    scope: { touches: 'gallery', param: 'fid' },
    uploadToken: true,
    params: {
      fid: { type: 'string' },
      rrid: { type: 'string' },
      parent_origin: { type: 'string' },
      locale: text(35),
    },
  },
  'upload.get_upload_token': {
    permission: 'token.create',
    scope: { touches: 'gallery', param: 'fid' },
    params: { fid: text(64), expire: text(32) },
  },
} as const satisfies RulesOf<UploadOperations>;
