// upload.get_upload_token and the upload POST at `/upload` (the signed URL): streams the file to disk.
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AuthContext,
  authenticate,
  authenticateUploadTokenHash,
  requirePermission,
} from '../auth/authenticate.ts';
import { assertAssetsInScope, assertGalleryInScope } from '../auth/scope.ts';
import type { ServerContext } from '../context.ts';
import { denied, invalid, missing, notFound, ServiceError } from '../errors.ts';
import { sendSuccess } from '../http/envelope.ts';
import { defineOperation } from '../http/operation.ts';
import { abandonIncoming, incomingFile, newTempPath } from '../media/storage.ts';
import type { Services } from '../services/index.ts';
import { type VerifiedUploadUrl, verifyUploadUrl } from '../services/upload-urls.ts';

/** Form fields an upload may carry besides `file`; others are ignored. */
const META_FIELDS = ['caption', 'description', 'tags', 'reference_id'] as const;
type MetaField = (typeof META_FIELDS)[number];

/** Room for the multipart framing and the metadata fields around the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The verified URL, with `uploadTokenHash` the token the upload is recorded as made with. */
type UploadTarget = VerifiedUploadUrl;

declare module 'fastify' {
  interface FastifyRequest {
    uploadTarget?: UploadTarget;
  }
}

export function registerUploadRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation<{ fid?: string; expire?: string }>(app, ctx, {
    name: 'upload.get_upload_token',
    method: 'GET',
    permission: 'token.create',
    params: {
      fid: { type: 'string', maxLength: 64 },
      expire: { type: 'string', maxLength: 32 },
    },
    handle: ({ params, auth }) => {
      const fid = params.fid?.trim();
      if (!fid) throw missing('fid');
      if (!services.assets.store.galleryExists(fid)) throw notFound('Gallery', fid);
      assertGalleryInScope(auth, fid);
      const { token, expires } = services.tokens.createUploadToken(auth, fid, params.expire);
      return { upload_token: token, fid, expires };
    },
  });

  // Its own scope: the multipart parser exists for this route only; everything else keeps draining bodies.
  app.register(async (scope) => {
    const maxBytes = services.assets.maxUploadBytes;
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30, headerPairs: 50 },
    });

    scope.route({
      method: 'POST',
      url: '/upload',
      // Everything that needs no body is settled before a byte of it is read.
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        request.uploadTarget = checkUploadRequest(ctx, services, request);
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > maxBytes + FORM_OVERHEAD_BYTES) {
          reply.header('connection', 'close');
          throw tooLarge(maxBytes);
        }
      },
      handler: async (request, reply) => {
        const target = request.uploadTarget as UploadTarget;
        if (!request.isMultipart()) {
          throw invalid('body', 'must be multipart/form-data with the file in the field "file"');
        }
        const meta: Partial<Record<MetaField, string>> = {};
        let file: { tempPath: string; filename: string; mime: string; size: number } | undefined;
        let sink: ReturnType<typeof incomingFile> | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'file') throw invalid('file', 'must be a file part, with a filename');
              if ((META_FIELDS as readonly string[]).includes(part.fieldname)) {
                if (part.valueTruncated) throw invalid(part.fieldname, 'is too long');
                meta[part.fieldname as MetaField] = String(part.value);
              }
              continue;
            }
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              throw invalid(part.fieldname, 'is not expected: send one file in the field "file"');
            }
            const tempPath = newTempPath(ctx);
            file = { tempPath, filename: part.filename ?? '', mime: part.mimetype ?? '', size: 0 };
            sink = incomingFile(tempPath);
            await pipeline(part.file, sink);
            file.size = sink.bytesWritten;
            if (part.file.truncated) throw tooLarge(maxBytes);
          }
          if (!file) throw missing('file');
          if (file.size === 0) throw invalid('file', 'is empty');
        } catch (error) {
          await abandonIncoming(sink);
          if (file) await rm(file.tempPath, { force: true });
          reply.header('connection', 'close');
          throw toServiceError(error, maxBytes);
        }
        // A client whose connection is gone saw a failure and sends the file again: storing this copy
        // too would give two assets for one file.
        if (request.raw.socket?.destroyed) {
          await rm(file.tempPath, { force: true });
          throw invalid('body', 'arrived, but the connection closed before the upload was stored');
        }
        const asset = await services.assets.ingest({
          ...file,
          fid: target.rid ? null : target.fid,
          attachTo: target.rid ? { rid: target.rid, type: target.type ?? '' } : null,
          meta,
          uploadTokenHash: target.uploadTokenHash,
        });
        return sendSuccess(request, reply, { rid: asset.rid, asset });
      },
    });
  });
}

/**
 * The signed URL, the upload token (given as `upload_token`, or named by the URL it was minted for) and
 * the target's existence: 403 / 404 before the body.
 */
function checkUploadRequest(ctx: ServerContext, services: Services, request: FastifyRequest): UploadTarget {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const target = verifyUploadUrl(ctx, query);
  let auth: AuthContext | null = null;
  if (query.upload_token !== undefined && query.upload_token !== '') {
    if (typeof query.upload_token !== 'string') throw denied('Give upload_token once');
    auth = authenticate(ctx.tokens, ctx.clock, { upload_token: query.upload_token }, request.ip);
    if (target.uploadTokenHash && target.uploadTokenHash !== auth.tokenHash) {
      throw denied('This upload URL was made for another upload token');
    }
  } else if (target.uploadTokenHash) {
    auth = authenticateUploadTokenHash(ctx.tokens, ctx.clock, target.uploadTokenHash, request.ip);
  }
  if (target.fid && !services.assets.store.galleryExists(target.fid)) throw notFound('Gallery', target.fid);
  if (target.rid && !services.assets.store.get(target.rid)) throw notFound('Asset', target.rid);
  if (auth) {
    requirePermission(auth, 'asset.upload');
    if (target.rid) assertAssetsInScope(auth, [target.rid], services.assets.lookups);
    else if (!target.fid || target.fid !== auth.scope.fid) {
      throw denied('This upload token is for another gallery');
    }
  }
  return { ...target, uploadTokenHash: auth?.tokenHash ?? null };
}

function tooLarge(maxBytes: number): ServiceError {
  return new ServiceError('too_large', `The file is larger than this server accepts (${maxBytes} bytes)`);
}

/** Parser failures (limits, a cut-off body) become the decided codes; service errors pass through. */
function toServiceError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ServiceError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT') return invalid('file', 'may be given once only');
  if (/^FST_(PARTS|FIELDS)_LIMIT$/.test(code)) return invalid('body', 'has too many form fields');
  if (code === 'FST_PROTO_VIOLATION') return invalid('body', 'has a forbidden field name');
  return invalid('body', 'is not a complete multipart/form-data body');
}
