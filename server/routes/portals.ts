// portal.* operations: check, cease, rename, remove, set, list; plus the served portal pages.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { defineOperation } from '../http/operation.ts';
import type { Services } from '../services/index.ts';
import type { PortalSetParams } from '../services/portals.ts';
import { registerPortalPages } from '../web/portal-pages.ts';

const NAME = { type: 'string', maxLength: 255 };
const TEXT = { type: 'string', maxLength: 10_000 };
const YES_NO = { type: 'string', enum: ['yes', 'no'] };

export function registerPortalRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation<{ subdomain: string }>(app, ctx, {
    name: 'portal.check',
    method: 'GET',
    permission: 'portal.read',
    params: { subdomain: { type: 'string', maxLength: 2000 } },
    required: ['subdomain'],
    handle: ({ params }) => ({ subdomain: services.portals.check(params.subdomain) }),
  });

  defineOperation<{ subdomain: string }>(app, ctx, {
    name: 'portal.cease',
    method: 'POST',
    permission: 'portal.update',
    params: { subdomain: NAME },
    required: ['subdomain'],
    handle: ({ auth, params }) => services.portals.cease(auth, params.subdomain),
  });

  defineOperation<{ from: string; to: string }>(app, ctx, {
    name: 'portal.rename',
    method: 'POST',
    permission: 'portal.update',
    params: { from: NAME, to: NAME },
    required: ['from', 'to'],
    handle: ({ auth, params }) => services.portals.rename(auth, params.from, params.to),
  });

  defineOperation<{ subdomain: string }>(app, ctx, {
    name: 'portal.remove',
    method: 'POST',
    permission: 'portal.delete',
    params: { subdomain: NAME },
    required: ['subdomain'],
    handle: ({ auth, params }) => services.portals.remove(auth, params.subdomain),
  });

  defineOperation<PortalSetParams>(app, ctx, {
    name: 'portal.set',
    method: 'POST',
    permission: 'portal.update',
    params: {
      subdomain: NAME,
      template: { type: 'string', maxLength: 255 },
      args: { type: 'string', maxLength: 100_000 },
      allow_public: YES_NO,
      service_login: YES_NO,
      service_login_registration: { type: 'string', enum: ['anyone', 'restricted', 'off'] },
      service_login_user_add: TEXT,
      service_login_user_remove: TEXT,
      service_login_domain_add: TEXT,
      service_login_domain_remove: TEXT,
      idp_openid_user_add: TEXT,
      idp_openid_user_remove: TEXT,
      idp_openid_domain_add: TEXT,
      idp_openid_domain_remove: TEXT,
      simple_user_add: TEXT,
      simple_user_remove: TEXT,
      cname_domain: NAME,
    },
    required: ['subdomain'],
    handle: async ({ auth, params }) => {
      await services.portals.set(auth, params);
    },
  });

  defineOperation<{ subdomain?: string }>(app, ctx, {
    name: 'portal.list',
    method: 'GET',
    permission: 'portal.read',
    params: { subdomain: NAME },
    handle: ({ params }) => ({ portals: services.portals.list(params.subdomain || undefined) }),
  });

  registerPortalPages(app, ctx, services);
}
