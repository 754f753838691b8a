// Styles of <live-player>: a 16:9 screen (the status over its top edge, clear of the native controls at its
// bottom) with bars below it; colours come from --gallery-live-* custom properties whose light-dark()
// values follow the visitor's preference unless the theme attribute fixes light or dark.
import { css } from 'lit';

// One rule a line, as the gallery's styles: the literal ships as written. Without a height from the page the
// player is as tall as its 16:9 screen and bars; given one (the embed page fills its frame), the screen
// yields to the bars. The status runs along the top edge: the browser's controls are at the bottom.
export const livePlayerStyles = css`
  :host { --gallery-live-background: light-dark(#f4f5f7, #16181c); --gallery-live-foreground: light-dark(#1d1f23, #eceef1); --gallery-live-muted: light-dark(#50555e, #b4b9c2); --gallery-live-button-background: light-dark(#ffffff, #2a2d33); --gallery-live-border: light-dark(#767c86, #6b717b); --gallery-live-video-background: #000; --gallery-live-focus: light-dark(#1f5fd1, #8ab4ff); --gallery-live-aspect-ratio: 16 / 9; color-scheme: light dark; display: block; position: relative; color: var(--gallery-live-foreground); background: var(--gallery-live-background); border-radius: var(--gallery-live-radius, 6px); overflow: hidden; font: var(--gallery-live-font, 14px/1.4 system-ui, sans-serif); }
  :host([theme='light']) { color-scheme: light; }
  :host([theme='dark']) { color-scheme: dark; }
  :host([hidden]) { display: none; }
  .player { display: flex; flex-direction: column; height: 100%; }
  .screen { position: relative; flex: 0 1 auto; min-height: 0; aspect-ratio: var(--gallery-live-aspect-ratio); background: var(--gallery-live-video-background); }
  video { display: block; width: 100%; height: 100%; object-fit: contain; background: var(--gallery-live-video-background); }
  video:focus-visible, button:focus-visible { outline: 2px solid var(--gallery-live-focus); outline-offset: 2px; }
  video:focus-visible { outline-offset: -2px; }
  .overlay { position: absolute; inset: 0.75em 0.75em auto; display: flex; align-items: flex-start; gap: 0.5em; pointer-events: none; }
  .status { max-width: 100%; padding: 0.35em 0.7em; border-radius: 6px; background: rgb(0 0 0 / 0.72); color: #fff; font-size: 0.9286em; }
  .status:empty { display: none; }
  .unmute { pointer-events: auto; margin-inline-start: auto; flex: none; }
  button { font: inherit; font-weight: 500; color: inherit; min-height: 2.25em; background: var(--gallery-live-button-background); border: 1px solid var(--gallery-live-border); border-radius: 6px; padding: 0 0.9em; cursor: pointer; }
  button:hover:not(:disabled) { background: color-mix(in srgb, var(--gallery-live-button-background) 88%, var(--gallery-live-foreground)); }
`;
