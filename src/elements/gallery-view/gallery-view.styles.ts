// Styles of <gallery-view> before it shows items (the tiles' come with them: tile.styles.ts): every colour
// and size is a --gallery-* custom property; light-dark() follows the visitor's preference unless the theme
// attribute fixes it. One rule per line: the bundle ships this text as it is (no CSS minifier runs on it)
// and the element has a 14 KB budget.
import { css } from 'lit';

export const styles = css`
  :host { color-scheme: light dark; display: block; color: var(--gallery-fg); background: var(--gallery-bg); font-family: var(--gallery-font); --gallery-bg: light-dark(transparent, #16181c); --gallery-fg: light-dark(#1d1f23, #eceef1); --gallery-muted: light-dark(#50555e, #b4b9c2); --gallery-tile-bg: light-dark(#eceef1, #2a2d33); --gallery-accent: light-dark(#1f5fd1, #8ab4ff); --gallery-radius: 6px; --gallery-gap: 8px; --gallery-tile-fit: cover; --gallery-focus: 2px solid var(--gallery-accent); --gallery-lightbox-bg: rgb(12 13 15); --gallery-lightbox-fg: #f4f5f7; --gallery-font: system-ui, sans-serif; }
  :host([theme='light']) { color-scheme: light; }
  :host([theme='dark']) { color-scheme: dark; }
  :host([hidden]) { display: none; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .probe { height: 0; }
  .icon { display: grid; place-items: center; gap: 4px; padding: 8px; color: var(--gallery-muted); text-align: center; overflow-wrap: anywhere; font-size: 0.85em; }
  svg { width: 28px; height: 28px; fill: currentColor; }
  .state { display: grid; place-items: center; gap: 12px; padding: 32px 16px; color: var(--gallery-muted); text-align: center; }
  .skeleton { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: var(--gallery-gap); }
  .skeleton > div { aspect-ratio: 4 / 3; border-radius: var(--gallery-radius); background: var(--gallery-tile-bg); }
  .retry { font: inherit; border-radius: var(--gallery-radius); cursor: pointer; padding: 6px 16px; border: 1px solid var(--gallery-accent); background: transparent; color: var(--gallery-accent); }
  :focus-visible { outline: var(--gallery-focus); outline-offset: 2px; }
  .error-bar { display: flex; gap: 12px; align-items: center; justify-content: center; padding: 8px; }
`;
