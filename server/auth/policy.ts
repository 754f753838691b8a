// The one access policy. A credential becomes a Caller authorised for an operation by the table's permission
// and whether an upload token may call it; the operation's scope in the table decides which galleries,
// assets and account-level things that caller may touch. The other credentials (a signed upload URL, the
// upload frame's token, a signed zip link) are checked here too, and so is a visitor of a portal page (a
// portal session or a simple user's password, against the portal's rules). Services ask; they never look
// at tokens or sessions.
import type { IncomingHttpHeaders } from 'node:http';
import { OPERATIONS, type OperationName } from '../../src/contract/index.ts';
import type { Permission } from '../../src/contract/permissions.ts';
import type { Clock } from '../clock.ts';
import { denied, notFound, ServiceError } from '../errors.ts';
import type { AccountSettings } from '../store/settings.ts';
import { type Caller, type Credentials, type Presented, requirePermission } from './credentials.ts';
import { type DownloadType, readDownloadLink } from './download-link.ts';
import type { PortalRules, Visitor } from './portal-access.ts';
import type { Admission, PortalGate, PortalPresented } from './portal-gate.ts';
import { readUploadUrl, type VerifiedUploadUrl } from './upload-url.ts';

/** What the scope rules need to know about galleries and assets. */
export interface ScopeLookups {
  /** The rids of the list that name no asset. */
  unknown(rids: readonly string[]): string[];
  galleryExists(fid: string): boolean;
  /** Whether the asset is in the gallery. */
  inGallery(rid: string, fid: string): boolean;
  /** Whether the asset was uploaded with the token of this hash. */
  uploadedWith(rid: string, tokenHash: string): boolean;
}

type Touches<N extends OperationName> = (typeof OPERATIONS)[N]['scope']['touches'];

/** What a service names when it asks whether a caller may touch something, by the operation's scope. */
export interface Targets {
  nothing: Record<never, never>;
  token: Record<never, never>;
  account: Record<never, never>;
  /** `deleteAssets`: the gallery's assets go too (gallery.delete), which needs asset.delete. */
  gallery: { fid: string; deleteAssets?: boolean };
  assets: { rids: readonly string[] };
  items: { fid: string; rids: readonly string[] };
  'upload-target': { fid?: string; rid?: string };
  import: { fid: string | null; rid: string | null };
}

export class AccessPolicy {
  constructor(
    private readonly credentials: Credentials,
    private readonly lookups: ScopeLookups,
    /** The keys and clock signed links are checked with. */
    private readonly links: { account: AccountSettings; clock: Clock },
    private readonly portals: PortalGate,
  ) {}

  /** Whether the visitor of a portal page may see it: its session or Basic password, by the portal's rules now. */
  portalVisitor(rules: PortalRules, presented: PortalPresented): Promise<Admission> {
    return this.portals.admit(rules, presented);
  }

  /** Who a portal session cookie names, while it lasts (whether the portal admits them is portalVisitor's). */
  portalSession(rules: PortalRules, session: string | undefined): Visitor | null {
    return this.portals.sessionVisitor(rules, session);
  }

  /** Ends a portal session on the server (signing out). */
  endPortalSession(session: string | undefined): void {
    this.portals.signOut(session);
  }

  /**
   * The caller of an operation (served as `servedAs`, an alias included): 403 unless its credential is good
   * now, an upload token may call the operation, and it holds the operation's permission.
   */
  authorize(
    name: OperationName,
    servedAs: string,
    query: Presented,
    ip: string,
    headers: IncomingHttpHeaders,
  ) {
    const caller = this.credentials.read(query, ip, headers);
    const operation = OPERATIONS[name];
    if (caller.kind === 'upload' && !('uploadToken' in operation && operation.uploadToken)) {
      throw new ServiceError('permission_denied', `An upload token cannot call ${servedAs}`);
    }
    this.requireAny(caller, operation.permission);
    return caller;
  }

  /** The caller of an upload token alone (the upload frame page, an upload to a URL with upload_token). */
  uploadTokenCaller(token: unknown, ip: string): Caller {
    return this.credentials.read({ upload_token: token }, ip);
  }

