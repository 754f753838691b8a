// The live operations the player calls, with plain fetch: the typed client (src/api/) has no live
// namespace yet, and the player needs only these three calls, so it keeps them in this one small module.

export class LiveApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LiveApiError';
  }
}

export interface LiveStreamEntry {
  liveid: string;
  name: string;
  state: string;
  hls_playback_url: string;
  [field: string]: unknown;
}

async function call(
  baseUrl: string,
  token: string,
  operation: string,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(`${operation}.json`, base);
  url.searchParams.set('api_token', token);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new LiveApiError(0, 'network_error', 'The server could not be reached.');
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || body.success !== true) {
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw new LiveApiError(response.status, String(body.code ?? 'internal'), message);
  }
  return body;
}

/** The stream's entry from live.list (the API has no single-stream read). */
export async function findStream(
  baseUrl: string,
  token: string,
  liveid: string,
  signal?: AbortSignal,
): Promise<LiveStreamEntry> {
  const body = await call(baseUrl, token, 'live.list', {}, signal);
  const streams = (body.live_streams ?? []) as LiveStreamEntry[];
  const entry = streams.find((s) => s.liveid === liveid);
  if (!entry) throw new LiveApiError(404, 'not_found', `No live stream ${liveid}`);
  return entry;
}

export async function runOperation(
  baseUrl: string,
  token: string,
  operation: 'start' | 'stop' | 'reset',
  liveid: string,
): Promise<{ state: string; note: string }> {
  const body = await call(baseUrl, token, `live.${operation}`, { liveid });
  return { state: String(body.state ?? ''), note: String(body.note ?? '') };
}
