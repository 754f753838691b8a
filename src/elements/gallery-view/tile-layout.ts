// Turns the element's layout inputs (width, columns, tile width, captions) into a virtualizer layout in
// whole pixels plus the `sizes` of tile images. Loaded with the virtualizer (layout.ts).
import type { grid } from '@lit-labs/virtualizer/layouts/grid.js';
import type { masonry } from '@lit-labs/virtualizer/layouts/masonry.js';
import type { GalleryItem } from '../../api/types.ts';
import { aspectRatio } from './media.ts';
import type { RecycleConfig } from './recycle.ts';

type LayoutConfigValue = RecycleConfig<unknown>['layout'];

export type GalleryLayout = 'grid' | 'masonry' | 'list';

/** The virtualizer's layouts the tiles are laid out with. */
export interface LayoutFactories {
  grid: typeof grid;
  masonry: typeof masonry;
}

/** Height of the one-line caption under grid and masonry tiles (the layout needs pixels). */
const CAPTION_HEIGHT = 26;
/** Height of a row of the list layout: the 160 x 120 thumbnail. */
const LIST_ROW_HEIGHT = 120;

export interface LayoutInputs {
  layout: GalleryLayout;
  /** Content width of the gallery in px. */
  width: number;
  gap: number;
  /** Fixed column count, 0 for as many `tileWidth` columns as fit. */
  columns: number;
  tileWidth: number;
  captions: boolean;
}

export interface TileLayout {
  key: string;
  /** The virtualizer's layout configuration. */
  value: LayoutConfigValue;
  /** The `sizes` attribute of tile images: the width a tile really has. */
  sizes: string;
}

/** The layout for these inputs; `previous` is returned as it is when nothing changed. */
export function tileLayout(v: LayoutFactories, input: LayoutInputs, previous: TileLayout | null): TileLayout {
  const { layout, width, gap } = input;
  const key = [layout, width, gap, input.columns, input.tileWidth, input.captions].join();
  if (previous?.key === key) return previous;
  const min = input.tileWidth > 0 ? input.tileWidth : 200;
  const columns =
    input.columns > 0 ? Math.floor(input.columns) : Math.max(1, Math.floor((width + gap) / (min + gap)));
  // Whole pixels, rounded down, so the layout's own column count comes out as ours.
  const tileWidth = Math.max(40, Math.floor((width - gap * (columns - 1)) / columns));
  const caption = input.captions ? CAPTION_HEIGHT : 0;
  let value: LayoutConfigValue;
  if (layout === 'masonry') {
    value = v.masonry({
      itemSize: `${tileWidth}px`,
      gap: `${gap}px`,
      padding: '0',
      flex: false,
      getAspectRatio: (item) =>
        tileWidth / (tileWidth / aspectRatio(item as GalleryItem | undefined) + caption),
    });
  } else if (layout === 'list') {
    // Rows of a fixed height: the flow layout would measure every row through ResizeObservers (and
    // trip the browser's ResizeObserver loop warning); a thumbnail row does not need it.
    value = v.grid({
      itemSize: { width: `${Math.max(40, width)}px`, height: `${LIST_ROW_HEIGHT}px` },
      gap: `${gap}px`,
      padding: '0',
    });
  } else {
    value = v.grid({
      itemSize: { width: `${tileWidth}px`, height: `${Math.round(tileWidth * 0.75) + caption}px` },
      gap: `${gap}px`,
      padding: '0',
    });
  }
  return { key, value, sizes: layout === 'list' ? '160px' : `${tileWidth}px` };
}
