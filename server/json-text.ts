// JSON text of answers made of kept (frozen, shared) records: a page of 50 records was mostly the cost of
// JSON.stringify walking the same unchanged records request after request. A record that can never change
// has its text made once; an answer holding it takes that text as it is.
import { randomBytes } from 'node:crypto';

const shareable = new WeakSet<object>();
const texts = new WeakMap<object, string>();
/** Stands in for a kept text inside the answer's own JSON; secret, so no caller's string can look alike. */
const MARK = `kept-${randomBytes(16).toString('hex')}:`;
const MARKED = new RegExp(`"${MARK}(\\d+)"`, 'g');

/** Lets `stringify` keep the text of this value: only for values frozen all the way down. */
export function keepJsonText<T extends object>(value: T): T {
  if (Object.isFrozen(value)) shareable.add(value);
  return value;
}

/** JSON.stringify, reusing the kept text of every value passed to keepJsonText. */
export function stringify(value: unknown): string {
  const parts: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || !shareable.has(inner)) return inner;
    let kept = texts.get(inner);
    if (kept === undefined) {
      kept = JSON.stringify(inner);
      texts.set(inner, kept);
    }
    parts.push(kept);
    return `${MARK}${parts.length - 1}`;
  });
  if (parts.length === 0) return text;
  return text.replace(MARKED, (_match, index: string) => parts[Number(index)] as string);
}
