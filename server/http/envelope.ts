// The common envelope: `success`, `runtime` in milliseconds, then the operation's fields.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';
import { SerializedFields } from '../serialized-fields.ts';

export function runtimeMs(request: FastifyRequest): number {
  const started = request.startedAt ?? performance.now();
  return Math.max(0, Math.round(performance.now() - started));
}

/** Clients send the same few Accept-Encoding values, request after request: each is read once. */
const readEncodings = new Map<string, boolean>();

/** Whether an Accept-Encoding header admits gzip (named or by `*`, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  let accepts = readEncodings.get(text);
  if (accepts === undefined) {
    accepts = admitsGzip(text);
    if (readEncodings.size >= 64) readEncodings.clear();
    readEncodings.set(text, accepts);
  }
  return accepts;
}

function admitsGzip(header: string): boolean {
  let gzip: number | undefined;
  let any: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  const weight = gzip ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

export function sendSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, unknown> | SerializedFields,
) {
  const runtime = runtimeMs(request);
  if (fields instanceof SerializedFields) {
    const body = fields.body(runtime, acceptsGzip(request.headers['accept-encoding']));
    reply.code(200).type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (body.encoding) reply.header('content-encoding', body.encoding);
    return reply.send(body.payload);
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
