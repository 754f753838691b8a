// Browser-side test helpers: a fresh reference server per test file through the runner's server commands.
import { executeServerCommand } from '@web/test-runner-commands';

export interface BrowserTestServer {
  baseUrl: string;
  origin: string;
  /** The fixed `delete`-level application token. */
  token: string;
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
