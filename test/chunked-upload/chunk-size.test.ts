// The adaptive chunk size: grows while chunks are fast, shrinks when slow or failed, stays within bounds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  afterChunk,
  afterFailure,
  CHUNK_SIZE_RULE,
  chunkEnd,
  MiB,
} from '../../src/chunked-upload/chunk-size.ts';

describe('chunk size', () => {
  it('starts at 5 MiB and doubles after each fast full chunk, up to 50 MiB', () => {
    let size: number = CHUNK_SIZE_RULE.start;
    const seen = [size];
    for (let i = 0; i < 6; i++) {
      size = afterChunk(size, size, 100);
      seen.push(size);
    }
    assert.deepEqual(
      seen.map((each) => each / MiB),
      [5, 10, 20, 40, 50, 50, 50],
    );
  });

  it('keeps its size while chunks take between the fast and the slow mark', () => {
    assert.equal(afterChunk(10 * MiB, 10 * MiB, 5000), 10 * MiB);
    assert.equal(afterChunk(10 * MiB, 10 * MiB, CHUNK_SIZE_RULE.slowMs), 10 * MiB);
  });

  it('halves after a slow chunk and after a failure, never below 512 KiB', () => {
    assert.equal(afterChunk(10 * MiB, 10 * MiB, 9000), 5 * MiB);
    assert.equal(afterFailure(10 * MiB), 5 * MiB);
    let size: number = CHUNK_SIZE_RULE.start;
    for (let i = 0; i < 20; i++) size = afterFailure(size);
    assert.equal(size, 512 * 1024);
    assert.equal(afterChunk(512 * 1024, 512 * 1024, 60_000), 512 * 1024);
  });

  it('is not moved by a short last chunk, however fast or slow', () => {
    assert.equal(afterChunk(20 * MiB, 3 * MiB, 10), 20 * MiB);
    assert.equal(afterChunk(20 * MiB, 3 * MiB, 60_000), 20 * MiB);
  });

  it('ends a chunk at the file end', () => {
    assert.equal(chunkEnd(0, 5 * MiB, 12 * MiB), 5 * MiB);
    assert.equal(chunkEnd(10 * MiB, 5 * MiB, 12 * MiB), 12 * MiB);
  });
});
