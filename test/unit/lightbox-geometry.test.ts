// Zoom and pan arithmetic of the lightbox (lightbox-geometry.ts): zoom levels, zooming at a point, and
// panning bounded by the image's edges.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Box,
  clampPan,
  FITTED,
  zoomAt,
  zoomBy,
  zoomLevels,
} from '../../src/elements/gallery-view/lightbox-geometry.ts';

/** A 1000 x 500 image fitted in the middle of a 1200 x 800 stage. */
const stage: Box = { left: 0, top: 0, width: 1200, height: 800 };
const base: Box = { left: 100, top: 150, width: 1000, height: 500 };

/** Where an image-relative point (0..1) of the base box lands on screen under a pan. */
function onScreen(pan: { scale: number; x: number; y: number }, fx: number, fy: number) {
  const cx = base.left + base.width / 2;
  const cy = base.top + base.height / 2;
  return {
    x: cx + pan.x + pan.scale * (fx - 0.5) * base.width,
    y: cy + pan.y + pan.scale * (fy - 0.5) * base.height,
  };
}

/** The image-relative point (0..1) under a screen point: the inverse of onScreen. */
function fractionAt(pan: { scale: number; x: number; y: number }, point: { x: number; y: number }) {
  const cx = base.left + base.width / 2;
  const cy = base.top + base.height / 2;
  return {
    fx: (point.x - cx - pan.x) / (pan.scale * base.width) + 0.5,
    fy: (point.y - cy - pan.y) / (pan.scale * base.height) + 0.5,
  };
}

describe('zoomLevels', () => {
  test('a downscaled image toggles to its natural size; max is twice that', () => {
    assert.deepEqual(zoomLevels(2000, 1000), { natural: 2, toggle: 2, max: 4 });
  });

  test('an image already at its natural size toggles to twice it', () => {
    assert.deepEqual(zoomLevels(720, 720), { natural: 1, toggle: 2, max: 2 });
    // Unknown natural size: the same.
    assert.deepEqual(zoomLevels(0, 720), { natural: 1, toggle: 2, max: 2 });
  });
});

describe('zoomAt', () => {
  test('keeps the image point under the pointer where it was', () => {
    const point = onScreen(FITTED, 0.3, 0.6);
    const zoomed = zoomAt(FITTED, 2.5, point, base);
    const after = onScreen(zoomed, 0.3, 0.6);
    assert.ok(Math.abs(after.x - point.x) < 1e-9 && Math.abs(after.y - point.y) < 1e-9);
    // And again from an already zoomed and panned state: the point keeps the same image point.
    const panned = { scale: 2, x: -40, y: 30 };
    const under = fractionAt(panned, point);
    const further = zoomAt(panned, 3, point, base);
    const landed = onScreen(further, under.fx, under.fy);
    assert.ok(Math.abs(landed.x - point.x) < 1e-9 && Math.abs(landed.y - point.y) < 1e-9);
  });
});

describe('clampPan', () => {
  test('an image larger than the stage covers it: its edges never come inside', () => {
    const right = clampPan({ scale: 2, x: 5000, y: 5000 }, base, stage, 4);
    const topLeft = onScreen(right, 0, 0);
    assert.equal(topLeft.x, stage.left);
    assert.equal(topLeft.y, stage.top);
    const left = clampPan({ scale: 2, x: -5000, y: -5000 }, base, stage, 4);
    const bottomRight = onScreen(left, 1, 1);
    assert.equal(bottomRight.x, stage.left + stage.width);
    assert.equal(bottomRight.y, stage.top + stage.height);
  });

  test('an axis where the image is smaller than the stage keeps it wholly inside', () => {
    // 1.2 x 500 = 600 px high in an 800 px stage: it may move, but not out.
    const down = clampPan({ scale: 1.2, x: 0, y: 5000 }, base, stage, 4);
    assert.equal(onScreen(down, 0, 1).y, stage.top + stage.height);
    const fitted = clampPan({ scale: 1, x: 0, y: 0 }, base, stage, 4);
    assert.deepEqual(fitted, FITTED);
  });

  test('limits the scale to [1, max]', () => {
    assert.equal(clampPan({ scale: 9, x: 0, y: 0 }, base, stage, 4).scale, 4);
    assert.equal(clampPan({ scale: 0.5, x: 0, y: 0 }, base, stage, 4).scale, 1);
  });
});

describe('zoomBy', () => {
  test('steps up to the maximum and back down to exactly fitted', () => {
    const centre = { x: 600, y: 400 };
    const up = zoomBy(FITTED, 1.5, centre, base, stage, 2);
    assert.equal(up.scale, 1.5);
    assert.equal(zoomBy(up, 1.5, centre, base, stage, 2).scale, 2);
    assert.deepEqual(zoomBy(up, 1 / 1.5, centre, base, stage, 2), FITTED);
  });
});
