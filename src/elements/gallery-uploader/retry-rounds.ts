// Retries beyond Uppy's own. XHR upload sends a file at most four times (a fixed count in @uppy/core's
// fetcher, 0.3 s to 1.2 s apart); in a batch of hundreds of files on a flaky network some file loses all
// four. A file whose last failure was a passing one (5xx, 429, no answer, an expired upload URL) is sent
// again in a few more rounds, with longer pauses, before its failure counts.

/** Pauses before each extra round; their number is the number of rounds. */
export const ROUND_DELAYS_MS = [1000, 3000, 8000] as const;
/** Requests Uppy makes for a file in one round (the first try and its three retries). */
export const TRIES_PER_ROUND = 4;

export class RetryRounds {
  /** Rounds begun per file id. */
  readonly #rounds = new Map<string, number>();
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Files whose failure is not final yet: waiting for their next round or running it. */
  readonly #held = new Set<string>();
  /** Files being sent again right now, by Uppy's retries or by a round. */
  readonly #resending = new Set<string>();

  constructor(
    private readonly onChange: () => void,
    private readonly delays: readonly number[] = ROUND_DELAYS_MS,
  ) {}

  /** How many files are being retried or wait for a retry (what the element shows). */
  get count(): number {
    return new Set([...this.#held, ...this.#resending]).size;
  }

  /** True while no file waits for another round: a batch may report that it is complete. */
  get idle(): boolean {
    return this.#held.size === 0;
  }

  isHeld(id: string): boolean {
    return this.#held.has(id);
  }

  /** The number of the request about to start for a file (1 for its first), across rounds. */
  attempt(id: string, retryCount: number): number {
    return (this.#rounds.get(id) ?? 0) * TRIES_PER_ROUND + retryCount + 1;
  }

  /** A file is being sent again. */
  resending(id: string): void {
    if (this.#resending.has(id)) return;
    this.#resending.add(id);
    this.onChange();
  }

  /**
   * A file failed for a passing reason: schedules `run` for its next round and answers true, or answers
   * false when its rounds are spent (its failure is then final).
   */
  schedule(id: string, run: () => void): boolean {
    const used = this.#rounds.get(id) ?? 0;
    const delay = this.delays[used];
    if (delay === undefined) return false;
    this.#rounds.set(id, used + 1);
    this.#held.add(id);
    clearTimeout(this.#timers.get(id));
    this.#timers.set(
      id,
      setTimeout(() => {
        this.#timers.delete(id);
        run();
      }, delay),
    );
    this.onChange();
    return true;
  }

  /** A file's outcome is final (uploaded, failed for good, removed): it starts afresh if added again. */
  settle(id: string): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.#rounds.delete(id);
    const wasHeld = this.#held.delete(id);
    const wasResending = this.#resending.delete(id);
    if (wasHeld || wasResending) this.onChange();
  }

  /** Forgets every file (Uppy was torn down). */
  clear(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.#rounds.clear();
    this.#held.clear();
    this.#resending.clear();
  }
}
