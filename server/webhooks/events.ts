// Which events a webhook's `events` text subscribes to: namespaces, `ns.*` wildcards, full names; empty = all.
import type { AccountEvent } from '../events.ts';

/** Namespaces we emit events in, plus those the spec lets one subscribe to (accepted, never emitted). */
const NAMESPACES = ['gallery', 'asset', 'live', 'account', 'analytics', 'leads'] as const;
const EMITTED: Record<string, readonly string[]> = {
  gallery: ['created', 'updated', 'deleted'],
  asset: ['uploaded', 'updated', 'deleted', 'synced'],
  live: ['created', 'started', 'stopped', 'deleted'],
};

/** Splits on commas, pipes or spaces; returns the normalised list, or the first entry that is not valid. */
export function parseEvents(text: string): { events: string[] } | { bad: string } {
  const parts = text
    .split(/[\s,|]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  for (const part of parts) {
    if (part === '*') continue;
    const [namespace, name, ...rest] = part.split('.');
    if (rest.length > 0 || !(NAMESPACES as readonly string[]).includes(namespace as string))
      return { bad: part };
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
