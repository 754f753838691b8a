// Answers of the upload URL (`/upload`), readable the three ways the hosted service's clients read them
// (decisions.md "Wire behaviour"; WIRE-DESIGN.md): the rid as group 2 of /new resource id (\d+) (.*)/, as
// word 4 of line 6, and failure as the substring `error`, which no success body holds. Text by default
// (its uploader sends `Accept: */*`), JSON when the request asks for application/json.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';
import { runtimeMs } from './envelope.ts';
import { chunkText, completeText, failureText, jsonWithoutError, oneLine } from './upload-answer-text.ts';

/** The headers of a chunk answer a cross-origin page may read. */
const EXPOSED = 'Upload-Offset, Upload-Length';

export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return (Array.isArray(accept) ? accept.join(',') : (accept ?? ''))
    .toLowerCase()
    .includes('application/json');
}

/** Every answer of `/upload` is readable cross-origin, whatever produced it. */
function withCors(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED);
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, text: string, json: object) {
  withCors(reply).header('cache-control', 'no-store').code(status);
  if (wantsJson(request)) {
    const body = {
      ...(status === 200 ? { success: true } : { success: false }),
      runtime: runtimeMs(request),
      ...json,
    };
    return reply
      .type('application/json; charset=utf-8')
      .send(status === 200 ? jsonWithoutError(body) : JSON.stringify(body));
  }
  return reply.type('text/plain; charset=utf-8').send(text);
}

/**
 * The file is complete (this request made it, or an earlier one with the same unique-id did): 7 lines,
 * nothing user-controlled in them, the rid last on line 7 and word 4 of line 6.
 */
export function sendUploadComplete(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { rid: string; total: number; asset?: object },
) {
  const { rid, total } = answer;
  return send(request, reply, 200, completeText(rid, total), {
    rid,
    ...(answer.asset ? { asset: answer.asset } : {}),
  });
}

/** A chunk stored or repeated, or a probe of an unfinished upload: the stored offset. */
export function sendChunkStored(
  request: FastifyRequest,
  reply: FastifyReply,
  offset: number,
  total: number | null,
) {
  reply.header('upload-offset', String(offset));
  if (total !== null) reply.header('upload-length', String(total));
  return send(request, reply, 200, chunkText(offset, total), { offset, total, complete: false });
}

/** Any refusal: `error` on line 1, then the code and message, and the stored offset when it is the reason. */
export function sendUploadFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: {
    status: number;
    code: ErrorCode;
    message: string;
    offset?: { offset: number; total: number | null };
  },
) {
  const { status, code, offset } = failure;
  const message = oneLine(failure.message);
  if (offset) reply.header('upload-offset', String(offset.offset));
  return send(request, reply, status, failureText(code, message, offset), {
    code,
    message,
    error: message,
    ...(offset ? { offset: offset.offset } : {}),
  });
}
