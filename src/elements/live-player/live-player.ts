// <live-player>: plays a live stream of the API (liveid + token) or any HLS URL (src), waits for a stream
// that is not on air yet, tells stalls and the end apart, and offers start/stop/reset to admins.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { LivePlayerAdminEvent, type LivePlayerState, LivePlayerStateEvent } from './events.ts';
import { ApiError, findStream, runOperation } from './live-api.ts';
import { livePlayerStyles } from './live-player.styles.ts';
import { PlaybackController } from './playback-controller.ts';

/**
 * @summary A live HLS player for the API's live streams.
 *
 * @fires live-player-state - The `state` changed; `detail` has `state`, `previous` and `message`.
 * @fires live-player-admin - An admin button's call succeeded; `detail` has `operation`, `state`, `note`.
 *
 * @csspart base - The wrapper of everything.
 * @csspart video - The video element.
 * @csspart status - The message shown while waiting, stalled, ended or failed.
 * @csspart toolbar - The bar with the live-edge button, latency and quality (with `controls`).
 * @csspart live-edge - The button that jumps to the live edge.
 * @csspart latency - The latency readout.
 * @csspart quality - The quality menu (only when the stream has several levels).
 * @csspart admin - The start/stop/reset bar (with `admin`).
 * @csspart admin-button - Each of the start, stop and reset buttons.
 * @csspart admin-status - The state and note the API answered.
 *
 * @cssprop --gallery-live-background - Background of the player (default black).
 * @cssprop --gallery-live-foreground - Text colour (default white).
 * @cssprop --gallery-live-accent - Colour of the live-edge button while playing live.
 * @cssprop --gallery-live-radius - Corner radius.
 * @cssprop --gallery-live-font - Font shorthand.
 * @cssprop --gallery-live-focus - Focus ring colour.
 * @cssprop --gallery-live-bar-background - Background of the toolbar and admin bar.
 * @cssprop --gallery-live-button-background - Background of buttons and the quality menu.
 */
export class LivePlayer extends LitElement {
  static override styles = livePlayerStyles;

  static override properties = {
    baseUrl: { attribute: 'base-url' },
    liveid: {},
    token: {},
    src: {},
    autoplay: { type: Boolean },
    muted: { type: Boolean },
    controls: { type: Boolean },
    poster: {},
    admin: { type: Boolean },
    stallTimeout: { attribute: 'stall-timeout', type: Number },
    state: { reflect: true },
    message: { state: true },
    adminResult: { state: true },
    adminBusy: { state: true },
  };

  /** API base URL, ending in `v2/`; with `liveid` and `token` the player finds the stream's playlist. */
  declare baseUrl: string;
  declare liveid: string;
  /** An api_token: `live.read` to play by liveid; `live.update` for the admin buttons. */
  declare token: string;
  /** An HLS (m3u8) URL to play directly; wins over `liveid`. */
  declare src: string;
  /** Starts by itself, muted (browsers allow only muted media to start unasked). */
  declare autoplay: boolean;
  declare muted: boolean;
  /** Shows the video controls and the toolbar (live edge, latency, quality). */
  declare controls: boolean;
  declare poster: string;
  /** Shows start / stop / reset buttons that call the API with `token`. */
  declare admin: boolean;
  /** Milliseconds without progress while playing before the player reports `stalled`. */
  declare stallTimeout: number;
  /** `idle`, `waiting`, `playing`, `stalled`, `ended` or `error`; reflected for styling. */
  declare state: LivePlayerState;
  declare protected message: string;
  declare protected adminResult: { state: string; note: string } | null;
  declare protected adminBusy: boolean;

  private readonly playback = new PlaybackController(this, (state, message) => this.setState(state, message));
  private lookup: AbortController | undefined;

  constructor() {
    super();
    this.baseUrl = '';
    this.liveid = '';
    this.token = '';
    this.src = '';
    this.autoplay = false;
    this.muted = false;
    this.controls = false;
    this.poster = '';
    this.admin = false;
    this.stallTimeout = 4000;
    this.state = 'idle';
    this.message = '';
    this.adminResult = null;
    this.adminBusy = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // After a disconnect the controller has stopped: a reconnected player starts over.
    if (this.hasUpdated) void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.lookup?.abort();
  }

  /** Jumps to the live edge. */
  goLive(): void {
    this.playback.goLive();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const sourceChanged = (['src', 'liveid', 'token', 'baseUrl'] as const).some((name) => changed.has(name));
    if (sourceChanged) void this.load();
  }

