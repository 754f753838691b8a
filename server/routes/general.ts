// General operations: ping and token.get_temp.
import type { FastifyInstance } from 'fastify';
import { formatPermissions } from '../auth/permissions.ts';
import type { ServerContext } from '../context.ts';
import { defineOperation } from '../http/operation.ts';
import type { Services } from '../services/index.ts';
import type { TempTokenRequest } from '../services/tokens.ts';

export function registerGeneralRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation(app, ctx, {
    name: 'ping',
    method: 'GET',
    permission: null,
    uploadToken: true,
    params: {},
    handle: ({ auth }) => ({
      ping: 'pong',
      accid: ctx.account.accid,
      permissions: formatPermissions([...auth.permissions]),
      ip: auth.ip,
      token_type: auth.kind,
      expires: auth.expiresAt === null ? null : new Date(auth.expiresAt).toISOString(),
    }),
  });

  defineOperation<TempTokenRequest>(app, ctx, {
    name: 'token.get_temp',
    method: 'GET',
    permission: 'token.create',
    params: {
      ttl: { type: 'string', maxLength: 20 },
      permissions: { type: 'string', maxLength: 2000 },
      rid: { type: 'string', maxLength: 64 },
      fid: { type: 'string', maxLength: 64 },
      sourceip: { type: 'string', maxLength: 64 },
    },
    // A scoped temporary token may mint narrower ones: createTemporaryToken keeps the scope.
    handle: ({ params, auth }) => services.tokens.createTemporaryToken(auth, params),
  });
}
