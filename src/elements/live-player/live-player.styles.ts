// Styles of <live-player>: a video box with bars; colours come from --gallery-live-* custom properties whose
// light-dark() values follow the visitor's preference unless the theme attribute fixes light or dark.
import { css } from 'lit';

export const livePlayerStyles = css`
  :host {
    --gallery-live-background: light-dark(#f4f5f7, #000);
    --gallery-live-foreground: light-dark(#1d1f23, #fff);
    --gallery-live-bar-background: light-dark(#e6e8ec, #111);
    --gallery-live-button-background: light-dark(#ffffff, #2a2a2a);
    --gallery-live-border: light-dark(#767c86, #555);
    --gallery-live-video-background: #000;
    --gallery-live-accent: #c00;
    --gallery-live-focus: light-dark(#1f5fd1, #4da3ff);
    color-scheme: light dark;
    display: block;
    position: relative;
    color: var(--gallery-live-foreground);
    background: var(--gallery-live-background);
    border-radius: var(--gallery-live-radius, 4px);
    overflow: hidden;
    font: var(--gallery-live-font, 14px/1.4 system-ui, sans-serif);
    aspect-ratio: 16 / 9;
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
  .player {
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  video {
    flex: 1;
    min-height: 0;
    width: 100%;
    background: var(--gallery-live-video-background);
  }
  video:focus-visible,
  button:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--gallery-live-focus);
    outline-offset: 2px;
  }
  .status {
    position: absolute;
    inset: 0 0 auto 0;
    padding: 0.5em 0.75em;
    background: rgb(0 0 0 / 0.7);
    color: #fff;
    pointer-events: none;
  }
  .status:empty {
    display: none;
  }
  .unmute {
    position: absolute;
    inset: 0.5em 0.5em auto auto;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
    padding: 0.35em 0.5em;
    background: var(--gallery-live-bar-background);
  }
  button,
  select {
    font: inherit;
    color: inherit;
    background: var(--gallery-live-button-background);
    border: 1px solid var(--gallery-live-border);
    border-radius: 3px;
    padding: 0.2em 0.6em;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .live-edge[aria-pressed='true'] {
    background: var(--gallery-live-accent);
    border-color: var(--gallery-live-accent);
  }
  .latency {
    font-variant-numeric: tabular-nums;
    margin-inline-end: auto;
  }
  .admin-status {
    margin: 0;
    flex-basis: 100%;
  }
`;
