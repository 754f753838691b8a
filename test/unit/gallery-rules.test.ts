// The pure rules of services/gallery-items.ts and services/gallery-list.ts: insert positions, details
// names, the tag cloud and the search forms of gallery.list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../server/errors.ts';
import { insertIndex, parseDetails } from '../../server/services/gallery-items.ts';
import { galleryFilter, tagCloud } from '../../server/services/gallery-list.ts';
import { ITEM_DETAILS } from '../../src/contract/item-details.ts';

describe('gallery item rules', () => {
  it('places items at the bottom by default, at the top, or at a 1-based position cut to the end', () => {
    assert.equal(insertIndex(undefined, 5), 5);
    assert.equal(insertIndex(' Bottom ', 5), 5);
    assert.equal(insertIndex('top', 5), 0);
    assert.equal(insertIndex('2', 5), 1);
    assert.equal(insertIndex('99', 5), 5);
    for (const bad of ['0', '-1', 'middle', '1.5'])
      assert.throws(() => insertIndex(bad, 5), ServiceError, bad);
  });

  it('asks for every details name when none is given, and refuses unknown names', () => {
    assert.deepEqual([...parseDetails(undefined)], ITEM_DETAILS);
    assert.deepEqual([...parseDetails(' caption , tags ,')], ['caption', 'tags']);
    assert.throws(() => parseDetails('caption,colour'), /unknown names \(colour\)/);
  });
});

describe('gallery list rules', () => {
  it('counts tags case-insensitively as first spelt, untagged galleries as notags, and no tag called notags', () => {
    assert.deepEqual(tagCloud(['Sea,sun', 'sea', '', 'NoTags']), { Sea: 2, sun: 1, notags: 1 });
    assert.deepEqual(Object.keys(tagCloud(['__proto__'])), ['__proto__', 'notags']);
  });

  it('reads the exact-term forms, an rrid caption and filter tags with exclusions', () => {
    assert.deepEqual(galleryFilter('caption= Trip ', '', null).exact, { column: 'name', term: 'Trip' });
    assert.deepEqual(galleryFilter('caption=rrid:crm-1', '', null).exact, {
      column: 'name',
      term: 'rrid:crm-1',
      rrid: 'crm-1',
    });
    const filter = galleryFilter('sea', 'beach, -work,-', ['f1']);
    assert.deepEqual(
      { search: filter.search, with: filter.withTags, without: filter.withoutTags, fids: filter.fids },
      { search: 'sea', with: ['beach'], without: ['work'], fids: ['f1'] },
    );
  });
});
