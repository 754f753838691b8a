// Scoped tokens: a temporary token bound to a fid or rid, and an upload token bound to its gallery and own uploads.
import { denied, notFound } from '../errors.ts';
import type { AuthContext } from './authenticate.ts';

export interface ScopeLookups {
  /** The rids of the list that name no asset. */
  unknown(rids: readonly string[]): string[];
  /** Whether the asset is in the gallery. */
  inGallery(rid: string, fid: string): boolean;
  /** Whether the asset was uploaded with the token of this hash. */
  uploadedWith(rid: string, tokenHash: string): boolean;
}

/** For calls that create things outside any one gallery or asset: scoped tokens may not. */
export function assertUnscoped(auth: AuthContext, what: string): void {
  if (auth.kind === 'upload' || auth.scope.fid || auth.scope.rid) {
    throw denied(`This token is limited to one ${auth.scope.rid ? 'asset' : 'gallery'} and cannot ${what}`);
  }
}

/** For reads of one gallery: a token limited to some galleries (a portal's page token) reads only those. */
export function assertReadable(auth: AuthContext, fid: string): void {
  if (auth.readFids && !auth.readFids.has(fid)) throw denied('This token may not read this gallery');
}

/** For state-changing calls on a gallery (and upload-token reads of one). */
export function assertGalleryInScope(auth: AuthContext, fid: string, touchesGalleryItself = true): void {
  if (auth.scope.fid && auth.scope.fid !== fid) {
    throw denied(`This token is limited to gallery ${auth.scope.fid}`);
  }
  if (touchesGalleryItself && auth.scope.rid && auth.kind === 'temporary') {
    throw denied(`This token is limited to asset ${auth.scope.rid}`);
  }
}

/**
 * For state-changing calls on assets: each must exist (404 naming the unknown ones, before any scope
 * answer), then fall inside the token's gallery, asset or own uploads.
 */
export function assertAssetsInScope(auth: AuthContext, rids: readonly string[], lookups: ScopeLookups): void {
  const unknown = lookups.unknown(rids);
  if (unknown.length > 0) throw notFound('Asset', unknown);
  for (const rid of rids) {
    if (auth.scope.rid && auth.scope.rid !== rid)
      throw denied(`This token is limited to asset ${auth.scope.rid}`);
    if (auth.scope.fid && !lookups.inGallery(rid, auth.scope.fid)) {
      throw denied(`Asset ${rid} is outside gallery ${auth.scope.fid}, the only one this token may change`);
    }
    if (auth.kind === 'upload' && !lookups.uploadedWith(rid, auth.tokenHash)) {
      throw denied(`Asset ${rid} was not uploaded with this upload token`);
    }
  }
}

/**
 * For calls on something already aimed at a gallery or asset (a running URL import): a scoped token reaches
 * it only when that target lies inside its scope, even if the asset is gone since.
 */
export function assertTargetInScope(
  auth: AuthContext,
  target: { fid: string | null; rid: string | null },
  lookups: ScopeLookups,
): void {
  if (auth.kind !== 'upload' && !auth.scope.fid && !auth.scope.rid) return;
  if (target.rid) {
    if (auth.scope.rid && auth.scope.rid !== target.rid)
      throw denied(`This token is limited to asset ${auth.scope.rid}`);
    if (auth.scope.fid && !lookups.inGallery(target.rid, auth.scope.fid)) {
      throw denied(`This token is limited to gallery ${auth.scope.fid}`);
    }
    if (auth.kind === 'upload' && !lookups.uploadedWith(target.rid, auth.tokenHash)) {
      throw denied(`Asset ${target.rid} was not uploaded with this upload token`);
    }
    return;
  }
  if (!target.fid) throw denied('This token is limited to one gallery or asset');
  assertGalleryInScope(auth, target.fid);
}
