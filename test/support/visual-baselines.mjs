// The visual tests' baselines: compares a shot with its committed PNG (pixelmatch), writes it in update
// mode, and leaves what a reviewer needs when they differ: the new shot and baseline | new | diff side by side.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Committed: one PNG per surface, width and colour scheme. */
export const BASELINE_DIR = join(ROOT, 'test/visual/baselines');
/** Ignored (test-artifacts/): the shots that failed, for a person to look at. */
export const FAILED_DIR = join(ROOT, 'test-artifacts/visual');

/** pixelmatch's per-pixel colour distance (0-1) under which two pixels count as equal; it skips anti-aliasing. */
const PIXEL_THRESHOLD = 0.1;
/**
 * Differing pixels a shot may have and still pass. Shots on the same machine repeat to the pixel; the margin
 * absorbs a stray glyph edge, while a changed colour, border or line of text is thousands of pixels.
 */
export const MAX_DIFF_PIXELS = 50;

/**
 * Holds `png` (a PNG buffer) against the baseline `<name>.png`. Update mode writes the baseline when it is
 * missing or differs beyond the threshold, and leaves an equal one untouched (no churn in review).
 */
export function checkShot(name, png, { update }) {
  const file = join(BASELINE_DIR, `${name}.png`);
  const shown = relative(ROOT, file);
  const actual = PNG.sync.read(png);
  const baseline = existsSync(file) ? PNG.sync.read(readFileSync(file)) : undefined;
  const difference = baseline ? compare(baseline, actual) : undefined;
  const equal = difference !== undefined && difference.pixels <= MAX_DIFF_PIXELS;
  if (update) {
    if (!equal) write(file, png);
    return { passed: true, written: !equal };
  }
  if (equal) return { passed: true, written: false };
  const newShot = join(FAILED_DIR, `${name}.png`);
  write(newShot, png);
  if (!baseline)
    return {
      passed: false,
      message: `${name}: no baseline ${shown} yet; new shot ${relative(ROOT, newShot)}`,
    };
  const review = join(FAILED_DIR, `${name}.diff.png`);
  write(review, sideBySide(baseline, actual, difference.image));
  const what =
    difference.sizes === 'same'
      ? `${difference.pixels} pixels differ (over ${MAX_DIFF_PIXELS})`
      : `size ${baseline.width}x${baseline.height} became ${actual.width}x${actual.height}`;
  return { passed: false, message: `${name}: ${what}; baseline | new | diff in ${relative(ROOT, review)}` };
}

function write(file, buffer) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, buffer);
}

/** Differing pixels and pixelmatch's diff picture; shots of different sizes are compared on their union. */
function compare(baseline, actual) {
  const width = Math.max(baseline.width, actual.width);
  const height = Math.max(baseline.height, actual.height);
  const image = new PNG({ width, height });
  const pixels = pixelmatch(
    padded(baseline, width, height),
    padded(actual, width, height),
    image.data,
    width,
    height,
    {
      threshold: PIXEL_THRESHOLD,
    },
  );
  const sizes = baseline.width === actual.width && baseline.height === actual.height ? 'same' : 'changed';
  // A changed size fails even when the overlap matches: the layout moved.
  return { pixels: sizes === 'same' ? pixels : Math.max(pixels, MAX_DIFF_PIXELS + 1), image, sizes };
}

/** The image's RGBA data on a transparent canvas of the given size. */
function padded(png, width, height) {
  if (png.width === width && png.height === height) return png.data;
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
  return out.data;
}

/** baseline | new | diff on one grey canvas: side by side, or one above the other when they are wide. */
function sideBySide(...images) {
  const gap = 16;
  const across = images[0].width <= images[0].height;
  const along = (image) => (across ? image.width : image.height);
  const total = images.reduce((sum, image) => sum + along(image), 0) + gap * (images.length - 1);
  const other = Math.max(...images.map((image) => (across ? image.height : image.width)));
  const out = across ? new PNG({ width: total, height: other }) : new PNG({ width: other, height: total });
  for (let i = 0; i < out.data.length; i += 4) out.data.set([128, 128, 128, 255], i);
  let offset = 0;
  for (const image of images) {
    PNG.bitblt(image, out, 0, 0, image.width, image.height, across ? offset : 0, across ? 0 : offset);
    offset += along(image) + gap;
  }
  return PNG.sync.write(out);
}