  /**
   * The signed upload URL as a credential, with the upload token it is used with (given as `upload_token`,
   * or named by the URL it was minted for) and its target: 403 / 404 before a byte of the body is read.
   * The target that comes back names the upload token what is uploaded belongs to.
   */
  uploadUrl(query: Record<string, unknown>, ip: string): VerifiedUploadUrl {
    const target = readUploadUrl(this.links.account, this.links.clock, query);
    let caller: Caller | null = null;
    if (query.upload_token !== undefined && query.upload_token !== '') {
      if (typeof query.upload_token !== 'string') throw denied('Give upload_token once');
      caller = this.uploadTokenCaller(query.upload_token, ip);
      if (target.uploadTokenHash && target.uploadTokenHash !== caller.tokenHash) {
        throw denied('This upload URL was made for another upload token');
      }
    } else if (target.uploadTokenHash) {
      caller = this.credentials.uploadTokenByHash(target.uploadTokenHash, ip);
    }
    if (target.fid && !this.lookups.galleryExists(target.fid)) throw notFound('Gallery', target.fid);
    if (target.rid && this.lookups.unknown([target.rid]).length > 0) throw notFound('Asset', target.rid);
    if (caller) {
      this.require(caller, 'asset.upload');
      if (target.rid) this.assertAssets(caller, [target.rid]);
      else if (!target.fid || target.fid !== caller.scope.fid) {
        throw denied('This upload token is for another gallery');
      }
    }
    return { ...target, uploadTokenHash: caller?.tokenHash ?? null };
  }

  /** The signed zip link of a gallery: 403 unless it is intact and current; 404 for a gallery gone since. */
  downloadLink(fid: string, query: Record<string, unknown>): DownloadType {
    const type = readDownloadLink(this.links.account, this.links.clock, fid, query);
    if (!this.lookups.galleryExists(fid)) throw notFound('Gallery', fid);
    return type;
  }

  /** Whether the caller holds a permission (for what a call shows, not whether it may be made). */
  may(caller: Caller, permission: Permission): boolean {
    return caller.permissions.has(permission);
  }

  /** 403 unless the caller holds the permission. */
  require(caller: Caller, permission: Permission): void {
    requirePermission(caller, permission);
  }

  /**
   * 403 (404 for unknown assets, before any scope answer) unless the caller may touch the target of the
   * operation, as the operation's scope in the table says. Services ask at the point their own checks
   * (existence, parameters) leave off.
   */
  check<N extends OperationName>(caller: Caller, name: N, target: Targets[Touches<N>]): void {
    const scope = OPERATIONS[name].scope;
    if (scope.touches === 'account') this.assertUnscoped(caller, scope.action);
    else if (scope.touches === 'gallery') {
      const { fid, deleteAssets } = target as Targets['gallery'];
      if ('read' in scope) this.assertReadable(caller, fid);
      else {
        this.assertGallery(caller, fid);
        if (deleteAssets) this.require(caller, 'asset.delete');
      }
    } else if (scope.touches === 'assets') this.assertAssets(caller, (target as Targets['assets']).rids);
    else if (scope.touches === 'items') {
      const { fid, rids } = target as Targets['items'];
      this.assertGallery(caller, fid);
      if (caller.kind === 'upload') for (const rid of rids) this.assertOwnUpload(caller, rid);
    } else if (scope.touches === 'upload-target') {
      this.assertUploadTarget(caller, target as Targets['upload-target']);
    } else if (scope.touches === 'import') this.assertImportTarget(caller, target as Targets['import']);
  }

  /** gallery.remove_item with delete_assets: the assets go from every gallery, so their own scope counts. */
  checkAssetDeletion(caller: Caller, rids: readonly string[]): void {
    this.require(caller, 'asset.delete');
    this.assertAssets(caller, rids);
  }

  /**
   * upload.iframe with an rrid: an rrid's existing gallery must be in the caller's scope; making it is
   * creating a gallery, which a scoped token may only do for the rrid its `!d` names.
   */
  checkRridGallery(caller: Caller, rrid: string, existing: string | undefined): void {
    if (existing) this.assertGallery(caller, existing);
    else {
      if (caller.scope.rrid !== rrid) this.assertUnscoped(caller, 'create galleries');
      this.require(caller, 'gallery.create');
    }
  }

  /** The gallery a scoped token means when it names no target: its own. */
  defaultGallery(caller: Caller): string | undefined {
    return caller.scope.fid ?? undefined;
  }

  /** The upload token an upload URL made for this caller belongs to: the caller's, when it is one. */
  uploadOwner(caller: Caller): string | undefined {
    return caller.kind === 'upload' ? caller.tokenHash : undefined;
  }

