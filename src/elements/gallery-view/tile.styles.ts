// Styles of the tiles (grid, masonry, list): they load with the virtualizer and the tile drawing
// (grid-parts.ts, loaded by layout.ts), since no tile exists before those, and the element adopts them then. One rule per line, as
// in gallery-view.styles.ts.
import { css } from 'lit';

export const tileStyles = css`
  .grid { display: block; min-height: 1px; }
  .tile { display: flex; flex-direction: column; gap: 4px; box-sizing: border-box; }
  .list .tile { flex-direction: row; align-items: center; gap: 12px; }
  .media { all: unset; box-sizing: border-box; position: relative; display: flex; align-items: center; justify-content: center; flex: 1 1 0; min-height: 0; overflow: hidden; border-radius: var(--gallery-radius); background: var(--gallery-tile-bg); cursor: pointer; }
  .list .media { flex: 0 0 auto; width: 160px; aspect-ratio: 4 / 3; }
  .media img { width: 100%; height: 100%; object-fit: var(--gallery-tile-fit); display: block; }
  .placeholder .media { animation: pulse 1.2s ease-in-out infinite alternate; cursor: default; }
  @keyframes pulse { to { opacity: 0.55; } }
  @media (prefers-reduced-motion: reduce) { .placeholder .media { animation: none; } }
  .badge { position: absolute; inset: 50% auto auto 50%; translate: -50% -50%; display: grid; place-items: center; width: 44px; height: 44px; border-radius: 50%; background: rgb(0 0 0 / 0.6); color: #fff; }
  .duration { position: absolute; right: 6px; bottom: 6px; padding: 1px 6px; border-radius: 4px; background: rgb(0 0 0 / 0.72); color: #fff; font-size: 0.75em; line-height: 1.5; font-variant-numeric: tabular-nums; }
  .caption { flex: none; }
  .captioned .tile:not(:has(.caption))::after { content: ''; flex: none; height: calc(0.875em * 1.35); }
  .caption, .text p { margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 0.875em; line-height: 1.35; }
  .text { min-width: 0; }
  .text .description { color: var(--gallery-muted); white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 4; }
  .media:focus-visible { outline: var(--gallery-focus); outline-offset: 2px; }
`;
