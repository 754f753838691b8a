// The bars of <live-player> under its picture, and their styles: the toolbar (`controls`: live badge, latency,
// quality) and the admin bar (`admin`: start / stop / reset). A chunk of its own, loaded only by players with
// either, so a bare player carries neither. Lit's template tags come from the element (`makeBars`): this
// chunk then imports none of Lit, and the bundler keeps Lit in the element's own chunk instead of splitting
// it into a third file that every player would load.
import type { css as Css, html as Html, nothing as Nothing } from 'lit';
import type { AdminOperation } from './live-api.ts';
import type { LivePlayerStrings } from './locales/en.ts';
import type { QualityLevel } from './playback-controller.ts';

/** What the toolbar shows; `goLive` and `setLevel` act on the playback. */
export interface ToolbarState {
  text: LivePlayerStrings;
  /** A picture of the stream moves on screen: the badge is red, on air, as broadcasters' are. */
  onAir: boolean;
  /** There is a live edge to jump to (playing or stalled). */
  canJump: boolean;
  latency: string;
  levels: readonly QualityLevel[];
  level: number;
  goLive: () => void;
  setLevel: (level: number) => void;
}

/** What the bar shows; `run` calls the API for a button. */
export interface AdminBarState {
  text: LivePlayerStrings;
  /** The stream's state as live.list last reported it ('' before the first answer). */
  streamState: string;
  /** The buttons may be pressed: a stream to act on, and no call under way. */
  ready: boolean;
  note: string;
  error: string;
  run: (operation: AdminOperation) => void;
}

/** The words for the states live.list reports (another state, from a newer API, shows as it came). */
const STREAM_STATE_WORDS: Record<string, keyof LivePlayerStrings> = {
  idle: 'streamIdle',
  starting: 'streamStarting',
  live: 'streamLive',
  stopped: 'streamStopped',
  resetting: 'streamResetting',
};

/** Lit's tags, handed over by the element. */
export interface LitTags {
  html: typeof Html;
  css: typeof Css;
  nothing: typeof Nothing;
}

