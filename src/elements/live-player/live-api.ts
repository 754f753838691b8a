// The live calls the player makes, through the typed client: finding a stream's playlist and the
// admin bar's start / stop / reset. One small module so the element never builds URLs itself.
import { GalleryClient } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import type { LiveEntry } from '../../api/types.ts';

export { ApiError };

const client = (baseUrl: string, token: string) =>
  new GalleryClient({ baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`, token });

/** The stream's entry from live.list (the API has no single-stream read); 404 ApiError when absent. */
export async function findStream(
  baseUrl: string,
  token: string,
  liveid: string,
  signal?: AbortSignal,
): Promise<LiveEntry> {
  const { live_streams } = await client(baseUrl, token).live.list({ signal });
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
  operation: 'start' | 'stop' | 'reset',
  liveid: string,
): Promise<{ state: string; note: string }> {
  const result = await client(baseUrl, token).live[operation]({ liveid });
  return { state: String(result.state), note: result.note ?? '' };
}
