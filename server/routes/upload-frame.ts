// `upload.iframe`: with an api_token it answers the embeddable <iframe> HTML string; with an upload_token
// it is the frame page itself (a readable HTML error page instead of JSON when the token is bad).
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound, ServiceError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import type { Services } from '../services/index.ts';
import { AssetStore } from '../store/assets.ts';
import { GalleryStore } from '../store/galleries.ts';
import { frameErrorLanguage } from '../web/upload-frame-errors.ts';
import { registerUploadFrameAssets, sendFrameError, sendFramePage } from '../web/upload-frame-page.ts';

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

/** `locale` must be a language tag (`de`, `fr-CA`): it goes into the frame's address and picks its words. */
export function parseLocale(value: unknown): string | null {
  const raw = text(value);
  if (raw === '') return null;
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(raw))
    throw invalid('locale', 'must be a language tag such as de or fr-CA');
  return raw;
}

export function registerUploadFrameRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  services: Services,
): void {
  registerUploadFrameAssets(app);
  const galleries = new GalleryStore(ctx.db);
  const assets = new AssetStore(ctx.db);

  app.route({
    method: ['GET', 'POST'],
    url: '/v2/upload.iframe',
    config: { operation: 'upload.iframe' },
    handler: async (request, reply) => {
      const query = request.query as Query;
      if (text(query.upload_token) && !text(query.api_token)) {
        // The frame page: the visitor sees a page, so failures are pages too, in the frame's language.
        const language = frameErrorLanguage(query.locale, request.headers['accept-language']);
        let caller: Caller;
        try {
          caller = ctx.access.uploadTokenCaller(query.upload_token, request.ip);
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          return sendFrameError(
            reply,
            error.status,
            error.code === 'token_expired' ? 'expired' : 'invalid',
            language,
          );
        }
        const fid = ctx.access.defaultGallery(caller);
        if (!fid || !galleries.exists(fid)) {
          return sendFrameError(reply, 404, 'gallery_gone', language);
        }
        let parentOrigin: string | null;
        try {
          parentOrigin = parseParentOrigin(query.parent_origin);
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          return sendFrameError(reply, 400, 'bad_parent_origin', language);
        }
        return sendFramePage(reply, {
          baseUrl: `${ctx.publicUrl()}/v2/`,
          fid,
          uploadToken: text(query.upload_token),
          ownRids: assets.uploadedInto(fid, ctx.access.uploadOwner(caller) ?? ''),
          parentOrigin,
        });
      }

      // The embed code: a fresh upload token for the gallery goes into the frame, never the api_token. It is
      // minted as upload.get_upload_token mints one: within the caller's gallery scope, rights and address.
      const caller = ctx.access.authorize(
        'upload.iframe',
        'upload.iframe',
        query,
        request.ip,
        request.headers,
      );
      // Checked before the gallery, an rrid's of which may be made: a refused call changes nothing.
      const parentOrigin = parseParentOrigin(query.parent_origin);
      const locale = parseLocale(query.locale);
      const fid = frameGallery(ctx, galleries, services, query, caller);
      const { token } = services.tokens.createUploadToken(caller, fid);
      const src = new URL(`${ctx.publicUrl()}/v2/upload.iframe`);
      src.searchParams.set('upload_token', token);
      if (parentOrigin) src.searchParams.set('parent_origin', parentOrigin);
      if (locale) src.searchParams.set('locale', locale);
      // Exactly the permissions the API text lists; a page that wants `sources=screen` inside the frame
      // adds display-capture to this attribute itself (docs/upload-frame.md).
      const html =
        `<iframe src="${escapeHtml(src.href)}" width="100%" height="430" frameborder="0" ` +
        `allowfullscreen scrolling="yes" allow="geolocation; microphone; camera"></iframe>`;
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  });
}

/** The gallery the frame uploads into: `fid`, or the gallery of `rrid` (made by the first call naming it). */
function frameGallery(
  ctx: ServerContext,
  galleries: GalleryStore,
  services: Services,
  query: Query,
  caller: Caller,
): string {
  const fid = text(query.fid);
  const rrid = text(query.rrid);
  if (fid) {
    if (!galleries.exists(fid)) throw notFound('gallery', fid);
    ctx.access.check(caller, 'upload.iframe', { fid });
    return fid;
  }
  if (rrid) return services.galleries.findOrCreateByRrid(caller, rrid);
  throw missing('fid');
}
