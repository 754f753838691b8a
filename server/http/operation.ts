// Declares one API operation: its path, method, permission, parameter schema and handler, with auth and
// the envelope done once for all of them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthContext, authenticate, requirePermission } from '../auth/authenticate.ts';
import type { Permission } from '../auth/permissions.ts';
import type { ServerContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { SerializedFields, sendSuccess } from './envelope.ts';

type JsonSchema = Record<string, unknown>;

export interface OperationRequest<P> {
  params: P;
  auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface OperationSpec<P> {
  /** Dotted operation name, served at `/v2/<name>.json` (or at `path` when given). */
  name: string;
  /** The documented method; the other one is accepted too (as the hosted service). */
  method: 'GET' | 'POST';
  /** Needed permission; null lets any valid token call (ping). */
  permission: Permission | null;
  /** Whether an upload token may call it (its scope is then checked by the service). */
  uploadToken?: boolean;
  /** JSON Schema of each query parameter. */
  params: Record<string, JsonSchema>;
  required?: readonly string[];
  /** Path override, for paths that are not `<name>.json` (upload.iframe). */
  path?: string;
  /** An answer kept from an earlier identical call (remembered-answers.ts), sent before validation. */
  kept?(auth: AuthContext, query: Record<string, unknown>): SerializedFields | undefined;
  /** Returns the fields merged into the success envelope, or handles the reply itself (returns the reply). */
  handle(op: OperationRequest<P>): unknown;
}

/** Credentials and cache-busting parameters every operation accepts besides its own. */
const COMMON_PARAMS = {
  api_token: { type: 'string' },
  upload_token: { type: 'string' },
  _: { type: 'string' },
} satisfies Record<string, JsonSchema>;

export function defineOperation<P>(app: FastifyInstance, ctx: ServerContext, spec: OperationSpec<P>): void {
  const nonEmpty = nonEmptyParams(spec.params);
  app.route({
    method: ['GET', 'POST'],
    url: `/v2/${spec.path ?? `${spec.name}.json`}`,
    schema: {
      querystring: {
        type: 'object',
        properties: { ...COMMON_PARAMS, ...spec.params },
        required: [...(spec.required ?? [])],
      },
    },
    config: { operation: spec.name },
    // Credentials are checked before parameters: a caller without rights learns nothing about the inputs.
    // One callback-style hook (not two async ones): it runs on every request, and each promise costs.
    onRequest: (request, reply, done) => {
      const query = request.query as Record<string, unknown>;
      const auth = authenticate(ctx.tokens, ctx.clock, query, request.ip, request.headers);
      if (auth.kind === 'upload' && !spec.uploadToken) {
        throw new ServiceError('permission_denied', `An upload token cannot call ${spec.name}`);
      }
      if (spec.permission) requirePermission(auth, spec.permission);
      request.auth = auth;
      dropEmptyValues(query, nonEmpty);
      const kept = spec.kept?.(auth, query);
      // Answering from a hook ends the request here: done() is not called.
      if (kept) sendSuccess(request, reply, kept);
      else done();
    },
    // Most operations answer at once: only a promise is awaited, so they cost no extra microtask turn.
    handler: (request, reply) => {
      const result = spec.handle({
        params: request.query as P,
        auth: request.auth as AuthContext,
        request,
        reply,
      });
      if (result instanceof Promise) return result.then((value) => finish(request, reply, value));
      finish(request, reply, result);
    },
  });
}

/** Sends what an operation returned in the success envelope, unless it handled the reply itself. */
function finish(request: FastifyRequest, reply: FastifyReply, result: unknown): FastifyReply {
  if (result === reply) return reply;
  if (result instanceof SerializedFields) return sendSuccess(request, reply, result);
  return sendSuccess(request, reply, (result ?? {}) as Record<string, unknown>);
}

/**
 * An empty value where the schema wants at least one character is treated as absent (the spec's own
 * convention: "empty means any"), so an empty required parameter reads `missing_parameter` and an empty
 * optional one (`fid=`) is simply not given, the same on every operation.
 */
function dropEmptyValues(query: Record<string, unknown>, nonEmpty: readonly string[]): void {
  for (const name of nonEmpty) if (query[name] === '') delete query[name];
}

/** The parameters whose schema wants at least one character. */
function nonEmptyParams(params: Record<string, JsonSchema>): string[] {
  return Object.entries(params)
    .filter(([, schema]) => typeof schema.minLength === 'number' && schema.minLength > 0)
    .map(([name]) => name);
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    operation?: string;
  }
}
