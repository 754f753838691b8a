// The live calls the player makes, through the typed client: finding a stream's playlist and the admin bar's
// start / stop / reset. One small module so the element never builds URLs itself. It uses the live namespace
// alone, not the whole client with every namespace: the player's initial chunk stays small.
import { ApiError } from '../../api/errors.ts';
import { LiveApi } from '../../api/live.ts';
import { Transport } from '../../api/transport.ts';
import type { LiveEntry } from '../../api/types.ts';

export { ApiError };

export type AdminOperation = 'start' | 'stop' | 'reset';

const live = (baseUrl: string, token: string) =>
  new LiveApi(new Transport({ baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, token }));

/** The stream's entry from live.list (the API has no single-stream read); 404 ApiError when absent. */
export async function findStream(
  baseUrl: string,
  token: string,
  liveid: string,
  signal?: AbortSignal,
): Promise<LiveEntry> {
  const { live_streams } = await live(baseUrl, token).list({ signal });
  const entry = live_streams.find((s) => s.liveid === liveid);
  if (!entry) {
    throw new ApiError({
      status: 404,
      code: 'not_found',
      message: `No live stream ${liveid}`,
      operation: 'live.list',
    });
  }
  return entry;
}

export async function runOperation(
  baseUrl: string,
  token: string,
  operation: AdminOperation,
  liveid: string,
): Promise<{ state: string; note: string }> {
  const result = await live(baseUrl, token)[operation]({ liveid });
  return { state: String(result.state), note: result.note ?? '' };
}
