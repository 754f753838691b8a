// The answers of the heaviest reads (gallery.get_items, asset.list), remembered as their JSON text in the
// read model (read-model/answers.ts) and asked for by question: the operation, the caller and the
// parameters. A question asked again is answered before its parameters are even validated.
import type { OperationName } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import { stringify } from '../json-text.ts';
import type { KeptAnswers } from '../read-model/answers.ts';
import { SerializedFields } from '../serialized-fields.ts';

/**
 * An answer holding a signed upload URL (gallery.get_items) is kept no longer than this: the URL's expiry
 * counts from when it was made (on the server's clock, which ages kept answers too).
 */
export const SIGNED_ANSWER_MAX_AGE_MS = 5000;

/** The operations whose answers are remembered, and how long each may be kept. */
export const REMEMBERED: Partial<Record<OperationName, number>> = {
  'gallery.get_items': SIGNED_ANSWER_MAX_AGE_MS,
  'asset.list': Number.POSITIVE_INFINITY,
};

/** Parameters that name the caller, not the question (the caller is in the key by its token's hash). */
const CREDENTIALS = new Set(['api_token', 'upload_token', '_']);

export class RememberedAnswers {
  constructor(private readonly kept: KeptAnswers<SerializedFields>) {}

  /**
   * The kept answer of this very question, if one is still good. A raw value reads as the validated one
   * only when it is the same question ('3' and 3); any other difference only misses.
   */
  peek(operation: OperationName, caller: Caller, query: object): SerializedFields | undefined {
    const maxAgeMs = REMEMBERED[operation];
    if (maxAgeMs === undefined) return undefined;
    // A repeated parameter comes as an array, which validation may refuse: leave those to it.
    for (const value of Object.values(query)) if (typeof value !== 'string') return undefined;
    return this.kept.peek(keyOf(operation, caller, query), maxAgeMs);
  }

  /** The answer of the question, from memory when nothing changed since it was made. */
  answer(operation: OperationName, caller: Caller, params: object, build: () => unknown): SerializedFields {
    const maxAgeMs = REMEMBERED[operation] ?? 0;
    return this.kept.answer(
      keyOf(operation, caller, params),
      () => new SerializedFields(stringify(build())),
      maxAgeMs,
    );
  }
}

/** The parameters besides credentials, each written with its length so no two questions read alike. */
function keyOf(operation: string, caller: Caller, params: object): string {
  let question = '';
  for (const [name, value] of Object.entries(params)) {
    if (CREDENTIALS.has(name)) continue;
    const text = String(value);
    question += `${name.length}:${name}${text.length}:${text}`;
  }
  return `${operation} ${caller.tokenHash} ${question}`;
}
