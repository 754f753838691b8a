// The asset record (asset.list items, gallery.get_items items, upload answers, webhook payloads) and its
// metadata fields, declared once: a text field added here is accepted by asset.set_meta, stored, returned
// in records and selectable by gallery.get_items `details`, with no other change.

export type AssetType = 'image' | 'video' | 'audio' | 'other';
export type AssetSyncStatus = 'pending' | 'synced' | 'failed';

/**
 * Metadata text fields asset.set_meta sets, in the order records show them, with the most characters each
 * may hold (the lengths the spec sets for galleries, applied alike to assets; the rest are ours).
 */
export const ASSET_TEXT_FIELDS = {
  caption: 255,
  description: 1000,
  long_description: 10000,
  related_link_text: 255,
  related_link_url: 2048,
  reference_id: 255,
  copyright: 255,
} as const;

export type AssetTextField = keyof typeof ASSET_TEXT_FIELDS;

/** Limits of `tags` (a comma list) and of `custom.NAME` fields. */
export const TAG_LIMITS = { count: 50, length: 50 } as const;
export const CUSTOM_LIMITS = { count: 50, name: 64, value: 1000 } as const;

/** One file of an asset: the original or a generated version. */
export interface AssetVersion {
  url: string;
  width: number | null;
  height: number | null;
  filesize: number;
}

export interface AssetThumbnail {
  url: string;
  width: number | null;
  height: number | null;
}

/**
 * Version names the service generates besides `original`: JPEG sizes (of an image, or of a video's poster),
 * a video's `poster` frame, `hls` (the master playlist of a video's or a sound's HLS renditions; its
 * width/height are the largest rendition's) and `vtt` (an attached subtitle file as WebVTT).
 */
export type AssetVersionName =
  | 'original'
  | 'jpg_200x150'
  | 'jpg_600x450'
  | 'jpg_1200x900'
  | 'poster'
  | 'hls'
  | 'vtt';

/** The version holding a video's or a sound's HLS renditions; its URL names the master playlist in them. */
export const HLS_VERSION = 'hls';
export const HLS_MASTER_PLAYLIST = 'master.m3u8';
/** The version holding a subtitle attachment as WebVTT. */
export const VTT_VERSION = 'vtt';
/** Attachment types naming subtitles: `subtitle-<language tag>`. */
export const SUBTITLE_ATTACHMENT = /^subtitle-([a-z]{2,3}(?:-[a-z0-9]{2,8})*)$/i;

/** The version shown as an asset's thumbnail. */
export const THUMBNAIL_VERSION = 'jpg_200x150';

/** The asset record of asset.list, gallery.get_items (with `details`), uploads and webhook payloads. */
export type AssetRecord = {
  rid: string;
  filename: string;
  type: AssetType;
} & { [K in AssetTextField]: string } & {
  /** Comma-separated tags. */
  tags: string;
  /** Custom fields set with `custom.NAME=value`. */
  custom: Record<string, string>;
  filesize: number;
  width: number | null;
  height: number | null;
  /** Seconds, when known (video, audio). */
  duration?: number;
  /** ISO 8601. */
  uploaded: string;
  /** ISO 8601. */
  modified: string;
  syncstatus: AssetSyncStatus;
  /** While `pending` and its versions are being made: how far, 0-100. */
  progress?: number;
  /** When `failed`: why, in words. */
  message?: string;
  /** The `jpg_200x150` version when it exists, else null. */
  thumbnail: AssetThumbnail | null;
  /** `original` plus the generated versions as they exist (see AssetVersionName). */
  versions: { original: AssetVersion; [name: string]: AssetVersion };
  /** Attached assets by type, e.g. `{ poster: rid }`. */
  attached: Record<string, string>;
};

/** Fields of an item of gallery.get_items that are there whatever `details` asks for. */
export type GalleryItemCore = 'rid' | 'type' | 'filename' | 'thumbnail' | 'versions';

/** The details names beyond the stored record (the reference server keeps no data for some: empty). */
export interface GalleryItemExtras {
  appears_in_albums?: string[];
  attached_versions?: Record<string, Record<string, AssetVersion>>;
  music_tags?: string;
  exif_tags?: Record<string, unknown>;
  metauser_timeline?: unknown[];
  storyboard?: unknown;
}

/** An asset in a gallery: the asset record, its optional metadata limited by `details`. */
export type GalleryItem = Pick<AssetRecord, GalleryItemCore> &
  Partial<Omit<AssetRecord, GalleryItemCore>> &
  GalleryItemExtras;

/** Metadata names gallery.get_items `details` may select. */
export type GalleryItemDetail =
  | 'music_tags'
  | 'exif_tags'
  | 'tags'
  | 'metauser_timeline'
  | 'appears_in_albums'
  | 'storyboard'
  | 'attached'
  | 'attached_versions'
  | AssetTextField
  | (string & {});
