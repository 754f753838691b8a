// The upload URL `/upload` (signed): chunks as the hosted service's uploader sends them, a multipart form
// with the field `file`, or a raw whole-file body (WIRE-DESIGN.md), every answer in the upload answer format
// (http/upload-answers.ts) and readable cross-origin. The URL is the credential (auth/policy.ts).
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VerifiedUploadUrl } from '../auth/upload-url.ts';
import type { ServerContext } from '../context.ts';
import { invalid, ServiceError } from '../errors.ts';
import { decodeFileName, parseContentRange, parseUniqueId } from '../http/content-range.ts';
import { describeError } from '../http/describe-error.ts';
import { sendChunkStored, sendUploadComplete, sendUploadFailure } from '../http/upload-answers.ts';
import { DEFAULT_FILE_NAME, OffsetRefusal, type UploadOutcome } from '../services/chunked-uploads.ts';
import type { Services } from '../services/index.ts';
import { chunkTooLarge, fileTooLarge, MAX_CHUNK_BYTES } from '../services/upload-errors.ts';
import { readUploadForm } from './upload-form.ts';

/** Room for the multipart framing and the metadata fields around the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
/** Request headers a cross-origin uploader sends (the service's sends the first four). */
const ALLOWED_HEADERS = ['content-range', 'content-type', 'unique-id', 'x-file-name', 'accept'];

declare module 'fastify' {
  interface FastifyRequest {
    uploadTarget?: VerifiedUploadUrl;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

export function registerUploadRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  // Its own scope: bodies here are files, read by the handler, never by a parser; everything else keeps
  // draining them. Every failure here, whoever makes it, is an upload answer.
  app.register(async (scope) => {
    const maxBytes = services.ingest.maxUploadBytes;
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 50 },
    });
    scope.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
      const failure = describeError(error);
      if (failure.status >= 500) request.log.error({ err: error }, 'internal error');
      const offset =
        error instanceof OffsetRefusal ? { offset: error.offset, total: error.total } : undefined;
      return sendUploadFailure(request, reply, { ...failure, ...(offset ? { offset } : {}) });
    });

    // The service's uploader sends custom headers cross-origin: the browser asks first, with no credentials.
    scope.options('/upload', async (request, reply) => {
      const asked = (header(request, 'access-control-request-headers') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      reply
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', [...new Set([...ALLOWED_HEADERS, ...asked])].join(', '))
        .header('access-control-expose-headers', 'Upload-Offset, Upload-Length')
        .header('access-control-max-age', '86400')
        .code(204)
        .send();
    });

    scope.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/upload',
      handler: async () => {
        throw new ServiceError('not_found', 'An upload URL takes POST');
      },
    });

    scope.route({
      method: 'POST',
      url: '/upload',
      // Everything that needs no body is settled before a byte of it is read.
      onRequest: async (request, reply) => {
        request.uploadTarget = ctx.access.uploadUrl(
          (request.query ?? {}) as Record<string, unknown>,
          request.ip,
        );
        const length = Number(request.headers['content-length']);
        if (!Number.isFinite(length)) return;
        const chunked = request.headers['content-range'] !== undefined;
        if (chunked ? length > MAX_CHUNK_BYTES : length > maxBytes + FORM_OVERHEAD_BYTES) {
          reply.header('connection', 'close');
          throw chunked ? chunkTooLarge() : fileTooLarge(maxBytes);
        }
      },
      handler: async (request, reply) => {
        const target = request.uploadTarget as VerifiedUploadUrl;
        try {
          return answer(request, reply, await receive(ctx, services, request, target));
        } catch (error) {
          // A body left unread would be taken for the next request on this connection.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw error;
        }
      },
    });
  });
}

/** A chunk (Content-Range), a multipart form (with a boundary), or else a raw body holding one whole file. */
async function receive(
  ctx: ServerContext,
  services: Services,
  request: FastifyRequest,
  target: VerifiedUploadUrl,
): Promise<UploadOutcome> {
  const uniqueId = parseUniqueId(header(request, 'unique-id'));
  const contentType = header(request, 'content-type') ?? '';
  const rangeHeader = header(request, 'content-range');
  const named = header(request, 'x-file-name');
  const filename = named === undefined ? null : decodeFileName(named) || DEFAULT_FILE_NAME;
  const isForm = /^multipart\/form-data\b/i.test(contentType);
  const mime = isForm ? '' : (contentType.split(';')[0]?.trim() ?? '');
  if (rangeHeader !== undefined) {
    const range = parseContentRange(rangeHeader);
    return services.uploads.chunk({ target, uniqueId, filename, mime, range, body: request.raw });
  }
  // The same unique-id finished before: the answer was lost, the body is a repeat. Nothing is stored.
  const repeat = await services.uploads.repeatOf(target, uniqueId, request.raw);
  if (repeat) return repeat;
  if (isForm && /;\s*boundary=/i.test(contentType)) {
    const form = await readUploadForm(ctx, request, services.ingest.maxUploadBytes);
    if (uniqueId && form.uniqueId && uniqueId !== form.uniqueId) {
      await services.uploads.discard(form.file);
      throw invalid('unique_id', 'differs from the unique-id header');
    }
    await refuseIfGone(services, request, form.file, uniqueId ?? form.uniqueId);
    return services.uploads.storeWhole(target, uniqueId ?? form.uniqueId, form.file, form.meta);
  }
  const file = await services.uploads.receiveWhole(request.raw, filename ?? DEFAULT_FILE_NAME, mime);
  await refuseIfGone(services, request, file, uniqueId);
  return services.uploads.storeWhole(target, uniqueId, file);
}

/**
 * A client whose connection is gone saw a failure and, without a unique-id, may send the file again as a
 * new one: storing this copy too would give two assets for one file. With a unique-id a repeat finds it.
 */
async function refuseIfGone(
  services: Services,
  request: FastifyRequest,
  file: { tempPath: string },
  uniqueId: string | null,
): Promise<void> {
  if (uniqueId || !request.raw.socket?.destroyed) return;
  await services.uploads.discard(file);
  throw invalid('body', 'arrived, but the connection closed before the upload was stored');
}

function answer(request: FastifyRequest, reply: FastifyReply, outcome: UploadOutcome) {
  if (outcome.complete) return sendUploadComplete(request, reply, outcome);
  return sendChunkStored(request, reply, outcome.offset, outcome.total);
}
