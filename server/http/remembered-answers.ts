// The answers of the heaviest reads (gallery.get_items, asset.list) kept as JSON text until a write could
// change them: a public gallery page that visitors ask for again and again is built and serialised once.
import type { AuthContext } from '../auth/authenticate.ts';
import type { Clock } from '../clock.ts';
import type { ServerContext } from '../context.ts';
import { stringify } from '../json-text.ts';
import { type Db, writeStamp } from '../store/db.ts';
import { SerializedFields } from './envelope.ts';

/** Every table a gallery page or an asset record is made from: any write to them makes a new answer. */
const CONTENT = ['galleries', 'gallery_items', 'assets', 'asset_versions'].map((table) => ({
  table,
  columns: ['*'],
}));
/**
 * An answer holding a signed upload URL (gallery.get_items) is kept no longer than this: the URL's expiry
 * counts from when it was made (on the server's clock, which ages kept answers too).
 */
export const SIGNED_ANSWER_MAX_AGE_MS = 5000;
/** Bounds on memory: what is kept at most, and the largest answer worth keeping. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_QUESTIONS = 4096;
/** Parameters that name the caller, not the question (the caller is in the key by its token's hash). */
const CREDENTIALS = new Set(['api_token', 'upload_token', '_']);

interface Kept {
  stamp: string;
  at: number;
  answer: SerializedFields;
}

export class RememberedAnswers {
  private readonly kept = new Map<string, Kept>();
  /**
   * Questions asked once under a stamp: an answer is kept only when asked again before the next write.
   * Under steady writes nothing would be asked twice, and keeping every answer only fed the collector.
   */
  private readonly asked = new Map<string, string>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The kept answer of this very question, if one is still good: looked up before the parameters are
   * validated, so a question asked again skips validation and the handler. A raw value reads as the
   * validated one only when it is the same question ('3' and 3); any other difference only misses.
   */
  peek(operation: string, auth: AuthContext, params: object, maxAgeMs = Number.POSITIVE_INFINITY) {
    if (this.kept.size === 0 || this.db.inTransaction) return undefined;
    // A repeated parameter comes as an array, which validation may refuse: leave those to it.
    for (const value of Object.values(params)) if (typeof value !== 'string') return undefined;
    const hit = this.kept.get(`${operation} ${auth.tokenHash} ${questionOf(params)}`);
    if (!hit || hit.stamp !== writeStamp(this.db, CONTENT)) return undefined;
    const now = this.clock.now();
    return now >= hit.at && now - hit.at <= maxAgeMs ? hit.answer : undefined;
  }

  /** The answer of `operation` for this caller and these parameters, from memory when nothing changed. */
  answer(
    operation: string,
    auth: AuthContext,
    params: object,
    build: () => object,
    maxAgeMs = Number.POSITIVE_INFINITY,
  ): SerializedFields {
    if (this.db.inTransaction) return new SerializedFields(stringify(build()));
    const key = `${operation} ${auth.tokenHash} ${questionOf(params)}`;
    const stamp = writeStamp(this.db, CONTENT);
    const now = this.clock.now();
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stamp && now >= hit.at && now - hit.at <= maxAgeMs) return hit.answer;
    const answer = new SerializedFields(stringify(build()));
    this.forget(key);
    const askedBefore = this.asked.get(key) === stamp;
    this.asked.delete(key);
    this.asked.set(key, stamp);
    if (this.asked.size > MAX_QUESTIONS) this.asked.delete(this.asked.keys().next().value as string);
    if (askedBefore && answer.byteLength <= MAX_ANSWER_BYTES) {
      this.kept.set(key, { stamp, at: now, answer });
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

/** The parameters besides credentials, each written with its length so no two questions read alike. */
function questionOf(params: object): string {
  let question = '';
  for (const [name, value] of Object.entries(params)) {
    if (CREDENTIALS.has(name)) continue;
    const text = String(value);
    question += `${name.length}:${name}${text.length}:${text}`;
  }
  return question;
}

const perDatabase = new WeakMap<Db, RememberedAnswers>();

/** The one set of remembered answers of a database (both routes that use it share the byte budget). */
export function rememberedAnswers(ctx: ServerContext): RememberedAnswers {
  let answers = perDatabase.get(ctx.db);
  if (!answers) {
    answers = new RememberedAnswers(ctx.db, ctx.clock);
    perDatabase.set(ctx.db, answers);
  }
  return answers;
}
