// The account events the service emits and the flat payload of a URL webhook delivery (decisions.md
// "Webhooks": `event`, `id`, `created`, then the record's own fields at the top level).
import type { AssetRecord } from './asset-record.ts';
import type { GalleryEntry } from './gallery.ts';
import type { LiveEntry } from './live.ts';

/** The events emitted, by namespace. */
export const EMITTED_EVENTS = {
  gallery: ['created', 'updated', 'deleted'],
  asset: ['uploaded', 'updated', 'deleted', 'synced'],
  live: ['created', 'started', 'stopped', 'deleted'],
} as const;

/** Namespaces a webhook may subscribe to: those emitted, and those the spec names (accepted, never emitted). */
export const EVENT_NAMESPACES = ['gallery', 'asset', 'live', 'account', 'analytics', 'leads'] as const;

type Emitted = typeof EMITTED_EVENTS;
export type AssetEventName = `asset.${Emitted['asset'][number]}`;
export type GalleryEventName = `gallery.${Emitted['gallery'][number]}`;
export type LiveEventName = `live.${Emitted['live'][number]}`;
/** The events the service delivers to URL webhooks. */
export type WebhookEventName = AssetEventName | GalleryEventName | LiveEventName;

/** What every delivery starts with; the record's own fields follow at the top level (flat). */
export interface WebhookDeliveryFields<E extends WebhookEventName = WebhookEventName> {
  event: E;
  /** The delivery's id: deliveries are at-least-once, so de-duplicate on it. */
  id: string;
  /** ISO 8601, when the delivery was made (it wins over a record's own `created`). */
  created: string;
}

/**
 * An asset event: the asset record as it was when the event happened (after the change for
 * `asset.updated`, before it for `asset.deleted`), and its rid again as `drid`.
 */
export type AssetWebhookPayload = WebhookDeliveryFields<AssetEventName> & AssetRecord & { drid: string };
export type GalleryWebhookPayload = WebhookDeliveryFields<GalleryEventName> & GalleryEntry;
export type LiveWebhookPayload = WebhookDeliveryFields<LiveEventName> & LiveEntry;

/**
 * The JSON body of a URL webhook delivery, flat as the hosted service's:
 * `{ event, id, created, ...record, drid? }`. Narrow it on `event`.
 */
export type WebhookPayload = AssetWebhookPayload | GalleryWebhookPayload | LiveWebhookPayload;

/** The record each event carries. */
export interface EventRecords {
  asset: AssetRecord;
  gallery: GalleryEntry;
  live: LiveEntry;
}