export function makeBars({ html, css, nothing }: LitTags) {
  function renderToolbar({
    text: t,
    onAir,
    canJump,
    latency,
    levels,
    level,
    goLive,
    setLevel,
  }: ToolbarState) {
    const badge = onAir ? 'live-edge on-air' : 'live-edge';
    return html`
      <div part="toolbar" class="bar" role="group" aria-label=${t.liveControls}>
        <button
          part=${badge}
          class=${badge}
          type="button"
          aria-label=${t.jumpToLive}
          title=${`${t.jumpToLive} (L)`}
          ?disabled=${!canJump}
          @click=${goLive}
        >
          ${t.live}
        </button>
        <span part="latency" class="latency">${latency}</span>
        ${
          levels.length > 1
            ? html`<label class="quality"
                >${t.quality}
                <select part="quality" @change=${(e: Event) => setLevel(Number((e.target as HTMLSelectElement).value))}>
                  <option value="-1" ?selected=${level === -1}>${t.auto}</option>
                  ${levels.map((l) => html`<option value=${l.index} ?selected=${level === l.index}>${l.label}</option>`)}
                </select></label
              >`
            : nothing
        }
      </div>
    `;
  }

  function renderAdminBar({ text: t, streamState, ready, note, error, run }: AdminBarState) {
    // The next likely step stands out: start while the stream is off air, stop while it is on.
    const onAir = streamState === 'starting' || streamState === 'live';
    const primary: AdminOperation = onAir ? 'stop' : 'start';
    const button = (operation: AdminOperation, label: string) => {
      const first = operation === primary;
      return html`<button
        part=${`admin-button admin-${operation}${first ? ' admin-primary' : ''}`}
        class=${first ? 'admin-button primary' : 'admin-button'}
        type="button"
        ?disabled=${!ready}
        @click=${() => run(operation)}
      >
        ${label}
      </button>`;
    };
    const stateWord = STREAM_STATE_WORDS[streamState];
    return html`
      <div part="admin" class="bar admin" role="group" aria-label=${t.administration}>
        <div class="admin-buttons">${button('start', t.start)} ${button('stop', t.stop)} ${button('reset', t.reset)}</div>
        <p part="admin-status" class="admin-status" role="status">
          ${
            streamState
              ? html`<span>${t.state}
                  <strong part="stream-state" class="stream-state" data-state=${streamState}
                    >${stateWord ? t[stateWord] : streamState}</strong
                  ></span
                >`
              : nothing
          }
          ${
            // A failed call shows its error instead of a note; a server that charges nothing sends no note.
            error
              ? html`<span class="admin-error">${t.adminError} ${error}</span>`
              : note
                ? html`<span part="admin-note" class="admin-note">${t.note} ${note}</span>`
                : nothing
          }
        </p>
      </div>
    `;
  }

  /* One rule a line, as the gallery's styles: the literal ships as written. The dots of the badge and of the
     state are grey unless on air (red) or changing (amber). */
  const barStyles = css`
    :host { --gallery-live-bar-background: light-dark(#f4f5f7, #16181c); --gallery-live-primary: light-dark(#1f5fd1, #8ab4ff); --gallery-live-on-primary: light-dark(#ffffff, #0b1b36); --gallery-live-accent: #c00; --gallery-live-on-accent: #fff; }
    select { font: inherit; color: inherit; min-height: 2.25em; background: var(--gallery-live-button-background); border: 1px solid var(--gallery-live-border); border-radius: 6px; padding: 0 0.5em; cursor: pointer; }
    select:focus-visible { outline: 2px solid var(--gallery-live-focus); outline-offset: 2px; }
    button:disabled { opacity: 0.55; cursor: not-allowed; }
    .bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em 0.75em; padding: 0.6em 0.75em; background: var(--gallery-live-bar-background); }
    .bar + .bar { border-top: 1px solid color-mix(in srgb, var(--gallery-live-border) 35%, transparent); }
    .live-edge { display: inline-flex; align-items: center; gap: 0.45em; min-height: 1.9em; padding: 0 0.65em; border-radius: 999px; font-size: 0.8571em; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; }
    .live-edge::before, .stream-state::before { content: ''; width: 0.6em; height: 0.6em; border-radius: 50%; background: var(--gallery-live-muted); }
    .live-edge:disabled { opacity: 1; cursor: default; color: var(--gallery-live-muted); }
    .live-edge.on-air, .live-edge.on-air:hover { background: var(--gallery-live-accent); border-color: var(--gallery-live-accent); color: var(--gallery-live-on-accent); }
    .live-edge.on-air::before { background: currentColor; }
    .latency { font-variant-numeric: tabular-nums; color: var(--gallery-live-muted); }
    .quality { margin-inline-start: auto; display: inline-flex; align-items: center; gap: 0.5em; }
    .admin-buttons { display: flex; flex-wrap: wrap; gap: 0.5em; }
    .admin-button.primary:not(:disabled) { background: var(--gallery-live-primary); border-color: var(--gallery-live-primary); color: var(--gallery-live-on-primary); }
    .admin-button.primary:hover:not(:disabled) { background: color-mix(in srgb, var(--gallery-live-primary) 85%, var(--gallery-live-foreground)); }
    .admin-status { margin: 0; flex-basis: 100%; display: flex; flex-direction: column; gap: 0.25em; }
    .stream-state { display: inline-flex; align-items: center; gap: 0.4em; font-weight: 600; }
    .stream-state[data-state='live']::before { background: var(--gallery-live-accent); }
    .stream-state[data-state='starting']::before, .stream-state[data-state='resetting']::before { background: #d98e04; }
    .admin-note { color: var(--gallery-live-muted); font-size: 0.8571em; }
    .admin-error { color: light-dark(#b3261e, #ffb4ab); }
  `;
  return { renderToolbar, renderAdminBar, barStyles };
}

export type Bars = ReturnType<typeof makeBars>;
