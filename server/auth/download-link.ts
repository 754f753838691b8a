// The signed zip link of gallery.download as a credential: `/download/<fid>.zip?type&d&hash`, an HMAC by
// the account secret over the gallery, the type and the expiry (minted by services/downloads.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { denied } from '../errors.ts';
import type { AccountSettings } from '../store/settings.ts';

export type DownloadType = 'original' | 'resized';

export function downloadSignature(
  account: AccountSettings,
  fid: string,
  type: DownloadType,
  expires: number,
): string {
  return createHmac('sha256', account.secret)
    .update(`download\n${account.accid}\n${fid}\n${type}\n${expires}`)
    .digest('hex');
}

/** Throws 403 when the link was changed or has expired; returns the zip type it was signed for. */
export function readDownloadLink(
  account: AccountSettings,
  clock: Clock,
  fid: string,
  query: Record<string, unknown>,
): DownloadType {
  const { type, d, hash } = query;
  if (typeof type !== 'string' || typeof d !== 'string' || typeof hash !== 'string')
    throw denied('The download link is incomplete: type, d and hash are required');
  if ((type !== 'original' && type !== 'resized') || !/^\d{1,12}$/.test(d) || !/^[0-9a-f]{64}$/.test(hash))
    throw denied('The download link signature does not match; request a new link');
  const expected = Buffer.from(downloadSignature(account, fid, type, Number(d)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex')))
    throw denied('The download link signature does not match; request a new link');
  if (Number(d) * 1000 < clock.now()) throw denied('The download link has expired; request a new link');
  return type;
}
