// <live-player>: plays a live stream of the API (liveid + token) or any HLS URL (src), waits for a stream
// that is not on air yet, tells stalls and the end apart, and offers start/stop/reset to admins.
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { LocalizeController } from '../shared/localize-controller.ts';
import { type AutoplayMode, autoplayMode } from './autoplay.ts';
import type { Bars } from './bars.ts';
import { LivePlayerAdminEvent, type LivePlayerState, LivePlayerStateEvent } from './events.ts';
import { type AdminOperation, ApiError, runOperation } from './live-api.ts';
import { livePlayerStyles } from './live-player.styles.ts';
import { en, type LivePlayerStrings } from './locales/en.ts';
import { loaders } from './locales/index.ts';
import type { PlaybackController, PlaybackMessage, PlaybackOptions } from './playback-controller.ts';
import { type StreamReport, StreamStatusController } from './stream-status-controller.ts';

export type { AutoplayMode, LivePlayerStrings };

/** The toolbar's readings before the playback controller is loaded. */
const NOTHING_PLAYS = { latency: null, levels: [], level: -1 } as const;

/** A sentence of the string table, or '' for none. */
type MessageKey = PlaybackMessage | 'lookingUp' | 'notFound' | 'loadFailed';

/**
 * Plays a live stream of the API (or any HLS URL), waits for a stream that is not on air yet, reports
 * stalls and the end, and offers start / stop / reset to admins. Keyboard: Space or K plays and pauses,
 * M mutes, L or End jumps to the live edge (on the focused video); every button is reached with Tab.
 *
 * A stream plays by itself as soon as it is on air, and again when it is stopped and started again:
 * with sound when the browser allows it, else muted with an unmute button (browsers refuse sound nobody
 * asked for). `autoplay="off"` leaves it to the viewer to press play. With `liveid` the player follows
 * the stream through `live.list` (every second while it starts, every 3 s otherwise) and asks for the
 * playlist only once the stream is `starting` or `live`.
 *
 * @summary A live HLS player for the API's live streams.
 *
 * @attr base-url - API base URL ending in `v2/`.
 * @attr liveid - The stream to play (with `token`; the playlist is found through `live.list`).
 * @attr token - An api_token: `live.read` to play, `live.update` for the admin buttons.
 * @attr src - An HLS (m3u8) URL to play directly; wins over `liveid`.
 * @attr autoplay - How a stream on air starts: `any` (the default, also the bare attribute) with sound if the browser allows, else muted; `muted` always muted; `off` only when the viewer presses play.
 * @attr muted - Starts muted.
 * @attr controls - Shows the video controls and the toolbar (live edge, latency, quality).
 * @attr poster - Image shown before the first frame.
 * @attr admin - Shows the start / stop / reset buttons.
 * @attr stall-timeout - Milliseconds without progress before `stalled` (default 4000).
 * @attr theme - `light`, `dark` or `auto` (default: follows `prefers-color-scheme`).
 * @attr locale - Language of the player's words: `en`, `de`, `fr` (`de-AT` uses `de`); default: the page's `lang`, else English.
 * @attr state - Reflected, read-only: `idle`, `waiting`, `playing`, `stalled`, `ended` or `error`.
 *
 * @fires live-player-state - The `state` changed; `detail` has `state`, `previous` and `message` (in the player's language).
 * @fires live-player-admin - An admin button's call succeeded; `detail` has `operation`, `state`, `note`.
 *
 * @csspart base - The wrapper of everything.
 * @csspart screen - The box of the picture: `--gallery-live-aspect-ratio` (16:9) at every width, whatever the bars below hold.
 * @csspart video - The video element.
 * @csspart status - The message shown while waiting, stalled, ended or failed (a polite live region), over the top edge of the picture so the video controls stay free.
 * @csspart toolbar - The bar with the live badge, latency and quality (with `controls`).
 * @csspart live-edge - The live badge, a button that jumps to the live edge: neutral until the stream plays.
 * @csspart on-air - The live badge while the stream plays (red, `--gallery-live-accent`).
 * @csspart latency - The latency readout.
 * @csspart quality - The quality menu (only when the stream has several levels).
 * @csspart admin - The start/stop/reset bar (with `admin`).
 * @csspart admin-button - Each of the start, stop and reset buttons.
 * @csspart admin-start - The start button.
 * @csspart admin-stop - The stop button.
 * @csspart admin-reset - The reset button.
 * @csspart admin-primary - The admin button of the next likely step, filled: start while the stream is off air, stop while it is on.
 * @csspart unmute - The button that turns the sound on after the browser made autoplay start muted.
 * @csspart admin-status - The stream's state as `live.list` reports it, and the last admin call's note or error.
 * @csspart stream-state - That state in words, with `data-state` holding the API's value (`idle`, `starting`, `live`, `stopped`, `resetting`).
 * @csspart admin-note - The API's note about charges (shown only when the answer has one: the reference server sends none unless started with `--live-charge-notes`).
 *
 * @cssprop [--gallery-live-background=light-dark(#f4f5f7, #16181c)] - Background of the player.
 * @cssprop [--gallery-live-foreground=light-dark(#1d1f23, #eceef1)] - Text colour.
 * @cssprop [--gallery-live-muted=light-dark(#50555e, #b4b9c2)] - Secondary text (latency, note) and the neutral badge's dot.
 * @cssprop [--gallery-live-video-background=#000] - Behind the picture (letterbox).
 * @cssprop [--gallery-live-aspect-ratio=16 / 9] - Shape of the picture's box.
 * @cssprop [--gallery-live-accent=#c00] - The on-air badge and the dot of a live stream.
 * @cssprop [--gallery-live-on-accent=#fff] - Text on the on-air badge.
 * @cssprop [--gallery-live-primary=light-dark(#1f5fd1, #8ab4ff)] - The admin button of the next likely step (`admin-primary`).
 * @cssprop [--gallery-live-on-primary=light-dark(#ffffff, #0b1b36)] - Text on that button.
 * @cssprop [--gallery-live-radius=6px] - Corner radius of the player.
 * @cssprop [--gallery-live-font=14px/1.4 system-ui, sans-serif] - Font shorthand; the bars' sizes follow it.
 * @cssprop [--gallery-live-focus=light-dark(#1f5fd1, #8ab4ff)] - Focus ring colour (`:focus-visible`).
 * @cssprop [--gallery-live-bar-background=light-dark(#f4f5f7, #16181c)] - Background of the toolbar and admin bar.
 * @cssprop [--gallery-live-button-background=light-dark(#ffffff, #2a2d33)] - Background of buttons and the quality menu.
 * @cssprop [--gallery-live-border=light-dark(#767c86, #6b717b)] - Border of buttons and the quality menu.
 */
