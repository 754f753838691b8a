// Browser-side test helpers: a fresh reference server per test file through the runner's server commands.
import { executeServerCommand } from '@web/test-runner-commands';

export interface BrowserTestServer {
  baseUrl: string;
  origin: string;
  /** The fixed `delete`-level application token. */
  token: string;
  /** Which server of this test file it is (for the commands below). */
  id?: number;
}

export function startServer(options: Record<string, unknown> = {}): Promise<BrowserTestServer> {
  return executeServerCommand<BrowserTestServer, Record<string, unknown>>('start-server', options);
}

export function stopServers(): Promise<unknown> {
  return executeServerCommand('stop-servers');
}

/** Calls an operation directly (for seeding and checking state); returns the parsed body and status. */
export async function api(
  server: BrowserTestServer,
  operation: string,
  params: Record<string, string | number> = {},
  token: string | null = server.token,
): Promise<{ status: number; body: Record<string, any> }> {
  const url = new URL(`${operation}.json`, server.baseUrl);
  if (token !== null) url.searchParams.set('api_token', token);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

/** Creates a gallery for a test; throws with the answer when the server refuses. */
export async function createGallery(
  server: BrowserTestServer,
  name: string,
): Promise<{ fid: string; upload_url: string }> {
  const { status, body } = await api(server, 'gallery.create', { name });
  if (status !== 200) throw new Error(`gallery.create answered ${status}: ${JSON.stringify(body)}`);
  return { fid: body.fid, upload_url: body.upload_url };
}

/** POSTs one file (and metadata fields) to an upload URL; returns the JSON answer, throws unless it is 200. */
export async function uploadTo(
  uploadUrl: string,
  file: Blob,
  name: string,
  fields: Record<string, string> = {},
): Promise<{ rid: string } & Record<string, any>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, name);
  const response = await fetch(uploadUrl, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Takes the file's server down as a network cut would (every connection dies), keeping its data dir. */
export function serverDown(server: BrowserTestServer): Promise<unknown> {
  return executeServerCommand('server-down', { id: server.id ?? 0 });
}

/** Brings the server back on the same port and data dir. */
export function serverUp(server: BrowserTestServer): Promise<unknown> {
  return executeServerCommand('server-up', { id: server.id ?? 0 });
}

/** Bytes the server has read from its sockets since it started (request heads included). */
export function receivedBytes(server: BrowserTestServer): Promise<number> {
  return executeServerCommand<number, { id: number }>('received-bytes', { id: server.id ?? 0 });
}

/** sha256 (hex) of the file the server stored for an asset. */
export function storedSha256(server: BrowserTestServer, rid: string): Promise<string | null> {
  return executeServerCommand<string | null, { id: number; rid: string }>('asset-sha256', {
    id: server.id ?? 0,
    rid,
  });
}

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs` naming what it waited for. */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Seeds the demo gallery as `--demo` does (generated photos) and waits until every version is made. */
export function seedDemo(server: BrowserTestServer): Promise<unknown> {
  return executeServerCommand('seed-demo', { id: server.id ?? 0 });
}

/** Waits until the server's version worker has made the versions of every upload so far. */
export function versionsIdle(server: BrowserTestServer): Promise<unknown> {
  return executeServerCommand('versions-idle', { id: server.id ?? 0 });
}
