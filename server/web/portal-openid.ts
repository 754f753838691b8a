// OpenID Connect sign-in of a portal: /portals/<subdomain>/openid sends the visitor to the provider, and
// /oidc/callback (one redirect URI for every portal, on each host a portal is served on) completes it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { OpenIdError } from '../auth/openid.ts';
import { signInMethods } from '../auth/portal-access.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services/index.ts';
import { cookie, readCookies } from './cookies.ts';
import { requestOrigin } from './portal-hosts.ts';
import { type Notice, portalTitle, signInPageHtml } from './portal-html.ts';
import { NOT_FOUND, openidNotice, refusalNotice, SPENT_SIGN_IN } from './portal-notices.ts';
import {
  formToken,
  type PortalRequest,
  portalRequest,
  sendHtml,
  sendMessage,
  setSessionCookie,
} from './portal-replies.ts';

const FLOW_COOKIE = 'portal_openid';
const CALLBACK_PATH = '/oidc/callback';
const FLOW_TTL_S = 10 * 60;

export function registerPortalOpenId(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  /** The sign-in page again, saying why the provider's sign-in did not let the visitor in. */
  const refused = (at: PortalRequest, reply: FastifyReply, status: number, notice: Notice) => {
    const methods = signInMethods(at.portal, ctx.openid.configured);
    const chrome = { title: portalTitle(at.portal), base: at.base, visitor: null };
    // The callback's path does not see the portal's CSRF cookie: the form gets a fresh one.
    const page = {
      methods,
      csrf: formToken(ctx, at, reply),
      notice,
      provider: ctx.openid.providerName,
    };
    return sendHtml(ctx, reply, status, signInPageHtml(chrome, page, at.portal.simple_users.length > 0));
  };

  app.get('/portals/:subdomain/openid', async (request, reply) => {
    const { subdomain } = request.params as { subdomain: string };
    const portal = services.portals.active(subdomain);
    if (!portal) return sendMessage(ctx, reply, 404, NOT_FOUND);
    const at = portalRequest(request, portal);
    if (!signInMethods(portal, ctx.openid.configured).openid) return reply.redirect(`${at.base}sign-in`, 303);
    try {
      const { flowId, url } = await ctx.openid.start(
        portal.subdomain,
        `${requestOrigin(request)}${CALLBACK_PATH}`,
      );
      reply.header(
        'set-cookie',
        cookie(FLOW_COOKIE, flowId, { path: CALLBACK_PATH, secure: at.secure, maxAgeSeconds: FLOW_TTL_S }),
      );
      return reply.redirect(url.href, 303);
    } catch (error) {
      if (!(error instanceof OpenIdError)) throw error;
      const { status, notice } = openidNotice(error.failure, error.message);
      return refused(at, reply, status, notice);
    }
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    const cookies = readCookies(request.headers.cookie);
    const clearFlow = cookie(FLOW_COOKIE, '', {
      path: CALLBACK_PATH,
      secure: request.protocol === 'https',
      maxAgeSeconds: 0,
    });
    reply.header('set-cookie', clearFlow);
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    let identity: Awaited<ReturnType<typeof ctx.openid.finish>>;
    try {
      identity = await ctx.openid.finish(cookies.get(FLOW_COOKIE), query);
    } catch (error) {
      if (!(error instanceof OpenIdError)) throw error;
      const portal = error.portal ? services.portals.active(error.portal) : undefined;
      if (!portal) return sendMessage(ctx, reply, 400, SPENT_SIGN_IN);
      const { status, notice } = openidNotice(error.failure, error.message);
      return refused(portalRequest(request, portal), reply, status, notice);
    }
    const portal = services.portals.active(identity.portal);
    if (!portal) return sendMessage(ctx, reply, 404, NOT_FOUND);
    const at = portalRequest(request, portal);
    const outcome = ctx.portalSignIn.openid(portal, identity);
    if (!outcome.ok) {
      const { status, notice } = refusalNotice(outcome.refusal, outcome.email);
      return refused(at, reply, status, notice);
    }
    setSessionCookie(ctx, reply, at, outcome);
    return reply.redirect(at.base, 303);
  });
}
