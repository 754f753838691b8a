// Drives playback of one live HLS source for the element: hls.js (loaded on demand) over MSE when the
// browser has it, native HLS otherwise; waits for a stream that is not on air yet, watches for stalls,
// notices the end of the broadcast and recovers from network drops with backoff. A lazy chunk of its own:
// the element shows its state and admin bar before there is anything to play.
import type Hls from 'hls.js';
import type { ErrorData, LoaderResponse, LoadPolicy, RetryConfig } from 'hls.js';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type AutoplayMode, autoplay } from './autoplay.ts';
import type { LivePlayerState } from './events.ts';

export interface QualityLevel {
  index: number;
  label: string;
}

export interface PlaybackOptions {
  autoplay: AutoplayMode;
  /** No progress for this long while playing counts as a stall. */
  stallTimeoutMs: number;
}

/** Which sentence the element shows for a state (the element words it in its language). */
export type PlaybackMessage =
  | ''
  | 'connecting'
  | 'waiting'
  | 'ready'
  | 'ended'
  | 'stalled'
  | 'reconnecting'
  | 'unsupported'
  | 'cannotPlay'
  | 'unreachable';

type StateListener = (state: LivePlayerState, message: PlaybackMessage) => void;

/** Loads hls.js: the element's `import()`, so its chunks are what the element's build says. */
export type HlsLoader = () => Promise<{ default: typeof Hls }>;

/** How often a stream that is not on air yet is asked for again: 1 s keeps "plays within 3 s" true. */
const WAIT_RETRY_MS = 1000;
/** About 30 minutes of waiting before the player gives up on a stream that never starts. */
const WAIT_RETRIES = 1800;
const WATCHDOG_MS = 250;
/** Recovery after a fatal network error: 1 s, 2 s, 4 s … capped, then give up after this many. */
const RECOVERY_MAX_DELAY_MS = 15000;
const RECOVERY_ATTEMPTS = 12;

export class PlaybackController implements ReactiveController {
  latency: number | null = null;
  levels: QualityLevel[] = [];
  /** -1 is automatic choice. */
  level = -1;
  /** The browser refused sound, so autoplay went on muted; cleared once the video is unmuted. */
  autoMuted = false;

