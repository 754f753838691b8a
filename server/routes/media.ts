// Media over HTTP: `/files/<rid>/<name>` (public: a file URL names a new rid for every upload;
// `?download=1` answers it as an attachment) and the gallery zips of gallery.download's signed links.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HLS_MASTER_PLAYLIST, HLS_VERSION } from '../../src/contract/asset-record.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { sendFailure } from '../http/envelope.ts';
import { openStoredFile } from '../media/serve.ts';
import type { Services } from '../services/index.ts';

export function registerMediaRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  app.get<{ Params: { rid: string; name: string } }>('/files/:rid/:name', (request, reply) =>
    serveFile(ctx, services, request, reply),
  );

  // The playlists and segments of a video's HLS renditions, relative to its master playlist.
  app.get<{ Params: { rid: string; file: string } }>(
    `/files/:rid/${HLS_VERSION}/:file`,
    async (request, reply) => {
      const { rid, file } = request.params;
      const type = HLS_FILE.exec(file)?.[1]?.toLowerCase() as keyof typeof HLS_TYPES | undefined;
      const master = services.versions.store.storedFile(rid, HLS_VERSION);
      if (!type || !master) throw notFound('File', `${rid}/${HLS_VERSION}/${file}`);
      const stored = {
        storage_key: `${master.storage_key.replace(/[^/]+$/, '')}${file}`,
        mime: HLS_TYPES[type],
      };
      // A playlist is checked again each time (a resync may rewrite it); a segment's name is new each encoding.
      const opened = await openStoredFile(
        ctx,
        stored,
        request.headers,
        type === 'm3u8' ? PLAYLIST_CACHE : undefined,
      );
      if (!opened || opened.status === 416) throw notFound('File', `${rid}/${HLS_VERSION}/${file}`);
      return reply
        .code(opened.status)
        .headers(opened.headers)
        .send(opened.body ?? '');
    },
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

const HLS_FILE = /^[a-z0-9][a-z0-9_-]{0,100}\.(m3u8|ts)$/i;
const HLS_TYPES = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const;
const PLAYLIST_CACHE = 'public, max-age=0, must-revalidate';

async function serveFile(
  ctx: ServerContext,
  services: Services,
  request: FastifyRequest<{ Params: { rid: string; name: string } }>,
  reply: FastifyReply,
) {
  const { rid, name } = request.params;
  // The renditions' folder: its master playlist, at the URL its relative names resolve against.
  if (name === HLS_VERSION) return reply.redirect(`${HLS_VERSION}/${HLS_MASTER_PLAYLIST}`);
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
