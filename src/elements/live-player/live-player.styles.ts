// Styles of <live-player>: a dark video box; colours and radius come from --gallery-* custom properties.
import { css } from 'lit';

export const livePlayerStyles = css`
  :host {
    display: block;
    position: relative;
    color: var(--gallery-live-foreground, #fff);
    background: var(--gallery-live-background, #000);
    border-radius: var(--gallery-live-radius, 4px);
    overflow: hidden;
    font: var(--gallery-live-font, 14px/1.4 system-ui, sans-serif);
    aspect-ratio: 16 / 9;
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
    background: inherit;
  }
  video:focus-visible,
  button:focus-visible,
  select:focus-visible {
    outline: 2px solid var(--gallery-live-focus, #4da3ff);
    outline-offset: 2px;
  }
  .status {
    position: absolute;
    inset: 0 0 auto 0;
    padding: 0.5em 0.75em;
    background: rgb(0 0 0 / 0.7);
    pointer-events: none;
  }
  .status:empty {
    display: none;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
    padding: 0.35em 0.5em;
    background: var(--gallery-live-bar-background, #111);
  }
  button,
  select {
    font: inherit;
    color: inherit;
    background: var(--gallery-live-button-background, #2a2a2a);
    border: 1px solid #555;
    border-radius: 3px;
    padding: 0.2em 0.6em;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .live-edge[aria-pressed='true'] {
    background: var(--gallery-live-accent, #c00);
    border-color: var(--gallery-live-accent, #c00);
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
