// Wire types of API v2 shared by several namespaces, named as the service names them (fid, items_per_page).

/** A comma list on the wire: give a string as it is, or an array that the client joins with commas. */
export type List = string | readonly string[];

/** A yes/no input: booleans become `yes` / `no`; the words themselves are accepted too. */
export type YesNo = boolean | 'yes' | 'no';

export type TokenType = 'application' | 'temporary' | 'upload';

export interface PingResponse {
  ping: 'pong';
  accid: string;
  /** Granted permissions joined by pipes, e.g. `|asset.*|gallery.read|`. */
  permissions: string;
  ip: string;
  token_type: TokenType;
  /** ISO 8601 expiry, or null for none. */
  expires: string | null;
}

export type AssetType = 'image' | 'video' | 'audio' | 'other';
export type AssetSyncStatus = 'pending' | 'synced' | 'failed';

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

/** The asset record of asset.list, gallery.get_items (with `details`), uploads and webhook payloads. */
export interface AssetRecord {
  rid: string;
  filename: string;
  type: AssetType;
  caption: string;
  description: string;
  long_description: string;
  related_link_text: string;
  related_link_url: string;
  reference_id: string;
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
  /** The `jpg_200x150` version when it exists, else null. */
  thumbnail: AssetThumbnail | null;
  /** `original` plus the generated `jpg_200x150`, `jpg_600x450`, `jpg_1200x900` as they exist. */
  versions: { original: AssetVersion; [name: string]: AssetVersion };
  /** Attached assets by type, e.g. `{ poster: rid }`. */
  attached: Record<string, string>;
}

/** Version names the service generates besides `original`. */
export type AssetVersionName = 'original' | 'jpg_200x150' | 'jpg_600x450' | 'jpg_1200x900';

/** Fields of an item of gallery.get_items that are there whatever `details` asks for. */
export type GalleryItemCore = 'rid' | 'type' | 'filename' | 'thumbnail' | 'versions';

/** An asset in a gallery: the asset record, its optional metadata limited by `details`. */
export type GalleryItem = Pick<AssetRecord, GalleryItemCore> & Partial<Omit<AssetRecord, GalleryItemCore>>;

/** Metadata names gallery.get_items `details` may select. */
export type GalleryItemDetail =
  | 'caption'
  | 'description'
  | 'music_tags'
  | 'exif_tags'
  | 'long_description'
  | 'related_link_text'
  | 'related_link_url'
  | 'reference_id'
  | 'tags'
  | 'metauser_timeline'
  | 'appears_in_albums'
  | 'storyboard'
  | 'attached'
  | 'attached_versions'
  | (string & {});

export type GalleryClaimed = 'original' | 'shared';

/** A gallery entry of gallery.list. */
export interface GalleryEntry {
  fid: string;
  name: string;
  description?: string;
  /** Signed URL for POSTing media into the gallery; valid 24 hours. */
  upload_url: string;
  /** Comma-separated keywords. */
  tags: string;
  /** ISO 8601. */
  modified: string;
  syncstatus: 'synced' | (string & {});
  claimed?: GalleryClaimed;
  spfid?: string;
  workspace?: string;
  /** fid of the master gallery this one follows, when linked. */
  master?: string;
  [field: string]: unknown;
}

/** Paging of gallery.list (the spec names the page total `page_count` here). */
export interface GalleryListItemsData {
  page: number;
  items_per_page: number;
  items_count: number;
  page_count: number;
}

/** Paging of gallery.get_items and asset.list (the spec names the page total `pages_count` here). */
export interface ItemsData {
  page: number;
  items_per_page: number;
  items_count: number;
  pages_count: number;
}

/** State of an asset.upload_from_url process. */
export type UploadFromUrlState = 'queued' | 'inprogress' | 'done' | 'failed' | 'aborted';

export interface UploadFromUrlStatus {
  status: UploadFromUrlState;
  /** 0-100. */
  progress: number;
  progress_bytes: number;
  /** -1 while unknown. */
  file_size_bytes: number;
  /** The new asset's rid once `done`. */
  resid?: string;
  /** Why it failed. */
  message?: string;
  status_id?: string;
}

/** portal.check answer: `available`, `unavailable` (taken), `invalid` or another status text. */
export type PortalAvailability = 'available' | 'unavailable' | 'invalid' | (string & {});

/** A portal entry of portal.list (passwords of simple users are never returned). */
export interface PortalEntry {
  subdomain: string;
  /** `active`, or `inactive` after portal.cease. */
  status: 'active' | 'inactive' | (string & {});
  /** The portal's address (reference server). */
  url?: string;
  template?: string;
  /** Template settings, parsed. */
  args?: Record<string, unknown>;
  allow_public?: 'yes' | 'no';
  service_login?: 'yes' | 'no';
  service_login_registration?: 'anyone' | 'restricted' | 'off';
  service_login_users?: string[];
  service_login_domains?: string[];
  idp_openid_users?: string[];
  idp_openid_domains?: string[];
  /** User names only. */
  simple_users?: string[];
  cname_domain?: string;
  created?: string;
  modified?: string;
  [field: string]: unknown;
}

/** A webhook entry of webhook.list (its security_key is never returned). */
export interface WebhookEntry {
  hook_url: string;
  /** `url` (webhook.set) or `chat` (webhook.set_chat) on the reference server. */
  type?: 'url' | 'chat' | (string & {});
  events: string;
  chat_channel?: string;
  chat_username?: string;
  chat_icon?: string;
  created?: string;
  modified?: string;
  [field: string]: unknown;
}

export type LiveLocation =
  | 'us_central'
  | 'us_east'
  | 'us_west'
  | 'eu'
  | 'uk'
  | 'au'
  | 'jp'
  | 'in'
  | 'kr'
  | 'tw'
  | 'sg'
  | 'br';

export type LiveType = 'passthrough' | 'transcoded';

/** `idle` -start-> `starting` -> `live`; stop -> `stopped`; reset -> `resetting` -> `idle`. */
export type LiveState = 'idle' | 'starting' | 'live' | 'stopped' | 'resetting';

/** A live stream entry of live.list. */
export interface LiveEntry {
  liveid: string;
  name: string;
  location: LiveLocation | (string & {});
  type: LiveType | (string & {});
  state: LiveState | (string & {});
  /** Where the source device transmits. */
  rtmp_source: string;
  /** The HLS playlist (m3u8). */
  hls_playback_url: string;
  /** Embed code of a player configured for this stream. */
  iframe_embed_code: string;
  /** ISO 8601. */
  created: string;
  [field: string]: unknown;
}

/** The usage object of live.list. */
export interface LiveUsage {
  max_passthrough_quota: number;
  max_transcoded_quota: number;
  usage_passthrough: number;
  usage_transcoded: number;
  history: unknown[];
}
