// Which events a webhook's `events` text subscribes to: namespaces, `ns.*` wildcards, full names; empty = all.
import { EMITTED_EVENTS, EVENT_NAMESPACES } from '../../src/contract/events.ts';
import type { AccountEvent } from '../events.ts';

/** Namespaces we emit events in, plus those the spec lets one subscribe to (accepted, never emitted). */
const NAMESPACES: readonly string[] = EVENT_NAMESPACES;
const EMITTED: Record<string, readonly string[] | undefined> = EMITTED_EVENTS;

/** Splits on commas, pipes or spaces; returns the normalised list, or the first entry that is not valid. */
export function parseEvents(text: string): { events: string[] } | { bad: string } {
  const parts = text
    .split(/[\s,|]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  for (const part of parts) {
    if (part === '*') continue;
    const [namespace, name, ...rest] = part.split('.');
    if (rest.length > 0 || !NAMESPACES.includes(namespace as string)) return { bad: part };
    if (name === undefined || name === '*') continue;
    const known = EMITTED[namespace as string];
    if (known ? !known.includes(name) : !/^[a-z_]+$/.test(name)) return { bad: part };
  }
  return { events: [...new Set(parts)] };
}

export function matchesEvent(subscribed: readonly string[], event: AccountEvent['event']): boolean {
  if (subscribed.length === 0) return true;
  const namespace = event.slice(0, event.indexOf('.'));
  return subscribed.some(
    (entry) => entry === '*' || entry === event || entry === namespace || entry === `${namespace}.*`,
  );
}
