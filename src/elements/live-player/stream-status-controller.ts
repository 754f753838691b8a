// Follows one stream's state through live.list for <live-player>: asks at once, then every few seconds (every
// second while the stream changes state), so the player learns when to load the playlist, when a stopped
// stream went live again and what the admin line should say. The answer of the latest request wins.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LiveEntry } from '../../api/types.ts';
import { ApiError, findStream } from './live-api.ts';

/** While `starting` or `resetting`: the next state is a second or two away. */
const CHANGING_MS = 1000;
/** While `idle`, `live` or `stopped`: a change comes from someone's button, seldom and unannounced. */
const STEADY_MS = 3000;
/** After a failed request (network, 5xx): the client has retried already; ask again later. */
const FAILED_MS = 10000;

export type StreamReport =
  | { entry: LiveEntry }
  /** `final`: asking again cannot help (the stream or the token's permission is gone); polling stopped. */
  | { error: unknown; final: boolean };

interface Target {
  baseUrl: string;
  token: string;
  liveid: string;
}

export class StreamStatusController implements ReactiveController {
  private target: Target | undefined;
  private request: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly onReport: (report: StreamReport) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Follows `liveid` from now on (and no other stream): the first request goes out at once. */
  watch(target: Target): void {
    this.stop();
    this.target = target;
    void this.refresh();
  }

  stop(): void {
    this.target = undefined;
    this.request?.abort();
    this.request = undefined;
    clearTimeout(this.timer);
  }

  /** Asks live.list now; a request still under way is dropped, so an older answer never lands last. */
  async refresh(): Promise<void> {
    const target = this.target;
    if (!target) return;
    clearTimeout(this.timer);
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    let delay: number;
    try {
      const entry = await findStream(target.baseUrl, target.token, target.liveid, request.signal);
      if (request !== this.request) return;
      delay = entry.state === 'starting' || entry.state === 'resetting' ? CHANGING_MS : STEADY_MS;
      this.onReport({ entry });
    } catch (error) {
      if (request !== this.request) return;
      const final =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
      this.onReport({ error, final });
      if (final) {
        this.stop();
        return;
      }
      delay = FAILED_MS;
    }
    // The report may have stopped or re-aimed the controller.
    if (request !== this.request) return;
    this.timer = setTimeout(() => void this.refresh(), delay);
  }
}
