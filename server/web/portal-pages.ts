// Serves an active portal at /portals/<subdomain>/ (and at / on its own domain): the landing page for an
// admitted visitor, else its sign-in, registration or a notice. Who is admitted is the access policy's
// answer (auth/policy.ts); these routes read the cookies and forms and write the pages.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInMethods } from '../auth/portal-access.ts';
import { MIN_PASSWORD, type SignInOutcome } from '../auth/portal-sign-in.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services/index.ts';
import { cookie } from './cookies.ts';
import {
  type Notice,
  type PortalChrome,
  portalMessageHtml,
  portalPageHtml,
  portalTitle,
  registerPageHtml,
  signInPageHtml,
} from './portal-html.ts';
import {
  closedMessage,
  expiredFormMessage,
  NOT_FOUND,
  refusalNotice,
  throttledMessage,
} from './portal-notices.ts';
import {
  CSRF_COOKIE,
  formToken,
  type PortalRequest,
  portalRequest,
  SESSION_COOKIE,
  sendHtml,
  sendMessage,
  setSessionCookie,
} from './portal-replies.ts';

const FORM_BODY_LIMIT = 16 * 1024;
const ASSETS_DIR = join(import.meta.dirname, 'portal-assets');

export function registerPortalPages(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  app.get('/portal-assets/portal.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(join(ASSETS_DIR, 'portal.css'))),
  );

  app.register(async (scope) => {
    // The sign-in forms post url-encoded bodies (passwords never go in a URL); only these routes read them.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    registerRoutes(scope, ctx, services);
  });
}

function registerRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  const notFound = (reply: FastifyReply) => sendMessage(ctx, reply, 404, NOT_FOUND);
  const find = (request: FastifyRequest): PortalRequest | undefined => {
    const { subdomain } = request.params as { subdomain: string };
    const portal = services.portals.active(subdomain);
    return portal && portalRequest(request, portal);
  };
  const chrome = (at: PortalRequest, withVisitor = true): PortalChrome => {
    const session = at.cookies.get(SESSION_COOKIE);
    const visitor = withVisitor ? ctx.access.portalSession(at.portal, session) : null;
    const browser = at.cookies.get(CSRF_COOKIE);
    return {
      title: portalTitle(at.portal),
      base: at.base,
      visitor,
      csrf: visitor && browser ? ctx.csrf.token(at.portal.subdomain, browser) : undefined,
    };
  };
  const formIsOurs = (at: PortalRequest, request: FastifyRequest): boolean => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return ctx.csrf.valid(at.portal.subdomain, at.cookies.get(CSRF_COOKIE), body.csrf);
  };
  const field = (request: FastifyRequest, name: string): string => {
    const value = ((request.body ?? {}) as Record<string, unknown>)[name];
    return typeof value === 'string' ? value.slice(0, 1024) : '';
  };
  const methods = (at: PortalRequest) => signInMethods(at.portal, ctx.openid.configured);
  const closed = (at: PortalRequest) => {
    const openidRules = at.portal.idp_openid_users.length > 0 || at.portal.idp_openid_domains.length > 0;
    return closedMessage(openidRules && !ctx.openid.configured);
  };

  const signInPage = (
    at: PortalRequest,
    reply: FastifyReply,
    status: number,
    notice?: Notice,
    identifier?: string,
  ) =>
    sendHtml(
      ctx,
      reply,
      status,
      signInPageHtml(
        chrome(at, false),
        {
          methods: methods(at),
          csrf: formToken(ctx, at, reply),
          identifier,
          notice,
          provider: ctx.openid.providerName,
        },
        at.portal.simple_users.length > 0,
      ),
    );
  const registerPage = (
    at: PortalRequest,
    reply: FastifyReply,
    status: number,
    notice?: Notice,
    email?: string,
  ) =>
    sendHtml(
      ctx,
      reply,
      status,
      registerPageHtml(chrome(at, false), {
        csrf: formToken(ctx, at, reply),
        email,
        notice,
        open: methods(at).register,
        minPassword: MIN_PASSWORD,
      }),
    );
  /** After a form: in with a session, or the form again with what went wrong. */
  const answer = (
    at: PortalRequest,
    reply: FastifyReply,
    outcome: SignInOutcome,
    again: (status: number, notice: Notice) => FastifyReply,
  ) => {
    if (outcome.ok) {
      setSessionCookie(ctx, reply, at, outcome);
      return reply.redirect(at.base, 303);
    }
    if (outcome.refusal === 'throttled') {
      const wait = outcome.retryAfterSeconds ?? 60;
      reply.header('retry-after', String(wait));
      return sendHtml(ctx, reply, 429, portalMessageHtml(chrome(at, false), throttledMessage(wait, at.base)));
    }
    const { status, notice } = refusalNotice(outcome.refusal, outcome.email);
    return again(status, notice);
  };

  app.get('/portals/:subdomain', async (request, reply) => {
    const at = find(request);
    if (!at) return notFound(reply);
    return reply.redirect(at.base, 301);
  });

  app.get('/portals/:subdomain/', async (request, reply) => {
    const at = find(request);
    if (!at) return notFound(reply);
    const admission = await ctx.access.portalVisitor(at.portal, {
      session: at.cookies.get(SESSION_COOKIE),
      authorization: request.headers.authorization,
      ip: request.ip,
    });
    if (!admission.admitted) {
      if (admission.why === 'closed')
        return sendHtml(ctx, reply, 403, portalMessageHtml(chrome(at, false), closed(at)));
      return reply.redirect(`${at.base}sign-in`, 303);
    }
    const page = services.portals.page(at.portal);
    const view = { ...chrome(at), visitor: admission.visitor };
    return sendHtml(ctx, reply, 200, portalPageHtml(page, view, `${ctx.publicUrl()}/v2/`));
  });

  app.get('/portals/:subdomain/sign-in', async (request, reply) => {
    const at = find(request);
    if (!at) return notFound(reply);
    if (at.portal.allow_public === 'yes') return reply.redirect(at.base, 303);
    if (!methods(at).password && !methods(at).openid) {
      return sendHtml(ctx, reply, 403, portalMessageHtml(chrome(at, false), closed(at)));
    }
    const admission = await ctx.access.portalVisitor(at.portal, {
      session: at.cookies.get(SESSION_COOKIE),
      ip: request.ip,
    });
    if (admission.admitted) return reply.redirect(at.base, 303);
    // Signed in, but no longer on the portal's list: say so, and offer to sign in as someone else.
    const visitor = admission.visitor;
    const notice = visitor
      ? refusalNotice('not-allowed', visitor.kind === 'simple' ? visitor.name : visitor.email).notice
      : undefined;
    return signInPage(at, reply, 200, notice);
  });

  /** A form's POST: the portal must exist and the form carry this browser's CSRF token. */
  const form = (
    action: string,
    handle: (at: PortalRequest, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.post(`/portals/:subdomain/${action}`, async (request, reply) => {
      const at = find(request);
      if (!at) return notFound(reply);
      if (!formIsOurs(at, request)) {
        return sendHtml(ctx, reply, 403, portalMessageHtml(chrome(at, false), expiredFormMessage(at.base)));
      }
      return handle(at, request, reply);
    });

  form('sign-in', async (at, request, reply) => {
    const identifier = field(request, 'identifier');
    const password = field(request, 'password');
    const outcome = await ctx.portalSignIn.password(at.portal, identifier, password, request.ip);
    return answer(at, reply, outcome, (status, notice) => signInPage(at, reply, status, notice, identifier));
  });

  app.get('/portals/:subdomain/register', async (request, reply) => {
    const at = find(request);
    if (!at) return notFound(reply);
    if (methods(at).register) return registerPage(at, reply, 200);
    return registerPage(at, reply, 403, refusalNotice('registration-closed').notice);
  });

  form('register', async (at, request, reply) => {
    const email = field(request, 'email');
    const outcome = await ctx.portalSignIn.register(at.portal, email, field(request, 'password'), request.ip);
    return answer(at, reply, outcome, (status, notice) => registerPage(at, reply, status, notice, email));
  });

  form('sign-out', async (at, _request, reply) => {
    ctx.access.endPortalSession(at.cookies.get(SESSION_COOKIE));
    reply.header(
      'set-cookie',
      cookie(SESSION_COOKIE, '', { path: at.base, secure: at.secure, maxAgeSeconds: 0 }),
    );
    return reply.redirect(at.base, 303);
  });
}
