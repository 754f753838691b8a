// tile-layout.ts: the grid's layout in whole pixels from the element's inputs, the `sizes` of tile
// images, and the same layout object again while the inputs stay the same.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GalleryItem } from '../../src/api/types.ts';
import { type LayoutInputs, tileLayout } from '../../src/elements/gallery-view/tile-layout.ts';

/** The virtualizer's layout factories, as plain records of what they were given. */
const layouts = {
  grid: (config: object) => ({ kind: 'grid', ...config }),
  masonry: (config: object) => ({ kind: 'masonry', ...config }),
} as unknown as Parameters<typeof tileLayout>[0];

const inputs = (over: Partial<LayoutInputs> = {}): LayoutInputs => ({
  layout: 'grid',
  width: 1000,
  gap: 8,
  columns: 0,
  tileWidth: 200,
  captions: true,
  ...over,
});

const value = (layout: ReturnType<typeof tileLayout>) => layout.value as unknown as Record<string, any>;

describe('tileLayout', () => {
  it('fits as many tile-width columns as there is room for, in whole pixels, with room for captions', () => {
    const layout = tileLayout(layouts, inputs(), null);
    // (1000 + 8) / (200 + 8) = 4 columns of floor((1000 - 3 * 8) / 4) = 244 px.
    assert.deepEqual(value(layout).itemSize, { width: '244px', height: `${Math.round(244 * 0.75) + 26}px` });
    assert.equal(value(layout).gap, '8px');
    assert.equal(layout.sizes, '244px');
    const bare = tileLayout(layouts, inputs({ captions: false }), null);
    assert.equal(value(bare).itemSize.height, `${Math.round(244 * 0.75)}px`);
  });

  it('takes a fixed column count, never fewer than one column nor tiles under 40 px', () => {
    assert.equal(tileLayout(layouts, inputs({ columns: 2 }), null).sizes, '496px');
    assert.equal(tileLayout(layouts, inputs({ width: 120 }), null).sizes, '120px');
    assert.equal(tileLayout(layouts, inputs({ width: 100, columns: 10 }), null).sizes, '40px');
    assert.equal(tileLayout(layouts, inputs({ tileWidth: 0 }), null).sizes, '244px', '0 means 200');
  });

  it('lays the list out in rows of 120 px the full width, with 160 px thumbnails', () => {
    const list = tileLayout(layouts, inputs({ layout: 'list' }), null);
    assert.equal(value(list).kind, 'grid');
    assert.deepEqual(value(list).itemSize, { width: '1000px', height: '120px' });
    assert.equal(list.sizes, '160px');
  });

  it('gives masonry tiles their aspect ratio with the caption below them', () => {
    const masonry = tileLayout(layouts, inputs({ layout: 'masonry' }), null);
    assert.equal(value(masonry).kind, 'masonry');
    assert.equal(value(masonry).itemSize, '244px');
    const thumbnail = { url: 'https://files.test/a.jpg', width: 488, height: 244 };
    const wide = {
      rid: 'a',
      type: 'image',
      filename: 'a.jpg',
      width: 488,
      height: 244,
      thumbnail,
    } as GalleryItem;
    // 244 px wide, 122 px of picture and 26 px of caption.
    assert.equal(value(masonry).getAspectRatio(wide), 244 / (122 + 26));
    assert.equal(value(masonry).getAspectRatio(undefined), 244 / (244 + 26), 'unknown: square');
  });

  it('returns the previous layout as it is while the inputs stay the same', () => {
    const first = tileLayout(layouts, inputs(), null);
    assert.equal(tileLayout(layouts, inputs(), first), first);
    assert.notEqual(tileLayout(layouts, inputs({ width: 1001 }), first), first);
  });
});
