// Whole answers of the heaviest reads (gallery.get_items, asset.list) kept until the store declares a
// change to anything a gallery page or an asset record is made from: a public gallery page that visitors ask
// for again and again is built and serialised once.
import type { Clock } from '../clock.ts';

/** An answer kept in memory, which counts against the budget by its size. */
export interface Sized {
  readonly byteLength: number;
}

/** Bounds on memory: what is kept at most, and the largest answer worth keeping. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_QUESTIONS = 4096;

interface Kept<A> {
  generation: number;
  at: number;
  answer: A;
}

export class KeptAnswers<A extends Sized> {
  private readonly kept = new Map<string, Kept<A>>();
  /**
   * Questions asked once in a generation: an answer is kept only when asked again before the next change.
   * Under steady writes nothing would be asked twice, and keeping every answer only fed the collector.
   */
  private readonly asked = new Map<string, number>();
  private bytes = 0;
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    private readonly inTransaction: () => boolean,
  ) {}

  /** After any change to galleries, placements, assets or versions. */
  contentChanged(): void {
    this.generation++;
  }

  /** The kept answer of this very question, if one is still good (no change since, and young enough). */
  peek(key: string, maxAgeMs = Number.POSITIVE_INFINITY): A | undefined {
    if (this.kept.size === 0 || this.inTransaction()) return undefined;
    const hit = this.kept.get(key);
    if (!hit || hit.generation !== this.generation) return undefined;
    const now = this.clock.now();
    return now >= hit.at && now - hit.at <= maxAgeMs ? hit.answer : undefined;
  }

  /** The answer of the question, from memory when nothing changed since it was made. */
  answer(key: string, make: () => A, maxAgeMs = Number.POSITIVE_INFINITY): A {
    if (this.inTransaction()) return make();
    const hit = this.peek(key, maxAgeMs);
    if (hit) return hit;
    const answer = make();
    const now = this.clock.now();
    this.forget(key);
    const askedBefore = this.asked.get(key) === this.generation;
    this.asked.delete(key);
    this.asked.set(key, this.generation);
    if (this.asked.size > MAX_QUESTIONS) this.asked.delete(this.asked.keys().next().value as string);
    if (askedBefore && answer.byteLength <= MAX_ANSWER_BYTES) {
      this.kept.set(key, { generation: this.generation, at: now, answer });
      this.bytes += answer.byteLength;
      for (const oldest of this.kept.keys()) {
        if (this.bytes <= MAX_BYTES) break;
        this.forget(oldest);
      }
    }
    return answer;
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.bytes -= kept.answer.byteLength;
  }
}
