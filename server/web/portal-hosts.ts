// Where a portal's pages are: under /portals/<subdomain>/ on any host, and at / on its own domain
// (cname_domain), which Fastify's rewriteUrl maps onto the first before routing.
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { FullPortalEntry } from '../services/portals.ts';

/** The page paths a portal has, as they are on its own domain. */
const PORTAL_PATHS = new Set(['/', '/sign-in', '/register', '/sign-out', '/openid']);

/** A Host header's name: lower case, without the port. */
export function hostName(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The rewrite of a request for a portal's own domain: `/sign-in` on media.example.com is
 * `/portals/<subdomain>/sign-in`. Other hosts and paths go unchanged.
 */
export function portalDomainRewrite(
  portalOnDomain: (host: string) => string | undefined,
): (request: IncomingMessage) => string {
  return (request) => {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (!PORTAL_PATHS.has(path)) return url;
    const subdomain = portalOnDomain(hostName(request.headers.host));
    if (!subdomain) return url;
    return `/portals/${subdomain}${path}${query < 0 ? '' : url.slice(query)}`;
  };
}

/** The path a portal's pages live under for this request: `/` on its own domain. */
export function portalBase(request: FastifyRequest, portal: FullPortalEntry): string {
  const own = portal.cname_domain !== '' && hostName(request.host) === portal.cname_domain;
  return own ? '/' : `/portals/${portal.subdomain}/`;
}

/** The origin the visitor used (its scheme honours X-Forwarded-Proto only when the server trusts a proxy). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