  /** The only galleries the caller may read, or null for all its permissions allow. */
  readableGalleries(caller: Caller): readonly string[] | null {
    return caller.readFids ? [...caller.readFids] : null;
  }

  // ---- the rules ----

  private requireAny(caller: Caller, permission: Permission | readonly Permission[] | null): void {
    if (permission === null) return;
    const any = typeof permission === 'string' ? [permission] : permission;
    if (any.some((each) => caller.permissions.has(each))) return;
    requirePermission(caller, any[any.length - 1] as Permission);
  }

  /** For calls that create or change things outside any one gallery or asset: scoped tokens may not. */
  private assertUnscoped(caller: Caller, action: string): void {
    if (caller.kind === 'upload' || caller.scope.fid || caller.scope.rid) {
      throw denied(
        `This token is limited to one ${caller.scope.rid ? 'asset' : 'gallery'} and cannot ${action}`,
      );
    }
  }

  /** For reads of one gallery: an upload token reads its own; a portal page's token the page's galleries. */
  private assertReadable(caller: Caller, fid: string): void {
    if (caller.kind === 'upload') this.assertGallery(caller, fid, false);
    if (caller.readFids && !caller.readFids.has(fid)) throw denied('This token may not read this gallery');
  }

  /** For state-changing calls on a gallery (`touchesGalleryItself` false: on what goes into it). */
  private assertGallery(caller: Caller, fid: string, touchesGalleryItself = true): void {
    if (caller.scope.fid && caller.scope.fid !== fid) {
      throw denied(`This token is limited to gallery ${caller.scope.fid}`);
    }
    if (touchesGalleryItself && caller.scope.rid && caller.kind === 'temporary') {
      throw denied(`This token is limited to asset ${caller.scope.rid}`);
    }
  }

  private assertOwnUpload(caller: Caller, rid: string): void {
    if (!this.lookups.uploadedWith(rid, caller.tokenHash)) {
      throw denied(`Asset ${rid} was not uploaded with this upload token`);
    }
  }

  /**
   * For state-changing calls on assets: each must exist (404 naming the unknown ones, before any scope
   * answer), then fall inside the token's gallery, asset or own uploads.
   */
  private assertAssets(caller: Caller, rids: readonly string[]): void {
    const unknown = this.lookups.unknown(rids);
    if (unknown.length > 0) throw notFound('Asset', unknown);
    for (const rid of rids) {
      if (caller.scope.rid && caller.scope.rid !== rid)
        throw denied(`This token is limited to asset ${caller.scope.rid}`);
      if (caller.scope.fid && !this.lookups.inGallery(rid, caller.scope.fid)) {
        throw denied(
          `Asset ${rid} is outside gallery ${caller.scope.fid}, the only one this token may change`,
        );
      }
      if (caller.kind === 'upload') this.assertOwnUpload(caller, rid);
    }
  }

  /** An upload into a gallery (which must exist), or attached to an asset. */
  private assertUploadTarget(caller: Caller, { fid, rid }: Targets['upload-target']): void {
    if (caller.kind === 'upload' && !fid && !rid) {
      throw denied('An upload token uploads into its own gallery only');
    }
    if (fid && !this.lookups.galleryExists(fid)) throw notFound('Gallery', fid);
    if (fid) this.assertGallery(caller, fid, !rid);
    if (rid) this.assertAssets(caller, [rid]);
  }

  /**
   * For calls on something already aimed at a gallery or asset (a running URL import): a scoped token
   * reaches it only when that target lies inside its scope, even if the asset is gone since.
   */
  private assertImportTarget(caller: Caller, target: Targets['import']): void {
    if (caller.kind !== 'upload' && !caller.scope.fid && !caller.scope.rid) return;
    if (target.rid) {
      if (caller.scope.rid && caller.scope.rid !== target.rid)
        throw denied(`This token is limited to asset ${caller.scope.rid}`);
      if (caller.scope.fid && !this.lookups.inGallery(target.rid, caller.scope.fid)) {
        throw denied(`This token is limited to gallery ${caller.scope.fid}`);
      }
      if (caller.kind === 'upload') this.assertOwnUpload(caller, target.rid);
      return;
    }
    if (!target.fid) throw denied('This token is limited to one gallery or asset');
    this.assertGallery(caller, target.fid);
  }
}
