// services/rid-list.ts: the rid lists of asset and gallery operations.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRidList } from '../../server/services/rid-list.ts';

describe('rid lists', () => {
  it('split on commas, trimmed, without empties, each rid once in its first place', () => {
    assert.deepEqual(parseRidList(' r1, r2,,r1 ,r3,'), ['r1', 'r2', 'r3']);
    assert.deepEqual(parseRidList(' , '), []);
  });
});
