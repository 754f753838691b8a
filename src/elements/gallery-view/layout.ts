// Loads the grid's half beside the first page: the virtualizer, its layouts, the tile drawing and the
// watchers of the gallery's width and scroll speed. Nothing of it is needed for the skeleton.
import type { grid as gridLayout } from '@lit-labs/virtualizer/layouts/grid.js';
import type { masonry as masonryLayout } from '@lit-labs/virtualizer/layouts/masonry.js';
import type * as GridParts from './grid-parts.ts';
import type { recycle as recycleDirective } from './recycle.ts';

export type { GalleryLayout } from './tile-layout.ts';

/** The grid's half that loads beside the first page. */
export interface Virtualizer {
  recycle: typeof recycleDirective;
  drawTile: typeof GridParts.drawTile;
  tileLayout: typeof GridParts.tileLayout;
  tileStyles: typeof GridParts.tileStyles;
  WidthController: typeof GridParts.WidthController;
  ScrollSpeed: typeof GridParts.ScrollSpeed;
  grid: typeof gridLayout;
  masonry: typeof masonryLayout;
}

export let virtualizer: Virtualizer | undefined;
let virtualizerLoading: Promise<Virtualizer> | undefined;

/**
 * The virtualizer loads beside the first page of items rather than before the element: the skeleton
 * shows at once and the element's own bundle stays small.
 */
export function loadVirtualizer(): Promise<Virtualizer> {
  virtualizerLoading ??= Promise.all([
    import('./recycle.ts'),
    import('@lit-labs/virtualizer/layouts/grid.js'),
    import('@lit-labs/virtualizer/layouts/masonry.js'),
    import('./grid-parts.ts'),
  ]).then(([r, g, m, parts]) => {
    virtualizer = { ...parts, recycle: r.recycle, grid: g.grid, masonry: m.masonry };
    return virtualizer;
  });
  return virtualizerLoading;
}
