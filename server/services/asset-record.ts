// Builds the asset record the API shows (decisions.md "Records") from stored rows.
import type { ServerContext } from '../context.ts';
import { fileUrl } from '../media/storage.ts';
import type { AssetRow, AssetType, SyncStatus, VersionRow } from '../store/assets.ts';

export interface VersionEntry {
  url: string;
  width: number | null;
  height: number | null;
  filesize: number;
}

export interface AssetRecord {
  rid: string;
  filename: string;
  type: AssetType;
  caption?: string;
  description?: string;
  long_description?: string;
  related_link_text?: string;
  related_link_url?: string;
  reference_id?: string;
  tags?: string;
  custom: Record<string, string>;
  filesize: number;
  width: number | null;
  height: number | null;
  duration?: number;
  uploaded: string;
  modified: string;
  syncstatus: SyncStatus;
  thumbnail: { url: string; width: number | null; height: number | null } | null;
  versions: Record<string, VersionEntry>;
  attached?: Record<string, string>;
  [extra: string]: unknown;
}

/** Metadata fields `details` may select (the rest of the record is always there). */
export const DETAIL_FIELDS = [
  'caption',
  'description',
  'long_description',
  'related_link_text',
  'related_link_url',
  'reference_id',
  'tags',
  'attached',
] as const;

export const THUMBNAIL_VERSION = 'jpg_200x150';

/** The client's file name made safe to show: no path, no control characters, at most 255 characters. */
export function displayFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
  const short = Array.from(clean).slice(0, 255).join('');
  return short === '' || short === '.' || short === '..' ? 'file' : short;
}

function parseCustom(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
    }
  } catch {
    // A damaged custom column shows as empty rather than failing the whole record.
  }
  return {};
}

/**
 * `versions` are the asset's asset_versions rows; `attached` maps attachment type to rid.
 * `details`, when given, limits the optional metadata fields (gallery.get_items).
 */
export function toAssetRecord(
  ctx: ServerContext,
  row: AssetRow,
  versions: readonly VersionRow[],
  attached: Record<string, string>,
  details?: ReadonlySet<string>,
): AssetRecord {
  const versionMap: Record<string, VersionEntry> = {
    original: {
      url: fileUrl(ctx, row.rid, 'original'),
      width: row.width,
      height: row.height,
      filesize: row.filesize,
    },
  };
  for (const version of versions) {
    if (version.rid !== row.rid || version.name === 'original') continue;
    versionMap[version.name] = {
      url: fileUrl(ctx, row.rid, version.name),
      width: version.width,
      height: version.height,
      filesize: version.filesize,
    };
  }
  const thumb = versionMap[THUMBNAIL_VERSION];
  const wants = (field: string): boolean => !details || details.has(field);

  // Field order as documented: identity, metadata, file facts, state, files, attachments.
  const optional = (field: string, value: unknown) => (wants(field) ? { [field]: value } : {});
  const record: AssetRecord = {
    rid: row.rid,
    filename: displayFilename(row.filename),
    type: row.type,
    ...optional('caption', row.caption),
    ...optional('description', row.description),
    ...optional('long_description', row.long_description),
    ...optional('related_link_text', row.related_link_text),
    ...optional('related_link_url', row.related_link_url),
    ...optional('reference_id', row.reference_id),
    ...optional('tags', row.tags),
    custom: parseCustom(row.custom),
    filesize: row.filesize,
    width: row.width,
    height: row.height,
    ...(row.duration !== null ? { duration: row.duration } : {}),
    uploaded: row.uploaded_at,
    modified: row.modified_at,
    syncstatus: row.syncstatus,
    thumbnail: thumb ? { url: thumb.url, width: thumb.width, height: thumb.height } : null,
    versions: versionMap,
    ...optional('attached', { ...attached }),
  };
  return record;
}
