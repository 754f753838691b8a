// Serves every operation of the contract at `/v2/<name>.json` (and its aliases), built from its row of the
// table in one loop: the route, its Fastify querystring schema from the parameter schemas, the caller
// authorised by the access policy before the parameters are looked at, the handler, the envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_NAMES, OPERATIONS, type ParamSchema } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { SerializedFields } from '../serialized-fields.ts';
import type { Handler, Handlers, JsonOperationName } from '../services/operations.ts';
import { sendSuccess } from './envelope.ts';
import { REMEMBERED, RememberedAnswers } from './remembered-answers.ts';

/** Credentials and cache-busting parameters every operation accepts besides its own. */
const COMMON_PARAMS = {
  api_token: { type: 'string' },
  upload_token: { type: 'string' },
  _: { type: 'string' },
} satisfies Record<string, ParamSchema>;

export function registerOperations(app: FastifyInstance, ctx: ServerContext, handlers: Handlers): void {
  const remembered = new RememberedAnswers(ctx.readModel.answers);
  for (const name of OPERATION_NAMES) {
    const operation = OPERATIONS[name];
    if ('answer' in operation && operation.answer === 'html') continue;
    const served = [name, ...('aliases' in operation ? operation.aliases : [])];
    for (const servedAs of served) {
      registerOne(app, ctx, name as JsonOperationName, servedAs, handlers, remembered);
    }
  }
}

function registerOne<N extends JsonOperationName>(
  app: FastifyInstance,
  ctx: ServerContext,
  name: N,
  servedAs: string,
  handlers: Handlers,
  remembered: RememberedAnswers,
): void {
  const operation = OPERATIONS[name];
  const handle = handlers[name] as Handler<N>;
  const params: Readonly<Record<string, ParamSchema>> = operation.params;
  const nonEmpty = nonEmptyParams(params);
  const remember = REMEMBERED[name] !== undefined;
  app.route({
    method: ['GET', 'POST'],
    url: `/v2/${servedAs}.json`,
    schema: {
      querystring: {
        type: 'object',
        properties: { ...COMMON_PARAMS, ...params },
        required: [...('required' in operation ? operation.required : [])],
      },
    },
    config: { operation: servedAs },
    // Credentials are checked before parameters: a caller without rights learns nothing about the inputs.
    // One callback-style hook (not two async ones): it runs on every request, and each promise costs.
    onRequest: (request, reply, done) => {
      const query = request.query as Record<string, unknown>;
      const caller = ctx.access.authorize(name, servedAs, query, request.ip, request.headers);
      request.caller = caller;
      dropEmptyValues(query, nonEmpty);
      const kept = remember ? remembered.peek(name, caller, query) : undefined;
      // Answering from a hook ends the request here: done() is not called.
      if (kept) sendSuccess(request, reply, kept);
      else done();
    },
    // Most operations answer at once: only a promise is awaited, so they cost no extra microtask turn.
    handler: (request, reply) => {
      const caller = request.caller as Caller;
      const query = request.query as Parameters<Handler<N>>[1];
      const result = remember
        ? remembered.answer(name, caller, query, () => handle(caller, query))
        : handle(caller, query);
      if (result instanceof Promise) return result.then((value) => finish(request, reply, value));
      finish(request, reply, result);
    },
  });
}

/** Sends what an operation returned in the success envelope. */
function finish(request: FastifyRequest, reply: FastifyReply, result: unknown): FastifyReply {
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
function nonEmptyParams(params: Readonly<Record<string, ParamSchema>>): string[] {
  return Object.entries(params)
    .filter(([, schema]) => 'minLength' in schema && (schema.minLength ?? 0) > 0)
    .map(([name]) => name);
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    operation?: string;
  }
}
