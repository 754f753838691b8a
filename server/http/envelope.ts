// The common envelope: `success`, `runtime` in milliseconds, then the operation's fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';

export function runtimeMs(request: FastifyRequest): number {
  const started = request.startedAt ?? performance.now();
  return Math.max(0, Math.round(performance.now() - started));
}

/** An operation's answer fields already turned into JSON (an object's text), sent after the envelope's. */
export class SerializedFields {
  constructor(readonly json: string) {}
}

export function sendSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, unknown> | SerializedFields,
) {
  const runtime = runtimeMs(request);
  if (fields instanceof SerializedFields) {
    const inner = fields.json.slice(1, -1);
    const body = `{"success":true,"runtime":${runtime}${inner ? `,${inner}` : ''}}`;
    return reply.code(200).type('application/json; charset=utf-8').send(body);
  }
  return reply.code(200).send({ success: true, runtime, ...fields });
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
) {
  return reply.code(status).send({ success: false, runtime: runtimeMs(request), code, message });
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt?: number;
  }
}
