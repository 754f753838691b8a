// The signed upload URL as a credential: `/upload?uid&d&hash&addtofid[&rid&type][&upload_token_id]`, an
// HMAC by the account secret over the rest (minted by services/upload-urls.ts, read here).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EXPIRED_UPLOAD_URL } from '../../src/contract/uploads.ts';
import type { Clock } from '../clock.ts';
import { denied } from '../errors.ts';
import type { AccountSettings } from '../store/settings.ts';

/** What an upload URL points at, once its signature is checked. */
export interface VerifiedUploadUrl {
  fid: string | null;
  rid: string | null;
  type: string | null;
  /** Hash of the upload token the URL was minted for, or null. */
  uploadTokenHash: string | null;
}

/** Query parameter naming the upload token (by its hash, never the secret) the URL was minted for. */
export const UPLOAD_TOKEN_ID = 'upload_token_id';

/**
 * JSON of the ordered fields: no separator inside a value can make two different URLs sign alike. The
 * token id joins the list only when present, so URLs without one sign as they always have.
 */
export function uploadUrlSignature(
  secret: string,
  uid: string,
  d: string,
  addtofid: string,
  rid: string,
  type: string,
  tokenId: string,
): string {
  const fields = ['upload', uid, d, addtofid, rid, type];
  if (tokenId) fields.push(tokenId);
  return createHmac('sha256', secret).update(JSON.stringify(fields)).digest('hex');
}

/** Throws 403 permission_denied when the URL was tampered with, has expired or is another account's. */
export function readUploadUrl(
  account: AccountSettings,
  clock: Clock,
  query: Record<string, unknown>,
): VerifiedUploadUrl {
  const field = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw denied(`The upload URL carries '${name}' more than once`);
    return value;
  };
  const uid = field('uid');
  const d = field('d');
  const hash = field('hash');
  const addtofid = field('addtofid');
  const rid = field('rid') ?? '';
  const type = field('type') ?? '';
  const tokenId = field(UPLOAD_TOKEN_ID) ?? '';
  if (!uid || !d || !hash || !addtofid) {
    throw denied('The upload URL is incomplete: uid, d, hash and addtofid are required');
  }
  if (uid !== account.accid) throw denied('The upload URL belongs to another account');
  const expected = Buffer.from(
    uploadUrlSignature(account.secret, uid, d, addtofid, rid, type, tokenId),
    'hex',
  );
  const given = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw denied('The upload URL signature does not match; request a new upload URL');
  }
  if (!/^\d{1,12}$/.test(d) || Number(d) * 1000 <= clock.now()) {
    throw denied(EXPIRED_UPLOAD_URL);
  }
  return {
    fid: addtofid === '0' ? null : addtofid,
    rid: rid || null,
    type: rid ? type : null,
    uploadTokenHash: tokenId || null,
  };
}
