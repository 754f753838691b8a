// How big the next chunk of a chunked upload is: it starts at 5 MiB, doubles while chunks finish fast, up
// to 50 MiB (few requests on a fast network), and halves on a slow chunk or a failure (a mobile network
// that drops a 50 MiB chunk at 90% loses less next time). Pure, so the rule is tested on its own.

export const MiB = 1024 * 1024;

export interface ChunkSizeRule {
  /** Size of the first chunk; a file no larger goes in one request. */
  start: number;
  min: number;
  max: number;
  /** A full chunk that took at most this long: the next one may be twice as big. */
  fastMs: number;
  /** A full chunk that took longer than this: the next one is half as big. */
  slowMs: number;
}

export const CHUNK_SIZE_RULE = {
  start: 5 * MiB,
  min: 512 * 1024,
  max: 50 * MiB,
  fastMs: 2000,
  slowMs: 8000,
} as const satisfies ChunkSizeRule;

/** The size after a chunk of `bytes` went through in `ms`, when the size was `size`. */
export function afterChunk(
  size: number,
  bytes: number,
  ms: number,
  rule: ChunkSizeRule = CHUNK_SIZE_RULE,
): number {
  // A short last chunk says little about the network: only full ones move the size.
  if (bytes < size) return size;
  if (ms <= rule.fastMs) return Math.min(rule.max, size * 2);
  if (ms > rule.slowMs) return Math.max(rule.min, Math.floor(size / 2));
  return size;
}

/** The size after a failed chunk. */
export function afterFailure(size: number, rule: ChunkSizeRule = CHUNK_SIZE_RULE): number {
  return Math.max(rule.min, Math.floor(size / 2));
}

/** The end (exclusive) of the chunk that starts at `offset`. */
export function chunkEnd(offset: number, size: number, total: number): number {
  return Math.min(total, offset + size);
}
