// frame-order.ts: the gallery position that moves one of the visitor's items to where another one is, in
// a gallery that holds other people's items too, and the order the server makes of it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moved, positionFor } from '../../src/upload-frame/frame-order.ts';

// The visitor's items are a, c and e; the others' b and d sit between them.
const order = ['a', 'b', 'c', 'd', 'e'];

describe('frame order', () => {
  it('moves an item down to after its target and up to before it, others in between staying put', () => {
    const down = positionFor(order, 'a', 'c');
    assert.equal(down, 3);
    assert.deepEqual(moved(order, 'a', down!), ['b', 'c', 'a', 'd', 'e']);
    const up = positionFor(order, 'e', 'c');
    assert.equal(up, 3);
    assert.deepEqual(moved(order, 'e', up!), ['a', 'b', 'e', 'c', 'd']);
  });

  it('has no position for a missing item or target, or an item onto itself', () => {
    assert.equal(positionFor(order, 'x', 'c'), undefined);
    assert.equal(positionFor(order, 'a', 'x'), undefined);
    assert.equal(positionFor(order, 'c', 'c'), undefined);
  });

  it('clamps positions beyond either end, as the server does', () => {
    assert.deepEqual(moved(order, 'c', 0), ['c', 'a', 'b', 'd', 'e']);
    assert.deepEqual(moved(order, 'c', 99), ['a', 'b', 'd', 'e', 'c']);
  });
});
