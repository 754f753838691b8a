// Scoped tokens: a temporary token bound to a fid or rid, and an upload token bound to its gallery and own uploads.
import { denied } from '../errors.ts';
import type { AuthContext } from './authenticate.ts';

export interface ScopeLookups {
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

/** For state-changing calls on assets: each must fall inside the token's gallery, asset or own uploads. */
export function assertAssetsInScope(auth: AuthContext, rids: readonly string[], lookups: ScopeLookups): void {
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