  private video: HTMLVideoElement | undefined;
  private src = '';
  private options: PlaybackOptions = { autoplay: 'any', stallTimeoutMs: 4000 };
  private hls: Hls | undefined;
  private generation = 0;
  private state: LivePlayerState = 'idle';
  private message: PlaybackMessage = '';
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private recoveries = 0;
  private mediaRecoveries = 0;
  private manifestParsed = false;
  /** Set once the playlist carried #EXT-X-ENDLIST: running out of media then means ended, not stalled. */
  private endlist = false;
  private lastTime = -1;
  private lastProgressAt = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onState: StateListener,
    private readonly loadHls: HlsLoader,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.detach();
  }

  /** True once the playlist said #EXT-X-ENDLIST: this broadcast is over, a new one needs a new attach. */
  get broadcastEnded(): boolean {
    return this.endlist;
  }

  /** Plays `src` in `video`; any earlier source is dropped first. */
  async attach(video: HTMLVideoElement, src: string, options: PlaybackOptions): Promise<void> {
    this.detach(false);
    const generation = this.generation;
    this.video = video;
    this.src = src;
    this.options = options;
    this.setState('waiting', 'connecting');
    this.listen(video, 'ended', () => this.setState('ended', 'ended'));
    this.listen(video, 'volumechange', () => {
      if (video.muted || !this.autoMuted) return;
      this.autoMuted = false;
      this.host.requestUpdate();
    });
    this.watchdog = setInterval(() => this.tick(), WATCHDOG_MS);
    // hls.js is a large module: fetched only now, when there is something to play.
    const { default: HlsClass } = await this.loadHls();
    if (generation !== this.generation) return;
    if (HlsClass.isSupported()) this.startHls(HlsClass);
    else if (video.canPlayType('application/vnd.apple.mpegurl')) void this.startNative(generation);
    else this.setState('error', 'unsupported');
  }

  /**
   * Stops playback and every timer; the element can attach again later. `notify: false` keeps the
   * element's state as it is (it is about to load another source and says so itself).
   */
  detach(notify = true): void {
    this.generation++;
    clearInterval(this.watchdog);
    clearTimeout(this.retryTimer);
    this.watchdog = undefined;
    this.retryTimer = undefined;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.hls?.destroy();
    this.hls = undefined;
    if (this.video) {
      this.video.removeAttribute('src');
      this.video.load();
    }
    this.video = undefined;
    this.manifestParsed = false;
    this.endlist = false;
    this.recoveries = 0;
    this.mediaRecoveries = 0;
    this.lastTime = -1;
    this.levels = [];
    this.level = -1;
    this.latency = null;
    if (notify) this.setState('idle', '');
    else [this.state, this.message] = ['idle', ''];
  }

  /** Seeks to the live edge (as close as the player can follow it safely). */
  goLive(): void {
    const video = this.video;
    if (!video) return;
    const edge = this.hls ? this.hls.liveSyncPosition : seekableEnd(video);
    if (edge !== null && edge !== undefined && Number.isFinite(edge)) video.currentTime = edge;
    if (video.paused) void video.play().catch(() => undefined);
  }

  setLevel(index: number): void {
    this.level = index;
    if (this.hls) this.hls.currentLevel = index;
    this.host.requestUpdate();
  }

  /** Turns the sound on (a click of the viewer's: browsers allow it then). */
  unmute(): void {
    if (this.video) this.video.muted = false;
    this.autoMuted = false;
    this.host.requestUpdate();
  }

  togglePlay(): void {
    const video = this.video;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }

  private startHls(HlsClass: typeof Hls): void {
    const video = this.video as HTMLVideoElement;
    const notOnAir = () => {
      if (this.state !== 'ended') this.setState('waiting', 'waiting');
    };
    const hls = new HlsClass({
      manifestLoadPolicy: waitingPolicy(notOnAir),
      playlistLoadPolicy: waitingPolicy(notOnAir),
      // The toolbar's latency readout and live-edge button rely on hls.js' live sync position.
      liveDurationInfinity: true,
    });
    this.hls = hls;
    const E = HlsClass.Events;
    hls.on(E.MANIFEST_PARSED, (_event, data) => {
      this.manifestParsed = true;
      // hls.js orders levels by bitrate, lowest first; the menu lists the best first.
      this.levels = data.levels
        .map((level, index) => ({
          index,
          bitrate: level.bitrate,
          label: level.height ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbps`,
        }))
        .sort((a, b) => b.bitrate - a.bitrate)
        .map(({ index, label }) => ({ index, label }));
      this.host.requestUpdate();
      this.start();
    });
    hls.on(E.LEVEL_UPDATED, (_event, data) => {
      if (!data.details.live) this.endlist = true;
    });
    hls.on(E.FRAG_LOADED, () => {
      // Media arrives again: a drop is over, so the next one starts its backoff from the beginning.
      this.recoveries = 0;
    });
    hls.on(E.ERROR, (_event, data) => this.onHlsError(HlsClass, data));
    hls.loadSource(this.src);
    hls.attachMedia(video);
  }

  private onHlsError(HlsClass: typeof Hls, data: ErrorData): void {
    if (!data.fatal) return;
    const hls = this.hls;
    if (!hls) return;
    if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && this.mediaRecoveries < 3) {
      this.mediaRecoveries++;
      hls.recoverMediaError();
      return;
    }
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
      this.recover(() => {
        // Before the first playlist there is nothing to resume: load it again.
        if (this.manifestParsed) hls.startLoad();
        else hls.loadSource(this.src);
      });
      return;
    }
    this.setState('error', 'cannotPlay');
  }

  private async startNative(generation: number): Promise<void> {
    const video = this.video as HTMLVideoElement;
    // Native HLS gives up on a 404 playlist: ask for it until the stream is on air, then hand it over.
    for (let attempt = 0; attempt < WAIT_RETRIES; attempt++) {
      const status = await fetch(this.src, { cache: 'no-store' }).then(
        (response) => response.status,
        () => 0,
      );
      if (generation !== this.generation) return;
      if (status === 200) break;
      if (status === 404) this.setState('waiting', 'waiting');
      await new Promise((resolve) => {
        this.retryTimer = setTimeout(resolve, WAIT_RETRY_MS);
      });
      if (generation !== this.generation) return;
    }
    this.listen(video, 'error', () =>
      this.recover(() => {
        video.src = this.src;
        this.start();
      }),
    );
    video.src = this.src;
    this.start();
  }

  /**
   * The stream is ready to play: starts it as the autoplay mode says. Muted by the browser, it shows the
   * unmute button; refused altogether (or autoplay off), it asks the viewer to press play.
   */
  private start(): void {
    const video = this.video;
    if (!video) return;
    const mode = this.options.autoplay;
    if (mode === 'off') {
      if (video.paused) this.setState('waiting', 'ready');
      return;
    }
    const generation = this.generation;
    void autoplay(video, mode).then((outcome) => {
      if (generation !== this.generation) return;
      if (outcome === 'muted') {
        this.autoMuted = true;
        this.host.requestUpdate();
      } else if (outcome === 'blocked' && video.paused) this.setState('waiting', 'ready');
    });
  }

  /** Retries `resume` after a growing delay; gives up after RECOVERY_ATTEMPTS in a row. */
  private recover(resume: () => void): void {
    if (this.recoveries >= RECOVERY_ATTEMPTS) {
      this.setState('error', 'unreachable');
      return;
    }
    const delay = Math.min(1000 * 2 ** this.recoveries, RECOVERY_MAX_DELAY_MS);
    this.recoveries++;
    if (this.state === 'playing') this.setState('stalled', 'reconnecting');
    const generation = this.generation;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (generation === this.generation) resume();
    }, delay);
  }

  /** The watchdog: playing means the picture moves; no movement for a while is a stall (or the end). */
  private tick(): void {
    const video = this.video;
    if (!video) return;
    const now = performance.now();
    if (video.currentTime !== this.lastTime) {
      // Small forward steps are playback; a jump (the initial seek to the live edge) is not.
      const step = video.currentTime - this.lastTime;
      const advanced = this.lastTime >= 0 && step > 0 && step < 1.5;
      this.lastTime = video.currentTime;
      this.lastProgressAt = now;
      if (advanced && !video.paused && this.state !== 'ended') this.setState('playing', '');
    } else if (
      (this.state === 'playing' || this.state === 'stalled') &&
      !video.paused &&
      now - this.lastProgressAt > this.options.stallTimeoutMs
    ) {
      if (this.endlist) this.setState('ended', 'ended');
      else if (this.state !== 'stalled') this.setState('stalled', 'stalled');
    }
    const latency = this.hls ? this.hls.latency : nativeLatency(video);
    this.latency = Number.isFinite(latency) && latency > 0 ? latency : null;
    this.host.requestUpdate();
  }

  private setState(state: LivePlayerState, message: PlaybackMessage): void {
    if (state === this.state && message === this.message) return;
    this.state = state;
    this.message = message;
    this.onState(state, message);
  }

  private listen(target: EventTarget, type: string, listener: () => void): void {
    target.addEventListener(type, listener);
    this.cleanups.push(() => target.removeEventListener(type, listener));
  }
}

/** Playlist loading that treats 404 as "not on air yet" and keeps asking at a steady pace. */
function waitingPolicy(onNotOnAir: () => void): LoadPolicy {
  return {
    default: {
      maxTimeToFirstByteMs: 10000,
      maxLoadTimeMs: 20000,
      timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
      errorRetry: {
        maxNumRetry: WAIT_RETRIES,
        retryDelayMs: WAIT_RETRY_MS,
        maxRetryDelayMs: WAIT_RETRY_MS,
        backoff: 'linear',
        shouldRetry: (
          config: RetryConfig | null | undefined,
          count: number,
          _timeout: boolean,
          response: LoaderResponse | undefined,
          retry: boolean,
        ) => {
          if (response?.code !== 404) return retry;
          onNotOnAir();
          return count < (config?.maxNumRetry ?? 0);
        },
      },
    },
  };
}

function seekableEnd(video: HTMLVideoElement): number | null {
  return video.seekable.length > 0 ? video.seekable.end(video.seekable.length - 1) : null;
}

function nativeLatency(video: HTMLVideoElement): number {
  const end = seekableEnd(video);
  return end === null ? Number.NaN : end - video.currentTime;
}
