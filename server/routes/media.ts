// Media over HTTP: `/files/*` (`?download=1` for an attachment), `/download/*.zip`, asset.resync,
// asset.upload_from_url*, gallery.download.
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
  if (asksForDownload(request.query)) {
    const filename = services.versions.store.asset(rid)?.filename || rid;
    reply.header('content-disposition', attachment(versionFilename(filename, name, stored?.mime)));
    // A page on another origin (the lightbox's download link) may read which name the file gets.
    reply.header('access-control-expose-headers', 'content-disposition');
  }
  reply.code(opened.status);
  return reply.send(opened.body ?? '');
}

/**
 * `download=1` (also `true`, `yes`) asks for the file as a download: browsers ignore the `download`
 * attribute of a link to another origin, so only the answer's Content-Disposition can make one. It
 * changes how the file is offered, never who may fetch it: the file URL stays as public as it was.
 */
function asksForDownload(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.download;
  return typeof value === 'string' && /^(1|true|yes)$/i.test(value);
}

/** The original keeps its uploaded name; a version is named after it (`beach_jpg_600x450.jpg`). */
function versionFilename(original: string, name: string, mime: string | undefined): string {
  if (name === 'original') return original;
  const stem = original.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}_${name}${mime === 'image/jpeg' ? '.jpg' : ''}`;
}

/**
 * `attachment` with the name twice (RFC 6266): `filename` as ASCII for old clients, `filename*` as
 * UTF-8 percent-encoding (RFC 8187, formerly 5987) for every name, so `Grüße.jpg` survives.
 */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
