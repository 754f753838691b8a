// Reading a request body to disk (or to nowhere) with a cap on its length: uploads and chunks stream
// through here, never held in memory.
import type { WriteStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { abandonIncoming } from './storage.ts';

/** The body ran past the cap it was read with. */
export class OverCap extends Error {
  constructor() {
    super('The body is longer than allowed');
  }
}

/** Counts the bytes going through and fails once they pass `cap`. */
class Counter extends Transform {
  count = 0;
  constructor(private readonly cap: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.cap) done(new OverCap());
    else done(null, chunk);
  }
}

/**
 * Writes the body into `sink` (at most `cap` bytes) and resolves with its length once the file is closed
 * (flushed, for a sink made with `flush`). Rejects with OverCap, or with the stream's error (a connection
 * cut midway); the sink is let go of either way.
 */
export async function receiveInto(body: Readable, sink: WriteStream, cap: number): Promise<number> {
  const counter = new Counter(cap);
  try {
    await pipeline(body, counter, sink);
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
  } catch (error) {
    await abandonIncoming(sink);
    throw error instanceof OverCap || (error as Error)?.cause instanceof OverCap ? new OverCap() : error;
  }
  return counter.count;
}

/** Reads a body to its end and drops it; its length. Rejects as receiveInto does. */
export async function drainBody(body: Readable, cap: number): Promise<number> {
  const counter = new Counter(cap);
  await pipeline(body, counter, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source);
  });
  return counter.count;
}
