// Reads a request's credential (api_token, upload_token, or the upload token an upload URL names) into who
// is calling and what they may do: the Caller every access decision (policy.ts) starts from.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Permission, TokenType } from '../../src/contract/permissions.ts';
import type { Clock } from '../clock.ts';
import { denied, ServiceError } from '../errors.ts';
import { sha256 } from '../ids.ts';
import { Kept } from '../read-model/kept.ts';
import type { TokenReads } from '../read-model/tokens.ts';
import type { TokenRow } from '../store/tokens.ts';
import { expandPattern, parseStoredPermissions } from './permissions.ts';
import { looksSelfMinted, readSelfMinted, type SelfMinted } from './self-minted.ts';

/** How many recently presented tokens keep their hash and claims (every request presents one). */
const RECENT = 1000;

interface Rights {
  permissions: ReadonlySet<Permission>;
  readFids: ReadonlySet<string> | null;
}

export interface Caller {
  kind: TokenType;
  /** The token's SHA-256: who the caller is (what an upload token uploaded is marked with it). */
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

/** The credential parameters of a request. */
export interface Presented {
  api_token?: unknown;
  upload_token?: unknown;
}

export class Credentials {
  private readonly hashes = new Kept<string, string>(RECENT);
  /** Version 3 tokens read recently: their decryption is the cost; the checks run every time. */
  private readonly minted = new Kept<string, SelfMinted>(RECENT);
  /** The parsed rights of a (kept, frozen) token row: parsed once, not on every request. */
  private readonly rights = new WeakMap<Readonly<TokenRow>, Rights>();

  constructor(
    private readonly tokens: TokenReads,
    private readonly clock: Clock,
  ) {}

  /**
   * Throws 403 (invalid_token, token_expired, ip_not_allowed, permission_denied) unless the credentials are
   * good now. `headers` give the page a request comes from (Origin, else Referer), which a version 3
   * token's `!h` limits.
   */
  read(presented: Presented, ip: string, headers: IncomingHttpHeaders = {}): Caller {
    const apiToken = typeof presented.api_token === 'string' ? presented.api_token : '';
    const uploadToken = typeof presented.upload_token === 'string' ? presented.upload_token : '';
    const token = apiToken || uploadToken;
    if (!token) throw new ServiceError('invalid_token', 'An api_token (or upload_token) is required');
    const hash = this.hashOf(token);
    const row = this.tokens.find(hash);
    if (!row && apiToken && looksSelfMinted(apiToken)) return this.selfMinted(apiToken, hash, ip, headers);
    // An upload token only works as upload_token, an API token only as api_token: one name, one meaning.
    if (!row || (apiToken ? row.kind === 'upload' : row.kind !== 'upload')) {
      throw new ServiceError('invalid_token', 'The token is not valid');
    }
    if (row.kind === 'application' && !row.secret_box) this.tokens.rememberSecret(row.hash, token);
    return this.callerOf(row, ip);
  }

  /**
   * The upload token an upload URL was minted for, named by its hash (the URL never holds the secret): the
   * URL acts for that token, so the token must still be good now, from this address.
   */
  uploadTokenByHash(hash: string, ip: string): Caller {
    const row = this.tokens.find(hash);
    if (row?.kind !== 'upload') throw denied('The upload token of this upload URL is not valid');
    return this.callerOf(row, ip);
  }

  private hashOf(token: string): string {
    let hash = this.hashes.get(token);
    if (hash === undefined) {
      hash = sha256(token);
      this.hashes.set(token, hash);
    }
    return hash;
  }

  private readMinted(token: string): SelfMinted | undefined {
    let minted = this.minted.get(token);
    if (!minted) {
      minted = readSelfMinted(token, (last4) => this.tokens.parentCandidates(last4));
      if (minted) this.minted.set(token, minted);
    }
    return minted;
  }

  private rightsOf(row: Readonly<TokenRow>): Rights {
    let rights = this.rights.get(row);
    if (!rights) {
      rights = {
        permissions: parseStoredPermissions(row.permissions),
        readFids: row.read_fids ? new Set(JSON.parse(row.read_fids) as string[]) : null,
      };
      this.rights.set(row, rights);
    }
    return rights;
  }

  /** A version 3 token is a temporary token of its parent, narrowed by every field it carries. */
  private selfMinted(token: string, hash: string, ip: string, headers: IncomingHttpHeaders): Caller {
    const minted = this.readMinted(token);
    if (!minted) throw new ServiceError('invalid_token', 'The token is not valid');
    // The parent as it is now (the fixed token may have been replaced since).
    const parent = this.tokens.find(minted.parent.hash);
    if (parent?.kind !== 'application') throw new ServiceError('invalid_token', 'The token is not valid');
    if (this.clock.now() >= minted.expiresAt)
      throw new ServiceError('token_expired', 'The token has expired');
    const callerIp = normalizeIp(ip);
    const sourceip = minted.sourceip ? normalizeIp(minted.sourceip) : null;
    if (sourceip && sourceip !== callerIp) {
      throw new ServiceError('ip_not_allowed', `This token may not be used from ${callerIp}`);
    }
    if (minted.host && !sameHost(minted.host, pageHost(headers))) {
      throw denied(`This token may only be used from pages on ${minted.host}`);
    }
    const own = this.rightsOf(parent).permissions;
    const asked = minted.permissions === null ? [...own] : expandPattern(minted.permissions);
    if (asked === undefined) throw new ServiceError('invalid_token', 'The token names unknown permissions');
    const fid =
      minted.fid ?? (minted.rrid ? (this.tokens.galleryOfRrid(minted.rrid) ?? `rrid:${minted.rrid}`) : null);
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

  private callerOf(row: Readonly<TokenRow>, ip: string): Caller {
    if (row.expires_at !== null && this.clock.now() >= row.expires_at) {
      throw new ServiceError('token_expired', 'The token has expired');
    }
    const callerIp = normalizeIp(ip);
    const sourceip = row.sourceip ? normalizeIp(row.sourceip) : null;
    if (sourceip && sourceip !== callerIp) {
      throw new ServiceError('ip_not_allowed', `This token may not be used from ${callerIp}`);
    }
    const { permissions, readFids } = this.rightsOf(row);
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

export function requirePermission(caller: Caller, permission: Permission): void {
  if (!caller.permissions.has(permission)) {
    throw new ServiceError('permission_denied', `This token lacks the permission ${permission}`);
  }
}
