// Starts a real reference server on a free 127.0.0.1 port with a fresh data dir, for one test file.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type GalleryServer } from '../../server/app.ts';
import type { ServerOptions } from '../../server/context.ts';

export interface TestServer {
  server: GalleryServer;
  /** API base URL, ending in `/v2/`. */
  baseUrl: string;
  /** Origin, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The fixed `delete`-level application token. */
  token: string;
  dataDir: string;
  /** Calls an operation with query parameters; `token` defaults to the fixed token (pass null for none). */
  call(
    operation: string,
    params?: Record<string, string | number | undefined>,
    init?: CallInit,
  ): Promise<CallResult>;
  /** Stops the server and keeps the data dir (for restart tests). */
  stop(): Promise<void>;
  /** Stops the server and removes its data dir. */
  close(): Promise<void>;
}

export interface CallInit {
  method?: 'GET' | 'POST';
  token?: string | null;
  /** Send the token as `upload_token` instead of `api_token`. */
  uploadToken?: boolean;
}

export interface CallResult {
  status: number;
  body: Record<string, any>;
  headers: Headers;
}

export const FIXED_TOKEN = 'test-fixed-token-0123456789';

/** `listenPort` brings a stopped server back on its port (with its `dataDir`); default: a free port. */
export async function startTestServer(
  options: Partial<ServerOptions> & { listenPort?: number } = {},
): Promise<TestServer> {
  const { listenPort = 0, ...serverOptions } = options;
  const dataDir = serverOptions.dataDir ?? mkdtempSync(join(tmpdir(), 'gallery-test-'));
  const server = buildServer({ token: FIXED_TOKEN, ...serverOptions, dataDir });
  const baseUrl = await server.listen(listenPort, '127.0.0.1');
  const origin = baseUrl.replace(/\/v2\/$/, '');
  return {
    server,
    baseUrl,
    origin,
    token: FIXED_TOKEN,
    dataDir,
    call: (operation, params = {}, init = {}) => callApi(baseUrl, operation, params, init),
    stop: () => server.close(),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function callApi(
  baseUrl: string,
  operation: string,
  params: Record<string, string | number | undefined> = {},
  init: CallInit = {},
): Promise<CallResult> {
  const path = /\.json$|\/|^upload\.iframe$/.test(operation) ? operation : `${operation}.json`;
  const url = new URL(path, baseUrl);
  const token = init.token === undefined ? FIXED_TOKEN : init.token;
  if (token !== null) url.searchParams.set(init.uploadToken ? 'upload_token' : 'api_token', token);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const response = await fetch(url, { method: init.method ?? 'GET' });
  const text = await response.text();
  let body: Record<string, any>;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body, headers: response.headers };
}

/** Counts the bytes a server's sockets read (request heads included): what reached it over the network. */
export function countReceivedBytes(server: GalleryServer): () => number {
  const open = new Set<Socket>();
  let closed = 0;
  server.app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      closed += socket.bytesRead;
      open.delete(socket);
    });
  });
  return () => {
    let bytes = closed;
    for (const socket of open) bytes += socket.bytesRead;
    return bytes;
  };
}
