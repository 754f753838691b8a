// `upload.iframe`: with an api_token it answers the embeddable <iframe> HTML string; with an upload_token
// it is the frame page itself (a readable HTML error page instead of JSON when the token is bad).
import type { FastifyInstance } from 'fastify';
import { type AuthContext, authenticate, requirePermission } from '../auth/authenticate.ts';
import { assertGalleryInScope, assertUnscoped } from '../auth/scope.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound, ServiceError } from '../errors.ts';
import type { Services } from '../services/index.ts';
import { galleryExists, ridsUploadedWith } from '../store/upload-frame.ts';
import {
  escapeHtml,
  registerUploadFrameAssets,
  sendFrameError,
  sendFramePage,
} from '../web/upload-frame-page.ts';

type Query = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `parent_origin` must be a bare http(s) origin: messages go to exactly that origin and no other. */
export function parseParentOrigin(value: unknown): string | null {
  const raw = text(value);
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('parent_origin', 'must be an origin such as https://example.com');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== raw.replace(/\/$/, '')) {
    throw invalid('parent_origin', 'must be an origin such as https://example.com');
  }
  return url.origin;
}

export function registerUploadFrameRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  services: Services,
): void {
  registerUploadFrameAssets(app);

  app.route({
    method: ['GET', 'POST'],
    url: '/v2/upload.iframe',
    config: { operation: 'upload.iframe' },
    handler: async (request, reply) => {
      const query = request.query as Query;
      if (text(query.upload_token) && !text(query.api_token)) {
        // The frame page: the visitor sees a page, so failures are pages too.
        let auth: AuthContext;
        try {
          auth = authenticate(ctx.tokens, ctx.clock, { upload_token: query.upload_token }, request.ip);
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          const why =
            error.code === 'token_expired'
              ? 'This upload link has expired.'
              : 'This upload link is not valid.';
          return sendFrameError(reply, error.status, why);
        }
        const fid = auth.scope.fid;
        if (!fid || !galleryExists(ctx.db, fid)) {
          return sendFrameError(reply, 404, 'The gallery of this upload link no longer exists.');
        }
        let parentOrigin: string | null;
        try {
          parentOrigin = parseParentOrigin(query.parent_origin);
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          return sendFrameError(reply, 400, error.message);
        }
        return sendFramePage(reply, {
          baseUrl: `${ctx.publicUrl()}/v2/`,
          fid,
          uploadToken: text(query.upload_token),
          ownRids: ridsUploadedWith(ctx.db, fid, auth.tokenHash),
          parentOrigin,
        });
      }

      // The embed code: a fresh upload token for the gallery goes into the frame, never the api_token. It is
      // minted as upload.get_upload_token mints one: within the caller's gallery scope, rights and address.
      const auth = authenticate(
        ctx.tokens,
        ctx.clock,
        { api_token: query.api_token },
        request.ip,
        request.headers,
      );
      if (auth.kind === 'upload')
        throw new ServiceError('permission_denied', 'Use upload_token for the frame page');
      requirePermission(auth, 'asset.upload');
      // Checked before resolveGallery, which may create the rrid's gallery: a refused call changes nothing.
      const parentOrigin = parseParentOrigin(query.parent_origin);
      const fid = await resolveGallery(ctx, services, query, auth);
      const { token } = services.tokens.createUploadToken(auth, fid);
      const src = new URL(`${ctx.publicUrl()}/v2/upload.iframe`);
      src.searchParams.set('upload_token', token);
      if (parentOrigin) src.searchParams.set('parent_origin', parentOrigin);
      const html =
        `<iframe src="${escapeHtml(src.href)}" width="100%" height="430" frameborder="0" ` +
        `allowfullscreen scrolling="yes" allow="geolocation; microphone; camera"></iframe>`;
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  });
}

async function resolveGallery(ctx: ServerContext, services: Services, query: Query, auth: AuthContext) {
  const fid = text(query.fid);
  const rrid = text(query.rrid);
  if (fid) {
    if (!galleryExists(ctx.db, fid)) throw notFound('gallery', fid);
    assertGalleryInScope(auth, fid);
    return fid;
  }
  if (rrid) return findOrCreateByRrid(services, rrid, auth);
  throw missing('fid');
}

/** The first call with a new rrid (the caller's own id) creates its gallery; later calls find it. */
function findOrCreateByRrid(services: Services, rrid: string, auth: AuthContext): string {
  if (Array.from(rrid).length > 255) throw invalid('rrid', 'is longer than 255 characters');
  const existing = services.galleries.store.getByRrid(rrid);
  if (existing) {
    assertGalleryInScope(auth, existing.fid);
    return existing.fid;
  }
  // A version 3 token whose `!d` names this rrid is limited to its gallery, and may make it.
  if (auth.scope.rrid !== rrid) assertUnscoped(auth, 'create galleries');
  requirePermission(auth, 'gallery.create');
  return services.galleries.findOrCreateByRrid(rrid).fid;
}