export class LivePlayer extends LitElement {
  static override styles = livePlayerStyles;

  static override properties = {
    baseUrl: { attribute: 'base-url' },
    liveid: {},
    token: {},
    src: {},
    autoplay: { converter: { fromAttribute: autoplayMode } },
    muted: { type: Boolean },
    controls: { type: Boolean },
    poster: {},
    admin: { type: Boolean },
    stallTimeout: { attribute: 'stall-timeout', type: Number },
    theme: { reflect: true },
    locale: {},
    strings: { attribute: false },
    state: { reflect: true },
    streamState: { attribute: false },
    message: { state: true },
    messageKey: { state: true },
    adminNote: { state: true },
    adminError: { state: true },
    adminBusy: { state: true },
  };

  /** API base URL, ending in `v2/`; with `liveid` and `token` the player finds the stream's playlist. */
  declare baseUrl: string;
  declare liveid: string;
  /** An api_token: `live.read` to play by liveid; `live.update` for the admin buttons. */
  declare token: string;
  /** An HLS (m3u8) URL to play directly; wins over `liveid`. */
  declare src: string;
  /**
   * `any` (default): a stream on air starts by itself, with sound if the browser allows it, else muted
   * with an unmute button; `muted`: starts muted; `off` (or `false`): waits for the viewer to press play.
   */
  declare autoplay: AutoplayMode | boolean;
  declare muted: boolean;
  /** Shows the video controls and the toolbar (live edge, latency, quality). */
  declare controls: boolean;
  declare poster: string;
  /** Shows start / stop / reset buttons that call the API with `token`. */
  declare admin: boolean;
  /** Milliseconds without progress while playing before the player reports `stalled`. */
  declare stallTimeout: number;
  /** `light`, `dark`, or `auto` (the visitor's preference, the default). */
  declare theme: 'auto' | 'light' | 'dark';
  /** Language of the player's words (`en`, `de`, `fr`; `de-AT` uses `de`); default: the page's `lang`. */
  declare locale: string | undefined;
  /** The app's own words, over those of the locale (any subset of the keys). */
  declare strings: Partial<LivePlayerStrings> | undefined;
  /** `idle`, `waiting`, `playing`, `stalled`, `ended` or `error`; reflected for styling. */
  declare state: LivePlayerState;
  /**
   * Read-only: the stream's state as `live.list` last reported it (`idle`, `starting`, `live`, `stopped`,
   * `resetting`); empty before the first answer and when playing a `src`.
   */
  declare streamState: string;
  /** A message from the API (shown as it came) when `messageKey` is empty. */
  declare protected message: string;
  declare protected messageKey: MessageKey;
  /** The last admin call's note from the API, or its error message. */
  declare protected adminNote: string;
  declare protected adminError: string;
  declare protected adminBusy: boolean;

