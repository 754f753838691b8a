// scroll-speed.ts: which scroll counts as a fling (tiles then wait for their images): faster than three
// viewport heights a second, between two scroll events close enough in time to measure a speed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isFling } from '../../src/elements/gallery-view/scroll-speed.ts';

describe('isFling', () => {
  it('is a fling above three viewport heights a second, either way', () => {
    // 900 px viewport: the line is 2,700 px a second, 45 px in 16.67 ms.
    assert.equal(isFling(50, 16, 900), true);
    assert.equal(isFling(-50, 16, 900), true);
    assert.equal(isFling(40, 16, 900), false);
    assert.equal(isFling(2700, 1000, 900), false, 'exactly at the line is no fling');
  });

  it('is no fling when the two events are too far apart or not apart at all (a jump, a repeat)', () => {
    assert.equal(isFling(100_000, 150, 900), false, 'the End key');
    assert.equal(isFling(500, 0, 900), false);
    assert.equal(isFling(500, -5, 900), false);
    assert.equal(isFling(500, 100, 900), true, 'still a sample at 100 ms');
  });

  it('is measured against the viewport: the same speed flings a short viewport, not a tall one', () => {
    assert.equal(isFling(50, 16, 1200), false);
    assert.equal(isFling(50, 16, 400), true);
  });
});
