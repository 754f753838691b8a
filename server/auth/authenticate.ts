// Turns the api_token / upload_token of a request into who is calling and what they may do.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Clock } from '../clock.ts';
import { denied, ServiceError } from '../errors.ts';
import { sha256 } from '../ids.ts';
import type { TokenKind, TokenRow, TokenStore } from '../store/tokens.ts';
import { expandPattern, type Permission, parseStoredPermissions } from './permissions.ts';
import { looksSelfMinted, readSelfMinted, type SelfMinted } from './self-minted.ts';

export interface AuthContext {
  kind: TokenKind;
  tokenHash: string;
  permissions: ReadonlySet<Permission>;
  /**
   * Temporary and upload tokens: the one gallery / asset they may change (null = any). A version 3 token's
   * `!d` names its gallery by rrid: `rrid` is set, and `fid` is that gallery's, or `rrid:<rrid>` (which no
   * gallery is) while upload.iframe has not made it yet.
   */
  scope: { fid: string | null; rid: string | null; rrid?: string | null };
  expiresAt: number | null;
  /** The only galleries this token may read, or null for no such limit (portal page tokens). */
  readFids: ReadonlySet<string> | null;
  /** The caller's address as the server saw it (IPv4-mapped IPv6 unwrapped). */
  ip: string;
  /** The only address the token may be used from (null = any); tokens it mints keep it. */
  sourceip: string | null;
}

export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isValidIp(ip: string): boolean {
  return isIP(ip) !== 0;
}

export interface Credentials {
  api_token?: unknown;
  upload_token?: unknown;
}

/**
 * Throws 403 (invalid_token, token_expired, ip_not_allowed, permission_denied) unless the credentials are
 * good now. `headers` give the page a request comes from (Origin, else Referer), which a version 3 token's
 * `!h` limits.
 */
export function authenticate(
  tokens: TokenStore,
  clock: Clock,
  credentials: Credentials,
  ip: string,
  headers: IncomingHttpHeaders = {},
): AuthContext {
  const apiToken = typeof credentials.api_token === 'string' ? credentials.api_token : '';
  const uploadToken = typeof credentials.upload_token === 'string' ? credentials.upload_token : '';
  const presented = apiToken || uploadToken;
  if (!presented) throw new ServiceError('invalid_token', 'An api_token (or upload_token) is required');
  const hash = hashOf(presented);
  const row = tokens.find(hash);
  if (!row && apiToken && looksSelfMinted(apiToken)) {
    return selfMintedContext(tokens, clock, apiToken, hash, ip, headers);
  }
  // An upload token only works as upload_token, an API token only as api_token: one name, one meaning.
  if (!row || (apiToken ? row.kind === 'upload' : row.kind !== 'upload')) {
    throw new ServiceError('invalid_token', 'The token is not valid');
  }
  if (row.kind === 'application' && !row.secret_box) tokens.rememberSecret(row.hash, presented);
  return contextOf(row, clock, ip);
}

/** Version 3 tokens read recently (their decryption is the cost; the checks below run every time). */
const recentMinted = new Map<string, SelfMinted>();

/** A version 3 token is a temporary token of its parent, narrowed by every field it carries. */
function selfMintedContext(
  tokens: TokenStore,
  clock: Clock,
  token: string,
  hash: string,
  ip: string,
  headers: IncomingHttpHeaders,
): AuthContext {
  let minted = recentMinted.get(token);
  if (!minted) {
    minted = readSelfMinted(tokens, token);
    if (!minted) throw new ServiceError('invalid_token', 'The token is not valid');
    if (recentMinted.size >= RECENT_HASHES) recentMinted.delete(recentMinted.keys().next().value as string);
    recentMinted.set(token, minted);
  }
  // The parent as it is now (the fixed token may have been replaced since).
  const parent = tokens.find(minted.parent.hash);
  if (parent?.kind !== 'application') throw new ServiceError('invalid_token', 'The token is not valid');
  if (clock.now() >= minted.expiresAt) throw new ServiceError('token_expired', 'The token has expired');
  const callerIp = normalizeIp(ip);
  const sourceip = minted.sourceip ? normalizeIp(minted.sourceip) : null;
  if (sourceip && sourceip !== callerIp) {
    throw new ServiceError('ip_not_allowed', `This token may not be used from ${callerIp}`);
  }
  if (minted.host && !sameHost(minted.host, pageHost(headers))) {
    throw denied(`This token may only be used from pages on ${minted.host}`);
  }
  const own = rightsOf(parent).permissions;
  const asked = minted.permissions === null ? [...own] : expandPattern(minted.permissions);
  if (asked === undefined) throw new ServiceError('invalid_token', 'The token names unknown permissions');
  const fid =
    minted.fid ?? (minted.rrid ? (tokens.galleryOfRrid(minted.rrid) ?? `rrid:${minted.rrid}`) : null);
  return {
    kind: 'temporary',
    tokenHash: hash,
    permissions: new Set(asked.filter((p) => own.has(p))),
    scope: { fid, rid: minted.rid, rrid: minted.rrid },
    expiresAt: minted.expiresAt,
    readFids: null,
    ip: callerIp,
    sourceip,
  };
}

