// <live-player>: plays a live stream of the API (liveid + token) or any HLS URL (src), waits for a stream
// that is not on air yet, tells stalls and the end apart, and offers start/stop/reset to admins.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { format, translate } from '../shared/i18n.ts';
import { LivePlayerAdminEvent, type LivePlayerState, LivePlayerStateEvent } from './events.ts';
import { ApiError, findStream, runOperation } from './live-api.ts';
import { livePlayerStyles } from './live-player.styles.ts';
import { PlaybackController, type PlaybackMessage } from './playback-controller.ts';
import { en, type LivePlayerStrings, loaders } from './strings.ts';

export type { LivePlayerStrings };

/** A sentence of the string table, or '' for none. */
type MessageKey = PlaybackMessage | 'lookingUp' | 'notFound' | 'loadFailed';

/**
 * Plays a live stream of the API (or any HLS URL), waits for a stream that is not on air yet, reports
 * stalls and the end, and offers start / stop / reset to admins. Keyboard: Space or K plays and pauses,
 * M mutes, L or End jumps to the live edge (on the focused video); every button is reached with Tab.
 *
 * @summary A live HLS player for the API's live streams.
 *
 * @attr base-url - API base URL ending in `v2/`.
 * @attr liveid - The stream to play (with `token`; the playlist is found through `live.list`).
 * @attr token - An api_token: `live.read` to play, `live.update` for the admin buttons.
 * @attr src - An HLS (m3u8) URL to play directly; wins over `liveid`.
 * @attr autoplay - Starts by itself, muted.
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
 * @csspart video - The video element.
 * @csspart status - The message shown while waiting, stalled, ended or failed (a polite live region).
 * @csspart toolbar - The bar with the live-edge button, latency and quality (with `controls`).
 * @csspart live-edge - The button that jumps to the live edge.
 * @csspart latency - The latency readout.
 * @csspart quality - The quality menu (only when the stream has several levels).
 * @csspart admin - The start/stop/reset bar (with `admin`).
 * @csspart admin-button - Each of the start, stop and reset buttons.
 * @csspart admin-status - The state and note the API answered.
 * @csspart admin-note - The API's note about charges.
 *
 * @cssprop [--gallery-live-background=light-dark(#f4f5f7, #000)] - Background of the player.
 * @cssprop [--gallery-live-foreground=light-dark(#1d1f23, #fff)] - Text colour.
 * @cssprop [--gallery-live-video-background=#000] - Behind the picture (letterbox).
 * @cssprop [--gallery-live-accent=#c00] - Colour of the live-edge button while playing live.
 * @cssprop [--gallery-live-radius=4px] - Corner radius.
 * @cssprop [--gallery-live-font=14px/1.4 system-ui, sans-serif] - Font shorthand.
 * @cssprop [--gallery-live-focus=light-dark(#1f5fd1, #4da3ff)] - Focus ring colour (`:focus-visible`).
 * @cssprop [--gallery-live-bar-background=light-dark(#e6e8ec, #111)] - Background of the toolbar and admin bar.
 * @cssprop [--gallery-live-button-background=light-dark(#ffffff, #2a2a2a)] - Background of buttons and the quality menu.
 * @cssprop [--gallery-live-border=light-dark(#767c86, #555)] - Border of buttons and the quality menu.
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
    theme: { reflect: true },
    locale: {},
    strings: { attribute: false },
    state: { reflect: true },
    message: { state: true },
    messageKey: { state: true },
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
  /** `light`, `dark`, or `auto` (the visitor's preference, the default). */
  declare theme: 'auto' | 'light' | 'dark';
  /** Language of the player's words (`en`, `de`, `fr`; `de-AT` uses `de`); default: the page's `lang`. */
  declare locale: string | undefined;
  /** The app's own words, over those of the locale (any subset of the keys). */
  declare strings: Partial<LivePlayerStrings> | undefined;
  /** `idle`, `waiting`, `playing`, `stalled`, `ended` or `error`; reflected for styling. */
  declare state: LivePlayerState;
  /** A message from the API (shown as it came) when `messageKey` is empty. */
  declare protected message: string;
  declare protected messageKey: MessageKey;
  declare protected adminResult: { state: string; note: string } | null;
  declare protected adminBusy: boolean;

  private readonly playback = new PlaybackController(this, (state, key) => this.setState(state, key));
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
    this.theme = 'auto';
    this.state = 'idle';
    this.message = '';
    this.messageKey = '';
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

  /** The words in use: the locale's table with `strings` on top. */
  get text(): LivePlayerStrings {
    return translate(this, en, loaders, this.locale, this.strings);
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
    this.setState('waiting', 'lookingUp');
    try {
      const entry = await findStream(this.baseUrl, this.token, this.liveid, lookup.signal);
      if (lookup.signal.aborted) return;
      await this.playback.attach(video, entry.hls_playback_url, options);
    } catch (error) {
      if (lookup.signal.aborted) return;
      if (error instanceof ApiError && error.status !== 404) this.setState('error', '', error.message);
      else this.setState('error', error instanceof ApiError ? 'notFound' : 'loadFailed');
    }
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
    const label = this.getAttribute('aria-label') || this.text.liveStream;
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
        <div part="status" class="status" role="status" aria-live="polite">${this.state === 'playing' ? '' : this.statusText()}</div>
        ${this.controls ? this.renderToolbar() : nothing} ${this.admin ? this.renderAdmin() : nothing}
      </div>
    `;
  }

  private renderToolbar() {
    const { latency, levels, level } = this.playback;
    const t = this.text;
    return html`
      <div part="toolbar" class="bar" role="group" aria-label=${t.liveControls}>
        <button
          part="live-edge"
          class="live-edge"
          type="button"
          aria-label=${t.jumpToLive}
          title=${`${t.jumpToLive} (L)`}
          ?disabled=${this.state !== 'playing' && this.state !== 'stalled'}
          @click=${() => this.playback.goLive()}
        >
          ${t.live}
        </button>
        <span part="latency" class="latency">
          ${latency === null ? t.latencyUnknown : format(t.latency, { seconds: latency.toFixed(1) })}
        </span>
        ${
          levels.length > 1
            ? html`<label
                >${t.quality}
                <select
                  part="quality"
                  @change=${(e: Event) => this.playback.setLevel(Number((e.target as HTMLSelectElement).value))}
                >
                  <option value="-1" ?selected=${level === -1}>${t.auto}</option>
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
    const t = this.text;
    const button = (operation: 'start' | 'stop' | 'reset', text: string) =>
      html`<button part="admin-button" type="button" ?disabled=${!ready} @click=${() => this.runAdmin(operation)}>
        ${text}
      </button>`;
    return html`
      <div part="admin" class="bar" role="group" aria-label=${t.administration}>
        ${button('start', t.start)} ${button('stop', t.stop)} ${button('reset', t.reset)}
        <p part="admin-status" class="admin-status" role="status">
          ${
            this.adminResult
              ? html`${t.state} <strong>${this.adminResult.state}</strong>
                  ${
                    // A failed call carries the error's message, not a note about charges.
                    this.adminResult.state === 'error'
                      ? this.adminResult.note
                      : this.adminResult.note
                        ? html`<span part="admin-note">${t.note} ${this.adminResult.note}</span>`
                        : nothing
                  }`
              : ''
          }
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
