// The asset record the API shows (decisions.md "Records"), projected from an asset's stored rows.
import {
  ASSET_TEXT_FIELDS,
  type AssetRecord,
  type AssetTextField,
  type AssetVersion,
  HLS_MASTER_PLAYLIST,
  HLS_VERSION,
  THUMBNAIL_VERSION,
} from '../../src/contract/asset-record.ts';
import { displayFilename } from '../media/file-names.ts';
import { type AssetRow, metaValue, type VersionRow } from '../store/assets.ts';

/** Where a stored file is served: `original` or a version name such as `jpg_600x450`. */
export type FileUrl = (rid: string, name: string) => string;

const TEXT_FIELDS = Object.keys(ASSET_TEXT_FIELDS) as AssetTextField[];

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

/** The custom fields of a row, as a record shows them. */
export function customOf(row: AssetRow): Record<string, string> {
  return parseCustom(row.custom);
}

/** The URL of an asset's HLS master playlist; its playlists and segments are found relative to it. */
export function hlsMasterUrl(fileUrl: FileUrl, rid: string): string {
  return `${fileUrl(rid, HLS_VERSION)}/${HLS_MASTER_PLAYLIST}`;
}

/** `versions` are the asset's version rows; `attached` maps attachment type to rid. */
export function toAssetRecord(
  row: AssetRow,
  versions: readonly VersionRow[],
  attached: Record<string, string>,
  fileUrl: FileUrl,
): AssetRecord {
  const versionMap: AssetRecord['versions'] = {
    original: {
      url: fileUrl(row.rid, 'original'),
      width: row.width,
      height: row.height,
      filesize: row.filesize,
    },
  };
  for (const version of versions) {
    if (version.rid !== row.rid || version.name === 'original') continue;
    versionMap[version.name] = {
      // An HLS version is a folder of playlists and segments: its URL names the master playlist inside.
      url: version.name === HLS_VERSION ? hlsMasterUrl(fileUrl, row.rid) : fileUrl(row.rid, version.name),
      width: version.width,
      height: version.height,
      filesize: version.filesize,
    } satisfies AssetVersion;
  }
  const thumb = versionMap[THUMBNAIL_VERSION];
  // Field order as documented: identity, metadata, file facts, state, files, attachments.
  const metadata = Object.fromEntries(TEXT_FIELDS.map((field) => [field, metaValue(row, field)]));
  return {
    rid: row.rid,
    filename: displayFilename(row.filename),
    type: row.type,
    ...(metadata as Record<AssetTextField, string>),
    tags: row.tags,
    custom: parseCustom(row.custom),
    filesize: row.filesize,
    width: row.width,
    height: row.height,
    ...(row.duration !== null ? { duration: row.duration } : {}),
    uploaded: row.uploaded_at,
    modified: row.modified_at,
    syncstatus: row.syncstatus,
    ...(row.syncstatus === 'pending' && row.sync_progress !== null ? { progress: row.sync_progress } : {}),
    ...(row.syncstatus === 'failed' && row.sync_message ? { message: row.sync_message } : {}),
    thumbnail: thumb ? { url: thumb.url, width: thumb.width, height: thumb.height } : null,
    versions: versionMap,
    attached: { ...attached },
  };
}
