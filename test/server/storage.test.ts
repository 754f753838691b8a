// server/media/storage.ts: incoming files that are given up on leave nothing behind.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { abandonIncoming, incomingFile } from '../../server/media/storage.ts';

describe('abandonIncoming', () => {
  const dir = mkdtempSync(join(tmpdir(), 'incoming-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('returns once the stream has opened and closed its file, so that a removal then is final', async () => {
    // A bare destroy() returns while the open is still on the thread pool: the file may appear later.
    const path = join(dir, 'early');
    const stream = incomingFile(path);
    await abandonIncoming(stream);
    assert.equal(stream.closed, true);
    assert.equal(existsSync(path), true, 'the open had completed');
    await rm(path);
  });

  test('lets many files given up on at once be removed for good', async () => {
    // The open runs on the thread pool: with many at once, a removal issued right after a bare
    // destroy() sometimes ran before the open and the file appeared afterwards (1 in ~300 here).
    await Promise.all(
      Array.from({ length: 1200 }, async (_, i) => {
        const path = join(dir, `part-${i}`);
        const stream = incomingFile(path);
        stream.write('some bytes');
        await abandonIncoming(stream);
        await rm(path, { force: true });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(readdirSync(dir), []);
  });

  test('does nothing to a stream that has finished', async () => {
    const path = join(dir, 'done');
    const stream = incomingFile(path);
    await new Promise<void>((resolve) => stream.end('complete', () => resolve()));
    await new Promise<void>((resolve) => stream.once('close', () => resolve()));
    await abandonIncoming(stream);
    assert.deepEqual(readdirSync(dir), ['done']);
    await rm(path);
  });
});