/** The host of the page a request comes from: its Origin, else its Referer; null when neither says. */
function pageHost(headers: IncomingHttpHeaders): URL | null {
  for (const value of [headers.origin, headers.referer]) {
    if (typeof value !== 'string' || value === '' || value === 'null') continue;
    try {
      return new URL(value);
    } catch {
      // Unreadable: try the next header.
    }
  }
  return null;
}

/** `!h` as a host name matches the page's host name (any port); with a port, host and port. */
function sameHost(allowed: string, page: URL | null): boolean {
  if (!page) return false;
  const want = allowed.toLowerCase();
  return want.includes(':') ? page.host === want : page.hostname === want;
}

/** Hashes of recently presented tokens: every request presents one, most of them the same few. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 1000;

function hashOf(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) {
    hash = sha256(token);
    if (recentHashes.size >= RECENT_HASHES) recentHashes.delete(recentHashes.keys().next().value as string);
    recentHashes.set(token, hash);
  }
  return hash;
}

/**
 * The upload token an upload URL was minted for, named by its hash (the URL never holds the secret): the
 * URL acts for that token, so the token must still be good now, from this address.
 */
export function authenticateUploadTokenHash(
  tokens: TokenStore,
  clock: Clock,
  hash: string,
  ip: string,
): AuthContext {
  const row = tokens.find(hash);
  if (row?.kind !== 'upload') throw denied('The upload token of this upload URL is not valid');
  return contextOf(row, clock, ip);
}

/** The parsed rights of a (remembered, frozen) token row: parsed once, not on every request. */
const parsedRights = new WeakMap<
  Readonly<TokenRow>,
  { permissions: ReadonlySet<Permission>; readFids: ReadonlySet<string> | null }
>();

function rightsOf(row: Readonly<TokenRow>) {
  let rights = parsedRights.get(row);
  if (!rights) {
    rights = {
      permissions: parseStoredPermissions(row.permissions),
      readFids: row.read_fids ? new Set(JSON.parse(row.read_fids) as string[]) : null,
    };
    parsedRights.set(row, rights);
  }
  return rights;
}

function contextOf(row: Readonly<TokenRow>, clock: Clock, ip: string): AuthContext {
  if (row.expires_at !== null && clock.now() >= row.expires_at) {
    throw new ServiceError('token_expired', 'The token has expired');
  }
  const callerIp = normalizeIp(ip);
  const sourceip = row.sourceip ? normalizeIp(row.sourceip) : null;
  if (sourceip && sourceip !== callerIp) {
    throw new ServiceError('ip_not_allowed', `This token may not be used from ${callerIp}`);
  }
  const { permissions, readFids } = rightsOf(row);
  return {
    kind: row.kind,
    tokenHash: row.hash,
    permissions,
    scope: { fid: row.fid, rid: row.rid },
    expiresAt: row.expires_at,
    readFids,
    ip: callerIp,
    sourceip,
  };
}

export function requirePermission(auth: AuthContext, permission: Permission): void {
  if (!auth.permissions.has(permission)) {
    throw new ServiceError('permission_denied', `This token lacks the permission ${permission}`);
  }
}
