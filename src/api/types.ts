// Wire types of API v2 shared by several namespaces, as the contract (src/contract/) defines them.

export type { UploadFromUrlState, UploadFromUrlStatus } from '../contract/asset.ts';
export type {
  AssetRecord,
  AssetSyncStatus,
  AssetThumbnail,
  AssetType,
  AssetVersion,
  AssetVersionName,
  GalleryItem,
  GalleryItemCore,
  GalleryItemDetail,
  GalleryItemExtras,
} from '../contract/asset-record.ts';
export type { GalleryClaimed, GalleryEntry } from '../contract/gallery.ts';
export type { PingResponse } from '../contract/general.ts';
export type { LiveEntry, LiveLocation, LiveState, LiveType, LiveUsage } from '../contract/live.ts';
export type { TokenType } from '../contract/permissions.ts';
export type { PortalAvailability, PortalEntry } from '../contract/portal.ts';
export type { WebhookEntry } from '../contract/webhook.ts';
export type { GalleryListItemsData, ItemsData, List, YesNo } from '../contract/wire.ts';
