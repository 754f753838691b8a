// Builds the reference server's Fastify app from options; importing this file starts nothing.
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createContext, type ServerContext, type ServerOptions } from './context.ts';
import { ServiceError } from './errors.ts';
import { describeError } from './http/describe-error.ts';
import { sendFailure } from './http/envelope.ts';
import { installFaults } from './http/faults.ts';
import { registerOperations } from './http/operations.ts';
import { ROUTES } from './routes/index.ts';
import { closeServices, createServices, type Services } from './services/index.ts';
import { operationHandlers } from './services/operations.ts';
import { registerDemo } from './web/demo.ts';
import { registerElementsBundle } from './web/elements-bundle.ts';
import { portalDomainRewrite } from './web/portal-hosts.ts';

export type { Services };

export interface GalleryServer {
  app: FastifyInstance;
  ctx: ServerContext;
  services: Services;
  /** Starts listening; resolves to the API base URL (ending in `/v2/`). */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

const MAX_REQUEST_HEAD_BYTES = 4 * 1024 * 1024;
/** How long close() waits for requests in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 3000;

/**
 * Malformed or too large request heads still get the JSON failure envelope, then the socket closes. Which
 * route was meant is unknown here, so the body also holds `error`, which an upload URL's failures must.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const message = tooLarge ? 'The request line and headers exceed 4 MB' : 'The request is malformed';
  const body = JSON.stringify({
    success: false,
    runtime: 0,
    code: 'invalid_parameter',
    message,
    error: message,
  });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Access-Control-Allow-Origin: *\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function buildServer(options: ServerOptions): GalleryServer {
  const ctx = createContext(options);
  const services = createServices(ctx);
  if (options.token) services.tokens.installFixedToken(options.token);

  const app = Fastify({
    logger: options.logger ?? false,
    // Inputs come in the query string: let oversized values (1 MB captions) reach validation and get a
    // JSON 400 instead of Node's bare 431.
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
    clientErrorHandler: answerClientError,
    trustProxy: options.trustProxy ?? false,
    // A portal with its own domain (cname_domain) is served at / on that host.
    rewriteUrl: portalDomainRewrite((host) => services.portals.activeOnDomain(host)?.subdomain),
  });
  app.removeAllContentTypeParsers();
  // Inputs are query parameters only: any other body is drained and ignored, so simple forms work too.
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
    payload.on('error', (error) => done(error));
  });

  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    reply.header('access-control-allow-origin', '*');
    done();
  });
  app.options('/*', async (request, reply) => {
    const headers = request.headers['access-control-request-headers'];
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', typeof headers === 'string' ? headers : '*')
      .header('access-control-max-age', '86400')
      .code(204)
      .send();
  });

  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'internal error');
    if (error instanceof ServiceError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return sendFailure(request, reply, status, code, message);
  });
  app.setNotFoundHandler((request, reply) =>
    sendFailure(
      request,
      reply,
      404,
      'not_found',
      `No such operation or file: ${request.method} ${request.url.split('?')[0]}`,
    ),
  );

  if (options.faults) installFaults(app, options.faults);
  registerOperations(app, ctx, operationHandlers(services));
  for (const register of ROUTES) register(app, ctx, services);
  registerElementsBundle(app);
  if (options.demo) registerDemo(app, ctx);

  app.addHook('onClose', async () => {
    await closeServices(services);
    ctx.readModel.close();
    ctx.db.close();
  });

  return {
    app,
    ctx,
    services,
    async listen(port = 8787, host = '127.0.0.1') {
      const address = await app.listen({ port, host });
      ctx.listening(address.replace('[::1]', 'localhost'));
      return `${ctx.publicUrl()}/v2/`;
    },
    async close() {
      // Requests in flight get a moment to finish; a client that keeps a connection busy (a player
      // streaming, a stalled upload) must not hold a shutdown, or a test run, hostage.
      const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
    },
  };
}
