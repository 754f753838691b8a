// What every portal page sends: the HTML with its security headers, and the cookies of a portal's visitor.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInOutcome } from '../auth/portal-sign-in.ts';
import type { ServerContext } from '../context.ts';
import { newSecret } from '../ids.ts';
import type { FullPortalEntry } from '../services/portals.ts';
import { cookie, readCookies } from './cookies.ts';
import { portalBase } from './portal-hosts.ts';
import { type MessagePage, messageHtml } from './portal-html.ts';

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'portal_csrf';

/** One request to one portal: who the portal is, where its pages are, and the cookies. */
export interface PortalRequest {
  portal: FullPortalEntry;
  base: string;
  secure: boolean;
  cookies: Map<string, string>;
}

/** The policy of every portal page: own scripts and styles only; the API's origin for the elements' data. */
function contentSecurityPolicy(ctx: ServerContext): string {
  const api = ctx.publicUrl() ? ` ${new URL(ctx.publicUrl()).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self'${api} data: blob:`,
    `media-src 'self'${api} blob:`,
    `connect-src 'self'${api}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function sendHtml(
  ctx: ServerContext,
  reply: FastifyReply,
  status: number,
  html: string,
): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(ctx))
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

export function sendMessage(ctx: ServerContext, reply: FastifyReply, status: number, message: MessagePage) {
  return sendHtml(ctx, reply, status, messageHtml(message));
}

export function portalRequest(request: FastifyRequest, portal: FullPortalEntry): PortalRequest {
  return {
    portal,
    base: portalBase(request, portal),
    secure: request.protocol === 'https',
    cookies: readCookies(request.headers.cookie),
  };
}

/** Sets the portal's session cookie, scoped to its pages, for as long as the session lasts. */
export function setSessionCookie(
  ctx: ServerContext,
  reply: FastifyReply,
  at: PortalRequest,
  outcome: Extract<SignInOutcome, { ok: true }>,
): void {
  const maxAgeSeconds = (outcome.session.expiresAt - ctx.clock.now()) / 1000;
  reply.header(
    'set-cookie',
    cookie(SESSION_COOKIE, outcome.session.id, { path: at.base, secure: at.secure, maxAgeSeconds }),
  );
}

/** The CSRF token of a form page, setting the browser's half (a cookie on the portal's path) if it has none. */
export function formToken(ctx: ServerContext, at: PortalRequest, reply: FastifyReply): string {
  let browser = at.cookies.get(CSRF_COOKIE);
  if (!browser) {
    browser = newSecret();
    at.cookies.set(CSRF_COOKIE, browser);
    reply.header('set-cookie', cookie(CSRF_COOKIE, browser, { path: at.base, secure: at.secure }));
  }
  return ctx.csrf.token(at.portal.subdomain, browser);
}
