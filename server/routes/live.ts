// The simulated source's HTTP side: playlists, segments and the embed page (public, as the playback URL
// a stream's entry gives is all a player needs).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { sendFailure } from '../http/envelope.ts';
import { embedPage } from '../live/embed-page.ts';
import type { Services } from '../services/index.ts';

export function registerLiveRoutes(app: FastifyInstance, _ctx: ServerContext, services: Services): void {
  const live = services.live;

  const gone = (request: FastifyRequest, reply: FastifyReply) =>
    sendFailure(request, reply, 404, 'not_found', 'This live stream is not broadcasting');

  /** A simulated network drop (test option): the connection dies with no answer at all. */
  const dropped = (liveid: string, request: FastifyRequest, reply: FastifyReply) => {
    if (!live.networkDown(liveid)) return false;
    reply.hijack();
    request.raw.socket.destroy();
    return true;
  };

  app.get('/live/:liveid/:file', async (request, reply) => {
    const { liveid, file } = request.params as { liveid: string; file: string };
    if (dropped(liveid, request, reply)) return reply;
    if (file === 'embed') {
      const entry = safeEntry(services, liveid);
      if (!entry) return gone(request, reply);
      return reply.header('content-type', 'text/html; charset=utf-8').send(embedPage(entry));
    }
    const match = /^(\w+)\.m3u8$/.exec(file);
    const text = match ? live.playlist(liveid, match[1] as string) : undefined;
    if (text === undefined) return gone(request, reply);
    // Players poll a live playlist: no cache may hand them an old window.
    return reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', 'no-cache, no-store')
      .send(text);
  });

  app.get('/live/:liveid/:rendition/:segment', async (request, reply) => {
    const { liveid, rendition, segment } = request.params as {
      liveid: string;
      rendition: string;
      segment: string;
    };
    if (dropped(liveid, request, reply)) return reply;
    const match = /^(\d{1,12})\.ts$/.exec(segment);
    const bytes = match ? live.segment(liveid, rendition, Number(match[1])) : undefined;
    if (!bytes) return gone(request, reply);
    return reply
      .header('content-type', 'video/mp2t')
      .header('cache-control', 'public, max-age=60')
      .send(bytes);
  });
}

/** The entry, or undefined for an unknown liveid (the embed answers 404 then, never a 500). */
function safeEntry(services: Services, liveid: string) {
  try {
    return services.live.entry(liveid);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'not_found') return undefined;
    throw error;
  }
}
