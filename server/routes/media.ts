// Media over HTTP: `/files/<rid>/<name>` (public: a file URL names a new rid for every upload) and the
// gallery zips of gallery.download's signed links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { sendFailure } from '../http/envelope.ts';
import { openStoredFile } from '../media/serve.ts';
import type { Services } from '../services/index.ts';

export function registerMediaRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  app.get<{ Params: { rid: string; name: string } }>('/files/:rid/:name', (request, reply) =>
    serveFile(ctx, services, request, reply),
  );

  app.get<{ Params: { file: string } }>('/download/:file', (request, reply) => {
    const match = /^(.{1,64})\.zip$/.exec(request.params.file);
    if (!match?.[1]) throw notFound('Download', request.params.file);
    const fid = match[1];
    const type = ctx.access.downloadLink(fid, request.query as Record<string, unknown>);
    const stream = services.downloads.zip(fid, type);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${fid.replace(/[^\w-]/g, '_')}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
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
