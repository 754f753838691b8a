// Media over HTTP: `/files/*`, `/download/*.zip`, asset.resync, asset.upload_from_url*, gallery.download.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePermission } from '../auth/authenticate.ts';
import { assertReadable } from '../auth/scope.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { sendFailure } from '../http/envelope.ts';
import { defineOperation } from '../http/operation.ts';
import { openStoredFile } from '../media/serve.ts';
import { parseRidList } from '../services/assets.ts';
import type { DownloadType } from '../services/downloads.ts';
import type { Services } from '../services/index.ts';
import type { UrlImportParams } from '../services/url-imports.ts';

const id = { type: 'string', minLength: 1, maxLength: 64 };

export function registerMediaRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  app.get<{ Params: { rid: string; name: string } }>('/files/:rid/:name', (request, reply) =>
    serveFile(ctx, services, request, reply),
  );

  app.get<{ Params: { file: string } }>('/download/:file', (request, reply) => {
    const match = /^(.{1,64})\.zip$/.exec(request.params.file);
    if (!match?.[1]) throw notFound('Download', request.params.file);
    const fid = match[1];
    const type = services.downloads.verify(fid, request.query as Record<string, unknown>);
    const stream = services.downloads.zip(fid, type);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fid.replace(/[^\w-]/g, '_')}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  defineOperation<{ fid: string; type?: DownloadType }>(app, ctx, {
    name: 'gallery.download',
    method: 'GET',
    permission: 'gallery.read',
    params: { fid: id, type: { type: 'string', enum: ['original', 'resized'] } },
    required: ['fid'],
    handle: ({ params, auth }) => {
      assertReadable(auth, params.fid);
      return services.downloads.link(params.fid, params.type ?? 'original');
    },
  });

  defineOperation<{ rid: string }>(app, ctx, {
    name: 'asset.resync',
    method: 'POST',
    permission: 'asset.update',
    params: { rid: { type: 'string', minLength: 1, maxLength: 20000 } },
    required: ['rid'],
    handle: ({ params, auth }) => services.versions.resync(auth, parseRidList(params.rid)),
  });

  defineOperation<UrlImportParams>(app, ctx, {
    name: 'asset.upload_from_url',
    method: 'POST',
    permission: 'asset.upload',
    params: {
      input: { type: 'string', minLength: 1, maxLength: 8192 },
      fid: id,
      rid: id,
      type: { type: 'string', maxLength: 64 },
      caption: { type: 'string', maxLength: 20000 },
    },
    required: ['input'],
    handle: ({ params, auth }) => services.urlImports.start(auth, params),
  });

  defineOperation<{ status_id: string }>(app, ctx, {
    name: 'asset.upload_from_url_get_status',
    method: 'GET',
    // Whoever may start an import may follow it, even with a token that cannot read assets.
    permission: null,
    params: { status_id: id },
    required: ['status_id'],
    handle: ({ params, auth }) => {
      if (!auth.permissions.has('asset.upload')) requirePermission(auth, 'asset.read');
      return services.urlImports.status(params.status_id);
    },
  });

  defineOperation<{ status_id: string }>(app, ctx, {
    name: 'asset.upload_from_url_abort',
    method: 'POST',
    permission: 'asset.upload',
    params: { status_id: id },
    required: ['status_id'],
    handle: ({ params, auth }) => services.urlImports.abort(auth, params.status_id),
  });
}

async function serveFile(
  ctx: ServerContext,
  services: Services,
  request: FastifyRequest<{ Params: { rid: string; name: string } }>,
  reply: FastifyReply,
) {
  const { rid, name } = request.params;
  const stored = services.versions.store.storedFile(rid, name);
  const opened = stored ? await openStoredFile(ctx, stored, request.headers) : null;
  if (!opened) throw notFound('File', `${rid}/${name}`);
  if (opened.status === 416) {
    reply.header('content-range', opened.headers['content-range']);
    return sendFailure(request, reply, 416, 'invalid_parameter', opened.message ?? 'Range not satisfiable');
  }
  reply.headers(opened.headers);
  reply.code(opened.status);
  return reply.send(opened.body ?? '');
}
