// Follows one stream's state through live.list for <live-player>: asks at once, then every few seconds (every
// second while the stream changes state), so the player learns when to load the playlist, when a stopped
// stream went live again and what the admin line should say. Each request is a run of one LatestTask:
// a newer one (a refresh after an admin call, another stream) drops the answer of the one before.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LiveEntry } from '../../api/types.ts';
import { LatestTask } from '../shared/latest-task.ts';
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

/** When to ask again after a report, in ms; undefined: never (the failure is final). */
export function nextPoll(report: StreamReport): number | undefined {
  if ('entry' in report) {
    const { state } = report.entry;
    return state === 'starting' || state === 'resetting' ? CHANGING_MS : STEADY_MS;
  }
  return report.final ? undefined : FAILED_MS;
}

/** A failure that asking again cannot mend: the stream or the permission is gone (4xx but 429). */
export function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

export class StreamStatusController implements ReactiveController {
  private target: Target | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly lookup: LatestTask<[Target], LiveEntry>;

  constructor(
    host: ReactiveControllerHost,
    private readonly onReport: (report: StreamReport) => void,
  ) {
    host.addController(this);
    this.lookup = new LatestTask(host, {
      task: ([target], signal) => findStream(target.baseUrl, target.token, target.liveid, signal),
      onComplete: (entry) => this.report({ entry }),
      onError: (error) => this.report({ error, final: isFinal(error) }),
    });
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
    this.lookup.abort();
    clearTimeout(this.timer);
  }

  /** Asks live.list now; resolves once its answer is reported (or a newer request took its place). */
  async refresh(): Promise<void> {
    if (!this.target) return;
    clearTimeout(this.timer);
    await this.lookup.run([this.target]);
  }

  private report(report: StreamReport): void {
    const delay = nextPoll(report);
    if (delay === undefined) this.target = undefined;
    // Planned before the report: a report that stops or re-aims the controller clears it again.
    else this.timer = setTimeout(() => void this.refresh(), delay);
    this.onReport(report);
  }
}
