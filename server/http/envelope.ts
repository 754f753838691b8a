// The common envelope: `success`, `runtime` in milliseconds, then the operation's fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';

export function runtimeMs(request: FastifyRequest): number {
  const started = request.startedAt ?? performance.now();
  return Math.max(0, Math.round(performance.now() - started));
}

export function sendSuccess(request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>) {
  return reply.code(200).send({ success: true, runtime: runtimeMs(request), ...fields });
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