  private readonly localize = new LocalizeController<LivePlayerStrings>(this, en, loaders);
  /** Loaded (with hls.js after it) once there is a stream to follow: the initial chunk stays small. */
  private playback: PlaybackController | undefined;
  private playbackLoading: Promise<PlaybackController> | undefined;
  private readonly status = new StreamStatusController(this, (report) => this.onStream(report));
  /** The bars' chunk (toolbar and admin bar), loaded the first time `controls` or `admin` is set. */
  private bars: Bars | undefined;
  private barsLoading: Promise<unknown> | undefined;
  /** The playback controller has this stream's playlist (liveid mode). */
  private following = false;
  /** The API said the broadcast being followed ended: the next `starting`/`live` is a new one. */
  private broadcastOver = false;

  constructor() {
    super();
    this.baseUrl = '';
    this.liveid = '';
    this.token = '';
    this.src = '';
    this.autoplay = 'any';
    this.muted = false;
    this.controls = false;
    this.poster = '';
    this.admin = false;
    this.stallTimeout = 4000;
    this.theme = 'auto';
    this.state = 'idle';
    this.streamState = '';
    this.message = '';
    this.messageKey = '';
    this.adminNote = '';
    this.adminError = '';
    this.adminBusy = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // After a disconnect the controller has stopped: a reconnected player starts over.
    if (this.hasUpdated) this.load();
  }

  /** The words in use: the locale's table with `strings` on top. */
  get text(): LivePlayerStrings {
    return this.localize.words;
  }

  /** Jumps to the live edge. */
  goLive(): void {
    this.playback?.goLive();
  }

