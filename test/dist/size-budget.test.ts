// The size budgets of issue 8 on what `npm run build` ships: an entry whose gzip size exceeds its budget
// by more than 10% fails the build. The figures themselves print from `npm run bench -- size`.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  BUDGETS,
  type EntrySize,
  measured,
  measureEntry,
  measureScriptTagWith,
  scriptTagElements,
} from '../../bench/lib/sizes.ts';
import { ensureBuilt } from '../helpers/dist.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Strings only Lit's, hls.js's and Uppy's code holds (they survive minification). */
const LIT = 'reactiveElementVersions';
const HLS = 'fragLoadPolicy';
const UPPY = 'Uppy plugins must have unique';

const holds = (size: EntrySize, marker: string, initial: boolean) =>
  size.files.some((file) => file.initial === initial && file.text.includes(marker));

describe('size budgets of the built package (gzip)', () => {
  before(() => ensureBuilt());

  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name} stays within ${kb(budget.bytes)} (${budget.of}) + 10%`, async () => {
      const size = await measureEntry(name);
      const bytes = measured(size, budget);
      assert.ok(size.initial > 0, 'the entry produced code');
      assert.ok(
        bytes <= budget.bytes * 1.1,
        `${name}: ${kb(bytes)} ${budget.of} exceeds ${kb(budget.bytes)} + 10%`,
      );
    });
  }

  it('measures the files of dist/, the script-tag loader with every lazy chunk it can load', async () => {
    const tag = await measureEntry('script-tag');
    assert.equal(tag.entry, 'dist/gallery-elements.js');
    assert.ok(tag.files.every((file) => file.file.startsWith('dist/')));
    assert.deepEqual(
      tag.files.filter((file) => file.initial).map((file) => file.file),
      ['dist/gallery-elements.js'],
    );
    assert.ok(holds(tag, HLS, false), 'hls.js is among the lazy chunks');
    assert.ok(holds(tag, UPPY, false), 'Uppy is among the lazy chunks');
  });

  it('counts Lit in the initial load of each element, from npm and from the script tag', async () => {
    for (const name of ['gallery-view', 'live-player', 'gallery-uploader'])
      assert.ok(holds(await measureEntry(name), LIT, true), `${name} initial load holds Lit`);
    const elements = scriptTagElements();
    assert.deepEqual(Object.keys(elements).sort(), ['gallery-uploader', 'gallery-view', 'live-player']);
    for (const [tag, chunk] of Object.entries(elements))
      assert.ok(holds(measureScriptTagWith(tag, chunk), LIT, true), `script tag + ${tag} holds Lit`);
  });

  it('keeps hls.js out of the player initial load and Uppy out of the uploader initial load', async () => {
    const live = await measureEntry('live-player');
    assert.ok(!holds(live, HLS, true) && holds(live, HLS, false), 'hls.js is a lazy chunk');
    const uploader = await measureEntry('gallery-uploader');
    assert.ok(!holds(uploader, UPPY, true) && holds(uploader, UPPY, false), 'Uppy is a lazy chunk');
  });
});
