// services/paging.ts: which page a list operation reads and the paging block it answers with.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageOf } from '../../server/services/paging.ts';

describe('paging', () => {
  it('reads page 1 of 50 items unless asked', () => {
    const paging = pageOf({}, 100);
    assert.deepEqual([paging.page, paging.items_per_page, paging.offset], [1, 50, 0]);
  });

  it('cuts a larger page to the operation’s maximum and counts the items before it', () => {
    const paging = pageOf({ page: 3, items_per_page: 500 }, 100);
    assert.deepEqual([paging.page, paging.items_per_page, paging.offset], [3, 100, 200]);
  });

  it('answers the count and the pages it makes, a partial last page included', () => {
    assert.deepEqual(pageOf({ page: 2, items_per_page: 10 }, 100).data(21), {
      page: 2,
      items_per_page: 10,
      items_count: 21,
      pages_count: 3,
    });
    assert.equal(pageOf({}, 100).data(0).pages_count, 0);
  });
});
