// Validates and normalises asset metadata (asset.set_meta and the upload's form fields) against the limits.
import { invalid } from '../errors.ts';

export interface MetaInput {
  caption?: string;
  description?: string;
  long_description?: string;
  related_link_text?: string;
  related_link_url?: string;
  reference_id?: string;
  tags?: string;
  /** `custom.NAME=value`; an empty value removes the field. */
  custom?: Record<string, string>;
}

export type MetaChanges = Omit<MetaInput, 'custom'>;

/** Lengths the contract sets for galleries, applied alike to assets; the rest are ours. */
export const META_LIMITS = {
  caption: 255,
  description: 1000,
  long_description: 10000,
  related_link_text: 255,
  related_link_url: 2048,
  reference_id: 255,
  tagCount: 50,
  tagLength: 50,
  customCount: 50,
  customName: 64,
  customValue: 1000,
} as const;

const CUSTOM_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function checkLength(param: string, value: string | undefined, max: number): void {
  if (value !== undefined && Array.from(value).length > max) {
    throw invalid(param, `must be at most ${max} characters`);
  }
}

/** Comma list -> `a,b,c`: trimmed, empty entries dropped, duplicates (ignoring case) kept once. */
export function normalizeTags(tags: string, param = 'tags'): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags.split(',')) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    if (Array.from(tag).length > META_LIMITS.tagLength) {
      throw invalid(param, `has a tag longer than ${META_LIMITS.tagLength} characters: ${tag.slice(0, 60)}`);
    }
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  if (out.length > META_LIMITS.tagCount)
    throw invalid(param, `may hold at most ${META_LIMITS.tagCount} tags`);
  return out.join(',');
}

/** Checks every given field; returns the changes to store (tags normalised). */
export function normalizeMeta(input: MetaInput): MetaChanges {
  const out: MetaChanges = {};
  for (const key of [
    'caption',
    'description',
    'long_description',
    'related_link_text',
    'reference_id',
  ] as const) {
    const value = input[key];
    if (value === undefined) continue;
    checkLength(key, value, META_LIMITS[key]);
    out[key] = key === 'reference_id' ? value.trim() : value;
  }
  if (input.related_link_url !== undefined) {
    const url = input.related_link_url.trim();
    checkLength('related_link_url', url, META_LIMITS.related_link_url);
    if (url !== '') {
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        parsed = undefined;
      }
      if (!parsed || !/^https?:$/.test(parsed.protocol)) {
        throw invalid('related_link_url', 'must be an http or https URL');
      }
    }
    out.related_link_url = url;
  }
  if (input.tags !== undefined) out.tags = normalizeTags(input.tags);
  return out;
}

/** Applies `custom.NAME` changes to the stored custom fields, within the limits. */
export function mergeCustom(
  current: Record<string, string>,
  changes: Record<string, string>,
): Record<string, string> {
  // A Map, so that names such as __proto__ stay plain keys.
  const next = new Map(Object.entries(current));
  for (const [name, value] of Object.entries(changes)) {
    const param = `custom.${name}`;
    if (!CUSTOM_NAME.test(name) || name.length > META_LIMITS.customName) {
      throw invalid(param, `needs a name of 1-${META_LIMITS.customName} letters, digits, '_', '-' or '.'`);
    }
    checkLength(param, value, META_LIMITS.customValue);
    if (value === '') next.delete(name);
    else next.set(name, value);
  }
  if (next.size > META_LIMITS.customCount) {
    throw invalid('custom', `may hold at most ${META_LIMITS.customCount} fields`);
  }
  return Object.fromEntries(next);
}