  /** Resolves once the player rendered in its language (whose words may load first). */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.localize.ready;
    await this.barsLoading;
    return super.getUpdateComplete();
  }

  protected override willUpdate(): void {
    if (!(this.admin || this.controls) || this.barsLoading) return;
    this.barsLoading = import('./bars.ts').then(({ makeBars }) => {
      this.bars = makeBars({ html, css, nothing });
      const root = this.renderRoot as ShadowRoot;
      const sheet = this.bars.barStyles.styleSheet;
      if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      this.requestUpdate();
    });
  }

  protected override updated(changed: PropertyValues<this>): void {
    const sourceChanged = (['src', 'liveid', 'token', 'baseUrl'] as const).some((name) => changed.has(name));
    if (sourceChanged) this.load();
  }

  /**
   * Runs `action` on the playback controller: at once when it is here, else once it has loaded, in the
   * order asked, so the last call decides what plays. `load: false` skips it when it was never asked for.
   */
  private withPlayback(action: (playback: PlaybackController) => unknown, load = true): void {
    if (this.playback) action(this.playback);
    else if (load || this.playbackLoading)
      void this.playbackReady().then((playback) => this.isConnected && action(playback));
  }

  /** The playback controller, loaded the first time it is needed (hls.js loads when something plays). */
  private playbackReady(): Promise<PlaybackController> {
    this.playbackLoading ??= import('./playback-controller.ts').then(({ PlaybackController }) => {
      const onState = (state: LivePlayerState, key: PlaybackMessage) => this.setState(state, key);
      this.playback = new PlaybackController(this, onState, () => import('hls.js'));
      return this.playback;
    });
    return this.playbackLoading;
  }

  /** Plays `src`, or starts following `liveid` through live.list (which says when to load its playlist). */
  private load(): void {
    const video = this.renderRoot.querySelector('video');
    if (!video) return;
    this.status.stop();
    this.streamState = '';
    this.following = false;
    this.broadcastOver = false;
    if (this.src) {
      const [src, options] = [this.src, this.playbackOptions()];
      this.withPlayback((playback) => playback.attach(video, src, options));
      return;
    }
    if (!this.liveid || !this.token || !this.baseUrl) {
      this.withPlayback((playback) => playback.detach(), false);
      return;
    }
    // Fetched now, so a stream going on air waits only for hls.js.
    this.withPlayback((playback) => playback.detach(false));
    this.setState('waiting', 'lookingUp');
    this.status.watch({ baseUrl: this.baseUrl, token: this.token, liveid: this.liveid });
  }

  private playbackOptions(): PlaybackOptions {
    return { autoplay: autoplayMode(this.autoplay), stallTimeoutMs: this.stallTimeout };
  }

  /** What live.list says of the stream decides whether its playlist is loaded, kept or dropped. */
  private onStream(report: StreamReport): void {
    if ('error' in report) {
      this.onStreamError(report.error, report.final);
      return;
    }
    const { state, hls_playback_url: url } = report.entry;
    this.streamState = state;
    const video = this.renderRoot.querySelector('video');
    if (!video) return;
    if (state === 'starting' || state === 'live') {
      // On air: load the playlist unless the broadcast on screen is this one and still going.
      const ended = this.playback?.broadcastEnded ?? false;
      const stale = this.broadcastOver || ended || this.messageKey === 'unreachable';
      if (this.following && !stale) return;
      this.following = true;
      this.broadcastOver = false;
      const options = this.playbackOptions();
      this.withPlayback((playback) => playback.attach(video, url, options));
    } else if (state === 'stopped') {
      // A broadcast on screen plays on to the end of its playlist; one that never got going is over now.
      if (this.following && this.state !== 'waiting' && this.state !== 'error') this.broadcastOver = true;
      else {
        this.unfollow();
        this.setState('ended', 'ended');
      }
    } else {
      // idle or resetting: there is no playlist until the next start; asking for it would bring 404s.
      this.unfollow();
      if (this.state !== 'ended') this.setState('waiting', 'waiting');
    }
  }

  private onStreamError(error: unknown, final: boolean): void {
    if (final) {
      this.streamState = '';
      this.unfollow();
    } else if (this.following) return; // A passing failure: playback goes on from the playlist.
    if (error instanceof ApiError && error.status !== 404) this.setState('error', '', error.message);
    else this.setState('error', error instanceof ApiError ? 'notFound' : 'loadFailed');
  }

  private unfollow(): void {
    if (this.following) this.withPlayback((playback) => playback.detach(false), false);
    this.following = false;
    this.broadcastOver = false;
  }

  private setState(state: LivePlayerState, key: MessageKey, raw = ''): void {
    this.messageKey = key;
    this.message = raw;
    if (state === this.state) return;
    const previous = this.state;
    this.state = state;
    this.dispatchEvent(new LivePlayerStateEvent({ state, previous, message: this.statusText() }));
  }

  /** The sentence for the current state in the player's language. */
  private statusText(): string {
    return this.messageKey ? this.text[this.messageKey] : this.message;
  }

  private async runAdmin(operation: AdminOperation): Promise<void> {
    this.adminBusy = true;
    try {
      const result = await runOperation(this.baseUrl, this.token, operation, this.liveid);
      this.adminNote = result.note;
      this.adminError = '';
      // The API's word that the broadcast on screen ended: a start from here on is a new broadcast.
      if (operation !== 'start' && this.following) this.broadcastOver = true;
      // The state line shows what live.list says (live.start answers `starting` even for a live stream).
      await this.status.refresh();
      this.dispatchEvent(new LivePlayerAdminEvent({ operation, ...result }));
    } catch (error) {
      this.adminNote = '';
      this.adminError = error instanceof Error ? error.message : String(error);
    } finally {
      this.adminBusy = false;
    }
  }

  private onKeydown(event: KeyboardEvent): void {
    const target = event.composedPath()[0];
    if (target instanceof HTMLButtonElement || target instanceof HTMLSelectElement) return;
    const actions: Record<string, () => void> = {
      ' ': () => this.playback?.togglePlay(),
      k: () => this.playback?.togglePlay(),
      m: () => this.toggleMute(),
      l: () => this.goLive(),
      End: () => this.goLive(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  private toggleMute(): void {
    const video = this.renderRoot.querySelector('video');
    if (video) video.muted = !video.muted;
  }

  protected override render() {
    const label = this.getAttribute('aria-label') || this.text.liveStream;
    return html`
      <div part="base" class="player" @keydown=${this.onKeydown}>
        <div part="screen" class="screen">
          <video
            part="video"
            tabindex="0"
            aria-label=${label}
            playsinline
            ?controls=${this.controls}
            .muted=${this.muted || autoplayMode(this.autoplay) === 'muted'}
            poster=${this.poster || nothing}
          ></video>
          <div class="overlay">
            <div part="status" class="status" role="status" aria-live="polite">${this.state === 'playing' ? '' : this.statusText()}</div>
            ${
              this.playback?.autoMuted
                ? html`<button part="unmute" class="unmute" type="button" @click=${() => this.playback?.unmute()}>
                    ${this.text.unmute}
                  </button>`
                : nothing
            }
          </div>
        </div>
        ${this.controls ? this.renderToolbar() : nothing} ${this.admin ? this.renderAdmin() : nothing}
      </div>
    `;
  }

  private renderToolbar() {
    if (!this.bars) return nothing;
    const { latency, levels, level } = this.playback ?? NOTHING_PLAYS;
    const t = this.text;
    return this.bars.renderToolbar({
      text: t,
      onAir: this.state === 'playing',
      canJump: this.state === 'playing' || this.state === 'stalled',
      latency:
        latency === null ? t.latencyUnknown : this.localize.term('latency', { seconds: latency.toFixed(1) }),
      levels,
      level,
      goLive: () => this.goLive(),
      setLevel: (index) => this.playback?.setLevel(index),
    });
  }

  private renderAdmin() {
    if (!this.bars) return nothing;
    return this.bars.renderAdminBar({
      text: this.text,
      streamState: this.streamState,
      ready: Boolean(this.liveid && this.token && this.baseUrl) && !this.adminBusy,
      note: this.adminNote,
      error: this.adminError,
      run: (operation) => void this.runAdmin(operation),
    });
  }
}
