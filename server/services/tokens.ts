// Token rules: ping, application tokens by level, temporary tokens narrowed from their parent, upload tokens.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Permission } from '../../src/contract/permissions.ts';
import { type Caller, isValidIp, normalizeIp } from '../auth/credentials.ts';
import { expandPattern, formatPermissions, permissionsOfLevel } from '../auth/permissions.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound } from '../errors.ts';
import { newApplicationSecret, newSecret, sha256 } from '../ids.ts';
import { AssetStore } from '../store/assets.ts';
import { GalleryStore } from '../store/galleries.ts';
import type { TokenLevel } from '../store/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Permissions an upload token holds; the operations it may call and their scope are checked elsewhere. */
const UPLOAD_TOKEN_PERMISSIONS: Permission[] = [
  'gallery.read',
  'gallery.update',
  'asset.upload',
  'asset.update',
];

export type TempTokenRequest = ServerParams<'token.get_temp'>;

export class TokenService {
  /** Whether the gallery or asset a token is limited to exists. */
  private readonly assets: AssetStore;
  private readonly galleries: GalleryStore;

  constructor(private readonly ctx: ServerContext) {
    this.assets = new AssetStore(ctx.db);
    this.galleries = new GalleryStore(ctx.db);
  }

  /** ping: who is calling, with what. */
  ping(caller: Caller): AnswerOf<'ping'> {
    return {
      ping: 'pong',
      accid: this.ctx.account.accid,
      permissions: formatPermissions([...caller.permissions]),
      ip: caller.ip,
      token_type: caller.kind,
      expires: caller.expiresAt === null ? null : new Date(caller.expiresAt).toISOString(),
    };
  }

  /** upload.get_upload_token: an upload token for one gallery, within the caller's own limits. */
  uploadToken(caller: Caller, params: ServerParams<'upload.get_upload_token'>) {
    const fid = params.fid?.trim();
    if (!fid) throw missing('fid');
    if (!this.galleries.exists(fid)) throw notFound('Gallery', fid);
    this.ctx.access.check(caller, 'upload.get_upload_token', { fid });
    const { token, expires } = this.createUploadToken(caller, fid, params.expire);
    return { upload_token: token, fid, expires };
  }

  /**
   * Creates an application token of a level, `<accid>i<secret>` as the hosted service's; returns the token
   * (stored as its hash, and sealed for the version 3 tokens minted from it).
   */
  createApplicationToken(level: TokenLevel): string {
    const token = `${this.ctx.account.accid}i${newApplicationSecret()}`;
    this.ctx.tokens.insert(this.applicationRow(token, level));
    return token;
  }

  /** Registers the fixed token from --token / GALLERY_API_TOKEN as a `delete` application token. */
  installFixedToken(token: string): void {
    this.ctx.tokens.upsertApplication(this.applicationRow(token, 'delete'));
  }

  private applicationRow(token: string, level: TokenLevel) {
    return this.ctx.tokens.applicationRow(
      {
        hash: sha256(token),
        kind: 'application' as const,
        level,
        permissions: formatPermissions(permissionsOfLevel(level)),
        parent_hash: null,
        fid: null,
        rid: null,
        sourceip: null,
        expires_at: null,
        created_at: this.ctx.clock.now(),
      },
      token,
    );
  }

  /** A temporary token never exceeds its parent: permissions, expiry, scope and source IP are all narrowed. */
  createTemporaryToken(parent: Caller, req: TempTokenRequest): { token: string; expires: string | null } {
    const now = this.ctx.clock.now();
    let expiresAt: number | null = null;
    if (req.ttl !== undefined && req.ttl !== '') {
      if (!/^\d{1,10}$/.test(req.ttl) || Number(req.ttl) < 1) {
        throw invalid('ttl', 'must be a whole number of seconds (at least 1), or empty for no expiry');
      }
      expiresAt = now + Number(req.ttl) * 1000;
    }
    if (parent.expiresAt !== null) expiresAt = Math.min(expiresAt ?? parent.expiresAt, parent.expiresAt);

    // Without the parameter, the parent's permissions (as the hosted service); given but empty, none.
    const requested =
      req.permissions === undefined ? [...parent.permissions] : expandPattern(req.permissions);
    if (requested === undefined) {
      throw invalid(
        'permissions',
        'must be permission names joined by | (for example asset.*|gallery.update)',
      );
    }
    const granted = requested.filter((p) => parent.permissions.has(p));

    const askedIp = req.sourceip || null;
    if (askedIp !== null && !isValidIp(askedIp)) throw invalid('sourceip', 'must be an IPv4 or IPv6 address');
    if (parent.sourceip && askedIp !== null && normalizeIp(askedIp) !== parent.sourceip) {
      throw invalid('sourceip', `must stay ${parent.sourceip}, the address the parent token is bound to`);
    }
    const sourceip = askedIp ?? parent.sourceip;

    if (req.fid && !this.galleries.exists(req.fid)) throw notFound('Gallery', req.fid);
    if (req.rid && !this.assets.get(req.rid)) throw notFound('Asset', req.rid);
    const fid = req.fid || parent.scope.fid;
    const rid = req.rid || parent.scope.rid;
    if (parent.scope.fid && fid !== parent.scope.fid)
      throw invalid('fid', 'must stay within the parent token gallery');
    if (parent.scope.rid && rid !== parent.scope.rid)
      throw invalid('rid', 'must stay within the parent token asset');

    const token = newSecret();
    this.ctx.tokens.insert({
      hash: sha256(token),
      kind: 'temporary',
      level: null,
      permissions: formatPermissions(granted),
      parent_hash: parent.tokenHash,
      fid: fid ?? null,
      rid: rid ?? null,
      sourceip,
      expires_at: expiresAt,
      created_at: now,
      read_fids: parent.readFids ? JSON.stringify([...parent.readFids]) : null,
    });
    return { token, expires: expiresAt === null ? null : new Date(expiresAt).toISOString() };
  }

  /**
   * An upload token for one gallery. `expire` is YYYY-MM-DD, valid to the end of that day UTC;
   * without it the token lasts 7 days. Like a temporary token it never exceeds its parent: it holds only
   * the upload-token permissions the parent holds, and keeps the parent's source IP and expiry.
   */
  createUploadToken(parent: Caller, fid: string, expire?: string): { token: string; expires: string } {
    const now = this.ctx.clock.now();
    let expiresAt = now + 7 * DAY_MS;
    if (expire !== undefined && expire !== '') {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expire);
      const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
      const date = new Date(day);
      if (!match || Number.isNaN(day) || date.getUTCDate() !== Number(match[3])) {
        throw invalid('expire', 'must be a date written YYYY-MM-DD');
      }
      expiresAt = day + DAY_MS;
      if (expiresAt <= now) throw invalid('expire', 'is in the past');
    }
    if (parent.expiresAt !== null) expiresAt = Math.min(expiresAt, parent.expiresAt);
    const token = newSecret();
    this.ctx.tokens.insert({
      hash: sha256(token),
      kind: 'upload',
      level: null,
      permissions: formatPermissions(UPLOAD_TOKEN_PERMISSIONS.filter((p) => parent.permissions.has(p))),
      parent_hash: parent.tokenHash,
      fid,
      rid: null,
      sourceip: parent.sourceip,
      expires_at: expiresAt,
      created_at: now,
    });
    return { token, expires: new Date(expiresAt).toISOString() };
  }
}
