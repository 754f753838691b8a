// Styles of <live-player>: a 16:9 screen (the status over its top edge, clear of the native controls at its
// bottom) with bars below it; colours come from --gallery-live-* custom properties whose light-dark()
// values follow the visitor's preference unless the theme attribute fixes light or dark.
import { css } from 'lit';

export const livePlayerStyles = css`
  :host {
    --gallery-live-background: light-dark(#f4f5f7, #16181c);
    --gallery-live-foreground: light-dark(#1d1f23, #eceef1);
    --gallery-live-muted: light-dark(#50555e, #b4b9c2);
    --gallery-live-bar-background: light-dark(#f4f5f7, #16181c);
    --gallery-live-button-background: light-dark(#ffffff, #2a2d33);
    --gallery-live-border: light-dark(#767c86, #6b717b);
    --gallery-live-primary: light-dark(#1f5fd1, #8ab4ff);
    --gallery-live-on-primary: light-dark(#ffffff, #0b1b36);
    --gallery-live-video-background: #000;
    --gallery-live-accent: #c00;
    --gallery-live-on-accent: #fff;
    --gallery-live-focus: light-dark(#1f5fd1, #8ab4ff);
    --gallery-live-aspect-ratio: 16 / 9;
    color-scheme: light dark;
    display: block;
    position: relative;
    color: var(--gallery-live-foreground);
    background: var(--gallery-live-background);
    border-radius: var(--gallery-live-radius, 6px);
    overflow: hidden;
    font: var(--gallery-live-font, 14px/1.4 system-ui, sans-serif);
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  /* Without a height from the page, the player is as tall as its 16:9 screen and bars; given one (the
     embed page fills its frame), the screen yields to the bars. */
  .player {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .screen {
    position: relative;
    flex: 0 1 auto;
    min-height: 0;
    aspect-ratio: var(--gallery-live-aspect-ratio);
    background: var(--gallery-live-video-background);
  }
  video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: contain;
    background: var(--gallery-live-video-background);
  }
  video:focus-visible,
  button:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--gallery-live-focus);
    outline-offset: 2px;
  }
  video:focus-visible {
    outline-offset: -2px;
  }
  /* Along the top edge: the browser's own controls sit at the bottom and stay reachable. */
  .overlay {
    position: absolute;
    inset: 0.75em 0.75em auto;
    display: flex;
    align-items: flex-start;
    gap: 0.5em;
    pointer-events: none;
  }
  .status {
    max-width: 100%;
    padding: 0.35em 0.7em;
    border-radius: 6px;
    background: rgb(0 0 0 / 0.72);
    color: #fff;
    font-size: 0.9286em;
  }
  .status:empty {
    display: none;
  }
  .unmute {
    pointer-events: auto;
    margin-inline-start: auto;
    flex: none;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 0.75em;
    padding: 0.6em 0.75em;
    background: var(--gallery-live-bar-background);
  }
  .bar + .bar {
    border-top: 1px solid color-mix(in srgb, var(--gallery-live-border) 35%, transparent);
  }
  button,
  select {
    font: inherit;
    color: inherit;
    min-height: 2.25em;
    background: var(--gallery-live-button-background);
    border: 1px solid var(--gallery-live-border);
    border-radius: 6px;
    padding: 0 0.9em;
    cursor: pointer;
  }
  button {
    font-weight: 500;
  }
  button:hover:not(:disabled) {
    background: color-mix(in srgb, var(--gallery-live-button-background) 88%, var(--gallery-live-foreground));
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  /* The live badge: neutral with a grey dot until a picture of the stream plays, then red and on air. */
  .live-edge {
    display: inline-flex;
    align-items: center;
    gap: 0.45em;
    min-height: 1.9em;
    padding: 0 0.65em;
    border-radius: 999px;
    font-size: 0.8571em;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  /* The dots of the live badge and of the admin line's state: grey unless on air or changing. */
  .live-edge::before,
  .stream-state::before {
    content: '';
    width: 0.6em;
    height: 0.6em;
    border-radius: 50%;
    background: var(--gallery-live-muted);
  }
  .live-edge:disabled {
    opacity: 1;
    cursor: default;
    color: var(--gallery-live-muted);
  }
  .live-edge.on-air,
  .live-edge.on-air:hover {
    background: var(--gallery-live-accent);
    border-color: var(--gallery-live-accent);
    color: var(--gallery-live-on-accent);
  }
  .live-edge.on-air::before {
    background: currentColor;
  }
  .latency {
    font-variant-numeric: tabular-nums;
    color: var(--gallery-live-muted);
  }
  .quality {
    margin-inline-start: auto;
    display: inline-flex;
    align-items: center;
    gap: 0.5em;
  }
  select {
    padding: 0 0.5em;
  }
  .admin-buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5em;
  }
  .admin-button.primary:not(:disabled) {
    background: var(--gallery-live-primary);
    border-color: var(--gallery-live-primary);
    color: var(--gallery-live-on-primary);
  }
  .admin-button.primary:hover:not(:disabled) {
    background: color-mix(in srgb, var(--gallery-live-primary) 85%, var(--gallery-live-foreground));
  }
  .admin-status {
    margin: 0;
    flex-basis: 100%;
    display: flex;
    flex-direction: column;
    gap: 0.25em;
  }
  .admin-status:empty {
    display: none;
  }
  .stream-state {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    font-weight: 600;
  }
  .stream-state[data-state='live']::before {
    background: var(--gallery-live-accent);
  }
  .stream-state[data-state='starting']::before,
  .stream-state[data-state='resetting']::before {
    background: #d98e04;
  }
  .admin-note {
    color: var(--gallery-live-muted);
    font-size: 0.8571em;
  }
  .admin-error {
    color: light-dark(#b3261e, #ffb4ab);
  }
`;
