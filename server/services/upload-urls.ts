// Minting signed upload URLs (the gallery's `upload_url`, asset.get_upload_url); auth/upload-url.ts reads them.
import { MAX_UPLOAD_URL_TTL_SECONDS } from '../../src/contract/asset.ts';
import { UPLOAD_TOKEN_ID, uploadUrlSignature } from '../auth/upload-url.ts';
import type { ServerContext } from '../context.ts';

export interface UploadUrlTarget {
  fid?: string | null;
  rid?: string | null;
  type?: string | null;
  ttlSeconds?: number;
  /** Hash of the upload token the URL is handed to: what is uploaded through it belongs to that token. */
  uploadTokenHash?: string | null;
}

export function signUploadUrl(
  ctx: Pick<ServerContext, 'account' | 'clock' | 'publicUrl'>,
  target: UploadUrlTarget = {},
): string {
  const ttl = Math.min(
    Math.max(1, Math.floor(target.ttlSeconds ?? MAX_UPLOAD_URL_TTL_SECONDS)),
    MAX_UPLOAD_URL_TTL_SECONDS,
  );
  const uid = ctx.account.accid;
  const d = String(Math.floor(ctx.clock.now() / 1000) + ttl);
  const addtofid = target.fid || '0';
  const rid = target.rid || '';
  const type = rid ? target.type || '' : '';
  const tokenId = target.uploadTokenHash || '';
  const hash = uploadUrlSignature(ctx.account.secret, uid, d, addtofid, rid, type, tokenId);
  const query = new URLSearchParams({ uid, d, hash, addtofid });
  if (rid) {
    query.set('rid', rid);
    query.set('type', type);
  }
  if (tokenId) query.set(UPLOAD_TOKEN_ID, tokenId);
  return `${ctx.publicUrl()}/upload?${query.toString()}`;
}
