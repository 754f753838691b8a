// What the grid needs once it shows items, one lazy chunk loaded with the virtualizer (layout.ts): the tile
// drawing, its styles and layout, and the watchers of the gallery's width and scroll speed.
export { ScrollSpeed } from './scroll-speed.ts';
export { tileStyles } from './tile.styles.ts';
export { drawTile } from './tile.ts';
export { tileLayout } from './tile-layout.ts';
export { WidthController } from './width-controller.ts';
