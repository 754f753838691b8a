// The six live operations (all GET, as the spec says) and the simulated source's HTTP side: playlists,
// segments and the embed page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { sendFailure } from '../http/envelope.ts';
import { defineOperation } from '../http/operation.ts';
import { embedPage } from '../live/embed-page.ts';
import type { Services } from '../services/index.ts';
import { type CreateLiveParams, LIVE_LOCATIONS, LIVE_TYPES } from '../services/live.ts';

interface LiveidParams {
  liveid: string;
}

const LIVEID = { type: 'string', minLength: 1, maxLength: 64 };

export function registerLiveRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  const live = services.live;

  defineOperation(app, ctx, {
    name: 'live.list',
    method: 'GET',
    permission: 'live.read',
    params: {},
    handle: ({ auth }) => live.list(auth.permissions.has('live.update')),
  });

  defineOperation<CreateLiveParams>(app, ctx, {
    name: 'live.create',
    method: 'GET',
    permission: 'live.update',
    params: {
      name: { type: 'string', maxLength: 255 },
      location: { type: 'string', enum: [...LIVE_LOCATIONS] },
      type: { type: 'string', enum: [...LIVE_TYPES] },
    },
    handle: ({ params, auth }) => {
      const entry = live.create(auth, params);
      // The new id and the entry's fields at the top level (as gallery.create), and the entry as a whole.
      return { ...entry, live_stream: entry };
    },
  });

  for (const move of ['start', 'stop', 'reset'] as const) {
    defineOperation<LiveidParams>(app, ctx, {
      name: `live.${move}`,
      method: 'GET',
      permission: 'live.update',
      params: { liveid: LIVEID },
      required: ['liveid'],
      handle: ({ params, auth }) => live[move](auth, params.liveid),
    });
  }

  defineOperation<LiveidParams>(app, ctx, {
    name: 'live.delete',
    method: 'GET',
    permission: 'live.delete',
    params: { liveid: LIVEID },
    required: ['liveid'],
    handle: ({ params, auth }) => {
      live.delete(auth, params.liveid);
      return {};
    },
  });

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
