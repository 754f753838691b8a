// Turns the api_token / upload_token of a request into who is calling and what they may do.
import { isIP } from 'node:net';
import type { Clock } from '../clock.ts';
import { denied, ServiceError } from '../errors.ts';
import { sha256 } from '../ids.ts';
import type { TokenKind, TokenRow, TokenStore } from '../store/tokens.ts';
import { type Permission, parseStoredPermissions } from './permissions.ts';

export interface AuthContext {
  kind: TokenKind;
  tokenHash: string;
  permissions: ReadonlySet<Permission>;
  /** Temporary and upload tokens: the one gallery / asset they may change (null = any). */
  scope: { fid: string | null; rid: string | null };
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

/** Throws 403 (invalid_token, token_expired, ip_not_allowed) unless the credentials are good now. */
export function authenticate(
  tokens: TokenStore,
  clock: Clock,
  credentials: Credentials,
  ip: string,
): AuthContext {
  const apiToken = typeof credentials.api_token === 'string' ? credentials.api_token : '';
  const uploadToken = typeof credentials.upload_token === 'string' ? credentials.upload_token : '';
  const presented = apiToken || uploadToken;
  if (!presented) throw new ServiceError('invalid_token', 'An api_token (or upload_token) is required');
  const row = tokens.find(hashOf(presented));
  // An upload token only works as upload_token, an API token only as api_token: one name, one meaning.
  if (!row || (apiToken ? row.kind === 'upload' : row.kind !== 'upload')) {
    throw new ServiceError('invalid_token', 'The token is not valid');
  }
  return contextOf(row, clock, ip);
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
