// A large test file that neither side holds in memory: parts of an odd size, each a small header with its
// number and one shared pseudo-random block. The browser builds it as a Blob of Blobs; Node hashes the same
// bytes to check what the server stored. A chunk written at the wrong offset changes the hash, since no
// part size divides a chunk size.

/** Bytes of one part (prime, so part and chunk boundaries never line up). */
export const PART_BYTES = 1_000_003;
const HEADER_BYTES = 8;

/** The block every part shares after its header (xorshift32, fixed seed). */
export function sharedBlock(): Uint8Array {
  const block = new Uint8Array(PART_BYTES - HEADER_BYTES);
  let x = 0x9e3779b9;
  for (let i = 0; i < block.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block[i] = x & 0xff;
  }
  return block;
}

/** The header of part `index`: its number, little-endian. */
export function partHeader(index: number): Uint8Array {
  const header = new Uint8Array(HEADER_BYTES);
  new DataView(header.buffer).setBigUint64(0, BigInt(index), true);
  return header;
}

/** The pieces of a file of `bytes` bytes, in order: each part's header, then that much of the shared block. */
export function* pieces(bytes: number): Generator<{ header: Uint8Array; blockBytes: number }> {
  for (let index = 0, offset = 0; offset < bytes; index++, offset += PART_BYTES) {
    const length = Math.min(PART_BYTES, bytes - offset);
    yield {
      header: partHeader(index).subarray(0, Math.min(HEADER_BYTES, length)),
      blockBytes: Math.max(0, length - HEADER_BYTES),
    };
  }
}
