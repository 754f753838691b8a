// An in-process lock per key: requests for the same partial upload run one after the other, so a retry
// that arrives while the first copy of its chunk is still streaming is judged after that copy settles.

export class KeyLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier holder of `key` is done (whether it succeeded or failed). */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Whether some request holds or waits for the key (the sweeper leaves such uploads alone). */
  busy(key: string): boolean {
    return this.tails.has(key);
  }
}
