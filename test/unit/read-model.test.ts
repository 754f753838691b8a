// server/read-model/: kept reads are forgotten exactly when the store declares a change that can touch
// them, and only then. Against a real database, counting the store's reads.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { KeptAnswers } from '../../server/read-model/answers.ts';
import { AssetLists } from '../../server/read-model/asset-lists.ts';
import { GalleryItemReads } from '../../server/read-model/gallery-items.ts';
import { AssetStore } from '../../server/store/assets.ts';
import { changesOf } from '../../server/store/changes.ts';
import { openDatabase } from '../../server/store/db.ts';
import { GalleryStore } from '../../server/store/galleries.ts';

const db = openDatabase(mkdtempSync(join(tmpdir(), 'read-model-')));
after(() => db.close());

/** The store, counting how often each of its reads runs. */
function counted<T extends object>(store: T, methods: (keyof T)[]) {
  const calls = new Map<keyof T, number>();
  for (const method of methods) {
    const read = (store[method] as (...args: unknown[]) => unknown).bind(store);
    Object.assign(store, {
      [method]: (...args: unknown[]) => {
        calls.set(method, (calls.get(method) ?? 0) + 1);
        return read(...args);
      },
    });
  }
  return (method: keyof T) => calls.get(method) ?? 0;
}

describe('asset lists', () => {
  const store = new AssetStore(db);
  const reads = counted(store, ['count']);
  const lists = new AssetLists(db, store);
  changesOf(db).listen((change) => lists.changed(change));

  it('keeps a plain count across a caption edit, but not a caption search nor a new asset', () => {
    lists.count({});
    lists.count({});
    lists.count({ search: 'sea' });
    assert.equal(reads('count'), 2);
    changesOf(db).assetFields(['r1'], ['caption', 'modified_at']);
    lists.count({});
    assert.equal(reads('count'), 2, 'the plain count reads no caption');
    lists.count({ search: 'sea' });
    assert.equal(reads('count'), 3, 'the search reads captions');
    changesOf(db).assetsAdded(['r2']);
    lists.count({});
    assert.equal(reads('count'), 4);
  });
});

describe('gallery items', () => {
  const galleries = new GalleryStore(db);
  const reads = counted(galleries, ['itemCount']);
  const items = new GalleryItemReads(db, galleries, new AssetStore(db));
  changesOf(db).listen((change) => items.changed(change));

  it("keeps a gallery's count until its own placements change, or an asset deletion cascades", () => {
    items.count('f1');
    items.count('f1');
    assert.equal(reads('itemCount'), 1);
    changesOf(db).placements('f2');
    items.count('f1');
    assert.equal(reads('itemCount'), 1, 'another gallery changed');
    changesOf(db).placements('f1');
    items.count('f1');
    assert.equal(reads('itemCount'), 2);
    changesOf(db).assetsRemoved(['r9']);
    items.count('f1');
    assert.equal(reads('itemCount'), 3);
  });
});

describe('kept answers', () => {
  const clock = new ManualClock();
  const answer = (text: string) => ({ byteLength: text.length, text });

  it('keeps an answer asked twice in one generation, until a change or its age limit', () => {
    const kept = new KeptAnswers<ReturnType<typeof answer>>(clock, () => false);
    let made = 0;
    const ask = () => kept.answer('q', () => answer(`a${++made}`), 5000);
    ask();
    ask();
    assert.equal(ask().text, 'a2', 'kept once asked again');
    assert.equal(kept.peek('q', 5000)?.text, 'a2');
    clock.advance(6000);
    assert.equal(kept.peek('q', 5000), undefined, 'too old');
    ask();
    ask();
    kept.contentChanged();
    assert.equal(kept.peek('q'), undefined, 'a change forgets it');
  });

  it('keeps nothing while a transaction is open', () => {
    const kept = new KeptAnswers<ReturnType<typeof answer>>(clock, () => true);
    kept.answer('q', () => answer('a'));
    kept.answer('q', () => answer('b'));
    assert.equal(kept.peek('q'), undefined);
  });
});
