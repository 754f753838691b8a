// Permission names, what each token level grants, and the `a.*|b.c` patterns of temporary tokens.
import { PERMISSIONS, type Permission } from '../../src/contract/permissions.ts';
import type { TokenLevel } from '../store/tokens.ts';

export { PERMISSIONS, type Permission };

const action = (name: string): string => name.slice(name.indexOf('.') + 1);

/** `read` grants every `*.read`; `write` adds create/update/upload; `delete` adds the rest. */
export function permissionsOfLevel(level: TokenLevel): Permission[] {
  const read = PERMISSIONS.filter((p) => action(p) === 'read');
  if (level === 'read') return read;
  const write = PERMISSIONS.filter((p) => ['read', 'create', 'update', 'upload'].includes(action(p)));
  if (level === 'write') return write;
  return [...PERMISSIONS];
}

const PATTERN_PART = /^(\*|[a-z]+\.\*|[a-z]+\.[a-z_]+)$/;

/**
 * The hosted service's own permission names (its tokens list `asset.write`, `gallery.upload`), read as
 * ours: `<ns>.write` is `<ns>.create` and `<ns>.update` (those the namespace has), `gallery.upload` is
 * `asset.upload`.
 */
function aliasOf(part: string): Permission[] | undefined {
  if (part === 'gallery.upload') return ['asset.upload'];
  if (!part.endsWith('.write')) return undefined;
  const ns = part.slice(0, -'.write'.length);
  return PERMISSIONS.filter((p) => p === `${ns}.create` || p === `${ns}.update`);
}

/**
 * Expands a pipe-joined pattern (`asset.*|gallery.update`, `*`) into concrete names.
 * Returns undefined when a part is malformed or names no known permission.
 */
export function expandPattern(pattern: string): Permission[] | undefined {
  const parts = pattern
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const granted = new Set<Permission>();
  for (const part of parts) {
    if (!PATTERN_PART.test(part)) return undefined;
    const matches =
      aliasOf(part) ??
      PERMISSIONS.filter((p) =>
        part === '*' ? true : part.endsWith('.*') ? p.startsWith(part.slice(0, -1)) : p === part,
      );
    if (matches.length === 0) return undefined;
    for (const match of matches) granted.add(match);
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * Stored and shown form: `|a|b|`, with a namespace whose every permission is granted folded to `ns.*`,
 * the parts in alphabetical order (decisions.md shows `|asset.*|gallery.read|`).
 */
export function formatPermissions(granted: readonly Permission[]): string {
  const set = new Set(granted);
  const parts: string[] = [];
  const namespaces = [...new Set(PERMISSIONS.map((p) => p.slice(0, p.indexOf('.'))))];
  for (const ns of namespaces) {
    const all = PERMISSIONS.filter((p) => p.startsWith(`${ns}.`));
    const have = all.filter((p) => set.has(p));
    if (have.length === 0) continue;
    if (have.length === all.length) parts.push(`${ns}.*`);
    else parts.push(...have);
  }
  parts.sort();
  return parts.length === 0 ? '||' : `|${parts.join('|')}|`;
}

export function parseStoredPermissions(stored: string): Set<Permission> {
  return new Set(expandPattern(stored) ?? []);
}
