// Self-minted temporary tokens (version 3), made offline from an application token with WebCrypto alone
// (Node 20+ and browsers), as the hosted service's own plugins make them: a backend hands a browser a
// short-lived, narrowed token with no round trip to the service.

export interface MintTempTokenOptions {
  /** When the token stops working: a Date, or ms since the epoch. */
  expire: Date | number;
  /** Permission names or patterns (`asset.*`), joined by `|`; omit for the parent token's permissions. */
  permissions?: string | readonly string[];
  /** Limits changes to one asset. */
  rid?: string;
  /** Limits changes to one gallery. */
  fid?: string;
  /** Limits changes to the gallery of this rrid (the caller's own id of it, as in upload.iframe). */
  rrid?: string;
  /** Rejects calls from any other client IP address. */
  sourceip?: string;
  /** Rejects calls from pages (Origin, else Referer) on any other host. */
  host?: string;
}

const encoder = new TextEncoder();

/** ISO 8601 UTC with 7 fraction digits, as the service's own minters write it. */
function expiryText(expire: Date | number): string {
  const date = new Date(expire);
  if (Number.isNaN(date.getTime())) throw new TypeError('mintTempToken: expire must be a valid date');
  return `${date.toISOString().slice(0, -1)}0000Z`;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Mints a version 3 temporary token from an application token: `<accid>i3<last 4 of the parent>` then
 * base64url (no padding) of `salt(16) | iv(16) | AES-256-CBC(payload)` under HKDF-SHA256(parent, salt).
 * The service treats it as a `token.get_temp` token of the parent, never beyond it. The parent token never
 * leaves the caller; keep this on a server unless the page may hold the parent anyway.
 *
 * @example
 * ```ts
 * import { mintTempToken } from 'gallery-elements/api';
 * const token = await mintTempToken(process.env.API_TOKEN!, {
 *   expire: new Date(Date.now() + 10 * 60_000),
 *   permissions: ['asset.read', 'asset.upload'],
 *   host: 'cms.example.com',
 * });
 * ```
 */
export async function mintTempToken(parentToken: string, options: MintTempTokenOptions): Promise<string> {
  if (!parentToken) throw new TypeError('mintTempToken: the parent token is required');
  const permissions =
    typeof options.permissions === 'string' || options.permissions === undefined
      ? options.permissions
      : options.permissions.join('|');
  let payload = expiryText(options.expire);
  for (const [letter, value] of [
    ['p', permissions],
    ['r', options.rid],
    ['f', options.fid],
    ['d', options.rrid],
    ['i', options.sourceip],
    ['h', options.host],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (value.includes('!')) throw new TypeError(`mintTempToken: '!' cannot appear in a value (${letter})`);
    payload += `!${letter}${value}`;
  }
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const material = await crypto.subtle.importKey('raw', encoder.encode(parentToken), 'HKDF', false, [
    'deriveKey',
  ]);
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new Uint8Array(0) },
    material,
    { name: 'AES-CBC', length: 256 },
    false,
    ['encrypt'],
  );
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, key, encoder.encode(payload)),
  );
  const bytes = new Uint8Array(32 + sealed.length);
  bytes.set(salt);
  bytes.set(iv, 16);
  bytes.set(sealed, 32);
  const accid = parentToken.split('i', 2)[0];
  return `${accid}i3${parentToken.slice(-4)}${base64url(bytes)}`;
}
