// The size budgets of issue 8: the build fails when an entry's initial load exceeds its budget by > 10%.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUDGETS, ENTRIES, measured, measureEntry } from '../../bench/lib/sizes.ts';

describe('size budgets (gzip)', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name} stays within ${budget.bytes / 1024} KB (${budget.of}) + 10%`, async () => {
      const size = await measureEntry(name, ENTRIES[name] as string);
      const bytes = measured(size, budget);
      assert.ok(size.initial > 0, 'the entry produced code');
      assert.ok(
        bytes <= budget.bytes * 1.1,
        `${name}: ${(bytes / 1024).toFixed(1)} KB ${budget.of} exceeds ${(budget.bytes / 1024).toFixed(1)} KB + 10%`,
      );
    });
  }

  it('keeps hls.js out of the player initial load and Uppy out of the script-tag initial load', async () => {
    const live = await measureEntry('live-player', ENTRIES['live-player'] as string);
    assert.ok(live.lazy > 100 * 1024, 'hls.js is a lazy chunk');
    const tag = await measureEntry('script-tag', ENTRIES['script-tag'] as string);
    assert.ok(tag.lazy > tag.initial * 3, 'the elements load lazily behind the loader');
  });
});
