// Version 3 temporary tokens, minted offline by a caller's own server from its application token, as the
// hosted service accepts them (decisions.md "Temporary tokens"; wire-audit §3.1):
// `<accid>i3<parent's last 4><base64url(salt 16 | iv 16 | AES-256-CBC(payload))>`, the key
// HKDF-SHA256(ikm = the parent token, salt, info = "", 32). The payload is the expiry (ISO 8601 UTC, 0-7
// fraction digits), then optional `!p<permissions> !r<rid> !f<fid> !d<rrid> !i<ip> !h<host>` in that order.
import { createDecipheriv, hkdfSync } from 'node:crypto';
import type { ParentCandidate, TokenRow } from '../store/tokens.ts';

export interface SelfMinted {
  /** The application token it was minted from. */
  parent: Readonly<TokenRow>;
  expiresAt: number;
  /** `!p`: a permission pattern, narrowed to the parent's; null = the parent's permissions. */
  permissions: string | null;
  rid: string | null;
  fid: string | null;
  /** `!d`: the caller's own id of a gallery (upload.iframe `rrid`). */
  rrid: string | null;
  /** `!i`: the only address it may be used from. */
  sourceip: string | null;
  /** `!h`: the only host whose pages (Origin, else Referer) may use it. */
  host: string | null;
}

/** Position, not splitting: the last 4 characters may be anything, `i` and `3` included. */
const SHAPE = /^([^i]*)i3([\s\S]{4})([A-Za-z0-9_-]{64,})$/;
const PAYLOAD =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?Z(?:!p(.*?))?(?:!r(.*?))?(?:!f(.*?))?(?:!d(.*?))?(?:!i(.*?))?(?:!h(.*?))?$/s;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether a token has the shape of a version 3 token (an exact application token is looked up first). */
export function looksSelfMinted(token: string): boolean {
  return SHAPE.test(token);
}

/**
 * The claims of a version 3 token, or undefined when no application token of the account ending in its
 * last 4 characters (`candidates` gives them with their plaintext) decrypts it to a readable payload. Never
 * throws: a wrong key passes the CBC padding check about once in 256 tries, so garbage is refused by
 * reading it, not by catching a crash.
 */
export function readSelfMinted(
  token: string,
  candidates: (last4: string) => readonly ParentCandidate[],
): SelfMinted | undefined {
  const shape = SHAPE.exec(token);
  if (!shape) return undefined;
  const [, accid = '', last4 = '', sealed = ''] = shape;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 48 || (bytes.length - 32) % 16 !== 0) return undefined;
  for (const candidate of candidates(last4)) {
    if (accidOf(candidate.token) !== accid) continue;
    const minted = open(candidate, bytes);
    if (minted) return minted;
  }
  return undefined;
}

/** The clients take the account id as the text before the first `i` of the parent token. */
function accidOf(token: string): string {
  const at = token.indexOf('i');
  return at < 0 ? token : token.slice(0, at);
}

function open(candidate: ParentCandidate, bytes: Buffer): SelfMinted | undefined {
  let text: string;
  try {
    const key = Buffer.from(hkdfSync('sha256', candidate.token, bytes.subarray(0, 16), '', 32));
    const decipher = createDecipheriv('aes-256-cbc', key, bytes.subarray(16, 32));
    text = utf8.decode(Buffer.concat([decipher.update(bytes.subarray(32)), decipher.final()]));
  } catch {
    return undefined;
  }
  const match = PAYLOAD.exec(text);
  if (!match) return undefined;
  const expiresAt = utcTime(match);
  if (expiresAt === undefined) return undefined;
  const field = (index: number) => (match[index] === undefined || match[index] === '' ? null : match[index]);
  return {
    parent: candidate.row,
    expiresAt,
    // An empty `!p` is a permission list like token.get_temp's empty `permissions`: none.
    permissions: match[8] ?? null,
    rid: field(9),
    fid: field(10),
    rrid: field(11),
    sourceip: field(12),
    host: field(13),
  };
}

/** The expiry as ms since the epoch, or undefined for a date that does not exist. */
function utcTime(match: RegExpExecArray): number | undefined {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const ms = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const time = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second, ms);
  const date = new Date(time);
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month as number) - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return real ? time : undefined;
}
