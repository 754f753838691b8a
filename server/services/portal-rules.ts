// Parsing and validation of portal.set inputs: names, e-mail and domain lists, simple users, args JSON.
import { isValidEmail } from '../auth/portal-access.ts';
import { invalid } from '../errors.ts';

/** 3-63 characters of a-z 0-9 -, no leading or trailing hyphen. */
export const isValidSubdomain = (name: string): boolean => /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/.test(name);

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const SIMPLE_USER = /^[A-Za-z0-9._@+-]{1,64}$/;

export const isValidDomain = (name: string): boolean => DOMAIN.test(name);

/** A comma (or whitespace) separated list, lower-cased, each entry checked. */
export function parseList(param: string, text: string | undefined, kind: 'email' | 'domain'): string[] {
  if (text === undefined) return [];
  const entries = text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!(kind === 'email' ? isValidEmail(entry) : DOMAIN.test(entry))) {
      throw invalid(
        param,
        `has '${entry}', which is not a valid ${kind === 'email' ? 'e-mail address' : 'domain'}`,
      );
    }
  }
  return entries;
}

/** Adds then removes, keeping the first-seen order. */
export function mergeList(current: string[], add: string[], remove: string[]): string[] {
  const removed = new Set(remove);
  return [...new Set([...current, ...add])].filter((entry) => !removed.has(entry));
}

export interface SimpleUserInput {
  user: string;
  password: string;
}

/** `user:password,user2:password2`, or a JSON array of such strings or of {user, password} objects. */
export function parseSimpleUsers(text: string | undefined): SimpleUserInput[] {
  if (text === undefined || text.trim() === '') return [];
  const bad = (why: string) => invalid('simple_user_add', why);
  let items: unknown[];
  if (text.trim().startsWith('[')) {
    try {
      items = JSON.parse(text) as unknown[];
    } catch {
      throw bad('is not valid JSON');
    }
    if (!Array.isArray(items)) throw bad('must be a JSON array');
  } else {
    items = text.split(',').filter((pair) => pair.trim() !== '');
  }
  return items.map((item) => {
    let user: unknown;
    let password: unknown;
    if (typeof item === 'string') {
      const colon = item.indexOf(':');
      if (colon < 0) throw bad(`needs user:password pairs, got '${item.slice(0, 64)}' without a colon`);
      user = item.slice(0, colon).trim();
      password = item.slice(colon + 1);
    } else if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      user = record.user ?? record.username;
      password = record.password;
    }
    if (typeof user !== 'string' || !SIMPLE_USER.test(user)) {
      throw bad('has a user name that is not 1-64 characters of letters, digits and . _ @ + -');
    }
    if (typeof password !== 'string' || password === '' || password.length > 256) {
      throw bad(`needs a password of 1-256 characters for user '${user}'`);
    }
    return { user, password };
  });
}

export function parseUserNames(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((user) => user.trim())
    .filter((user) => user !== '');
}

/** `args` must be a JSON object; its `galleries`, when present, an array of gallery ids. */
export function parseArgs(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('args', 'is not valid JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalid('args', 'must be a JSON object');
  const galleries = (value as Record<string, unknown>).galleries;
  if (
    galleries !== undefined &&
    (!Array.isArray(galleries) || !galleries.every((fid) => typeof fid === 'string' && fid !== ''))
  ) {
    throw invalid('args', 'has a `galleries` key that is not an array of gallery ids');
  }
  return value as Record<string, unknown>;
}
