// The tile sources of src/elements/gallery-view/media.ts: computed once while an item is in use, and not
// kept for every item a long gallery ever showed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GalleryItem } from '../../src/api/types.ts';
import { imageSource } from '../../src/elements/gallery-view/media.ts';

function photo(n: number): GalleryItem {
  const version = (name: string, width: number, height: number) => ({
    url: `http://127.0.0.1/files/r${n}/${name}`,
    width,
    height,
    filesize: 1000,
  });
  return {
    rid: `r${n}`,
    type: 'image',
    filename: `p${n}.jpg`,
    width: 1600,
    height: 1200,
    versions: {
      original: version('original', 1600, 1200),
      jpg_200x150: version('jpg_200x150', 200, 150),
      jpg_600x450: version('jpg_600x450', 600, 450),
    },
  } as unknown as GalleryItem;
}

describe('imageSource', () => {
  it('answers an item in use from memory, and again the same after a long gallery went by', () => {
    const first = photo(0);
    const source = imageSource(first);
    assert.deepEqual(source, {
      src: 'http://127.0.0.1/files/r0/jpg_600x450',
      srcset:
        'http://127.0.0.1/files/r0/jpg_200x150 200w, http://127.0.0.1/files/r0/jpg_600x450 600w, http://127.0.0.1/files/r0/original 1600w',
      width: 1600,
      height: 1200,
    });
    assert.equal(imageSource(first), source, 'the same object while the item is in use');
    for (let n = 1; n <= 5000; n++) imageSource(photo(n));
    const again = imageSource(first);
    assert.notEqual(again, source, 'computed anew: 5,000 other items pushed it out');
    assert.deepEqual(again, source);
    assert.equal(imageSource(first, 1200)?.src, 'http://127.0.0.1/files/r0/original');
  });
});