  /** Finds what to play and hands it to the playback controller. */
  private async load(): Promise<void> {
    this.lookup?.abort();
    const video = this.renderRoot.querySelector('video');
    if (!video) return;
    const options = { autoplay: this.autoplay, stallTimeoutMs: this.stallTimeout };
    if (this.src) return this.playback.attach(video, this.src, options);
    if (!this.liveid || !this.token || !this.baseUrl) {
      this.playback.detach();
      return;
    }
    this.playback.detach(false);
    const lookup = new AbortController();
    this.lookup = lookup;
    this.setState('waiting', 'Looking up the stream…');
    try {
      const entry = await findStream(this.baseUrl, this.token, this.liveid, lookup.signal);
      if (lookup.signal.aborted) return;
      await this.playback.attach(video, entry.hls_playback_url, options);
    } catch (error) {
      if (lookup.signal.aborted) return;
      const why =
        error instanceof ApiError && error.status === 404
          ? 'This live stream does not exist.'
          : error instanceof ApiError
            ? error.message
            : 'The stream could not be loaded.';
      this.setState('error', why);
    }
  }

  private setState(state: LivePlayerState, message: string): void {
    this.message = message;
    if (state === this.state) return;
    const previous = this.state;
    this.state = state;
    this.dispatchEvent(new LivePlayerStateEvent({ state, previous, message }));
  }

  private async runAdmin(operation: 'start' | 'stop' | 'reset'): Promise<void> {
    this.adminBusy = true;
    try {
      const result = await runOperation(this.baseUrl, this.token, operation, this.liveid);
      this.adminResult = result;
      this.dispatchEvent(new LivePlayerAdminEvent({ operation, ...result }));
      // A player that saw the end (or gave up) follows a restarted stream again.
      if (operation === 'start' && (this.state === 'ended' || this.state === 'error')) void this.load();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.adminResult = { state: 'error', note: message };
    } finally {
      this.adminBusy = false;
    }
  }

  private onKeydown(event: KeyboardEvent): void {
    const target = event.composedPath()[0];
    if (target instanceof HTMLButtonElement || target instanceof HTMLSelectElement) return;
    const actions: Record<string, () => void> = {
      ' ': () => this.playback.togglePlay(),
      k: () => this.playback.togglePlay(),
      m: () => this.toggleMute(),
      l: () => this.playback.goLive(),
      End: () => this.playback.goLive(),
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
    const label = this.getAttribute('aria-label') || 'Live stream';
    return html`
      <div part="base" class="player" @keydown=${this.onKeydown}>
        <video
          part="video"
          tabindex="0"
          aria-label=${label}
          playsinline
          ?controls=${this.controls}
          .muted=${this.muted || this.autoplay}
          poster=${this.poster || nothing}
        ></video>
        <div part="status" class="status" role="status" aria-live="polite">${this.state === 'playing' ? '' : this.message}</div>
        ${this.controls ? this.renderToolbar() : nothing} ${this.admin ? this.renderAdmin() : nothing}
      </div>
    `;
  }

  private renderToolbar() {
    const { latency, levels, level } = this.playback;
    return html`
      <div part="toolbar" class="bar" role="group" aria-label="Live controls">
        <button
          part="live-edge"
          class="live-edge"
          type="button"
          aria-label="Jump to live"
          title="Jump to live (L)"
          ?disabled=${this.state !== 'playing' && this.state !== 'stalled'}
          @click=${() => this.playback.goLive()}
        >
          Live
        </button>
        <span part="latency" class="latency">
          ${latency === null ? 'Latency: –' : `Latency: ${latency.toFixed(1)} s`}
        </span>
        ${
          levels.length > 1
            ? html`<label
                >Quality
                <select
                  part="quality"
                  @change=${(e: Event) => this.playback.setLevel(Number((e.target as HTMLSelectElement).value))}
                >
                  <option value="-1" ?selected=${level === -1}>Auto</option>
                  ${levels.map((l) => html`<option value=${l.index} ?selected=${level === l.index}>${l.label}</option>`)}
                </select></label
              >`
            : nothing
        }
      </div>
    `;
  }

  private renderAdmin() {
    const ready = Boolean(this.liveid && this.token && this.baseUrl) && !this.adminBusy;
    const button = (operation: 'start' | 'stop' | 'reset', text: string) =>
      html`<button part="admin-button" type="button" ?disabled=${!ready} @click=${() => this.runAdmin(operation)}>
        ${text}
      </button>`;
    return html`
      <div part="admin" class="bar" role="group" aria-label="Stream administration">
        ${button('start', 'Start stream')} ${button('stop', 'Stop stream')} ${button('reset', 'Reset stream')}
        <p part="admin-status" class="admin-status" role="status">
          ${this.adminResult ? html`State: <strong>${this.adminResult.state}</strong> ${this.adminResult.note}` : ''}
        </p>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'live-player': LivePlayer;
  }
}
