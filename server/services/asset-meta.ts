// Validates and normalises asset metadata (asset.set_meta and the upload's form fields) against the limits
// the contract sets for each field (src/contract/asset-record.ts).
import {
  ASSET_TEXT_FIELDS,
  type AssetTextField,
  CUSTOM_LIMITS,
  TAG_LIMITS,
} from '../../src/contract/asset-record.ts';
import type { UPLOAD_FORM_FIELDS } from '../../src/contract/uploads.ts';
import { invalid } from '../errors.ts';

export type MetaChanges = Partial<Record<AssetTextField | 'tags', string>>;

export interface MetaInput extends MetaChanges {
  /** `custom.NAME=value`; an empty value removes the field. */
  custom?: Record<string, string>;
}

/** The metadata an upload's form fields carry. */
export type UploadMeta = Partial<Record<(typeof UPLOAD_FORM_FIELDS)[number], string>>;

const CUSTOM_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** Plain text fields; `related_link_url` is checked as a URL after them. */
const PLAIN_FIELDS = (Object.keys(ASSET_TEXT_FIELDS) as AssetTextField[]).filter(
  (field) => field !== 'related_link_url',
);

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
    if (Array.from(tag).length > TAG_LIMITS.length) {
      throw invalid(param, `has a tag longer than ${TAG_LIMITS.length} characters: ${tag.slice(0, 60)}`);
    }
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  if (out.length > TAG_LIMITS.count) throw invalid(param, `may hold at most ${TAG_LIMITS.count} tags`);
  return out.join(',');
}

/** Checks every given field; returns the changes to store (reference_id trimmed, tags normalised). */
export function normalizeMeta(input: MetaInput): MetaChanges {
  const out: MetaChanges = {};
  for (const field of PLAIN_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    checkLength(field, value, ASSET_TEXT_FIELDS[field]);
    out[field] = field === 'reference_id' ? value.trim() : value;
  }
  if (input.related_link_url !== undefined) {
    const url = input.related_link_url.trim();
    checkLength('related_link_url', url, ASSET_TEXT_FIELDS.related_link_url);
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

/** `custom.NAME=value` query parameters, each given once. */
export function customFields(query: Readonly<Record<string, unknown>>): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('custom.')) continue;
    if (typeof value !== 'string') throw invalid(key, 'must be given once, as text');
    Object.defineProperty(custom, key.slice('custom.'.length), { value, enumerable: true });
  }
  return custom;
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
    if (!CUSTOM_NAME.test(name) || name.length > CUSTOM_LIMITS.name) {
      throw invalid(param, `needs a name of 1-${CUSTOM_LIMITS.name} letters, digits, '_', '-' or '.'`);
    }
    checkLength(param, value, CUSTOM_LIMITS.value);
    if (value === '') next.delete(name);
    else next.set(name, value);
  }
  if (next.size > CUSTOM_LIMITS.count) {
    throw invalid('custom', `may hold at most ${CUSTOM_LIMITS.count} fields`);
  }
  return Object.fromEntries(next);
}
