// webhook.*: list, set (URL callbacks), set_chat (team chat channel) and delete, keyed by hook_url.
import type { CallOptions, Envelope, Transport } from './transport.ts';
import type { AssetRecord, GalleryEntry, List, LiveEntry, WebhookEntry } from './types.ts';

/** Namespaces (`asset`), wildcards (`asset.*`) or full event names (`asset.uploaded`); empty = all. */
export type WebhookEvents = List;

export interface WebhookSetParams {
  /** The receiving URL. */
  hook_url: string;
  /** Shared secret that signs the callback URL and body. */
  security_key: string;
  events?: WebhookEvents;
}

export interface WebhookSetChatParams {
  /** The chat service's incoming-hook URL. */
  hook_url: string;
  /** Default all events. */
  events?: WebhookEvents;
  chat_channel: string;
  /** Sender name, default `service_bot`. */
  chat_username?: string;
  /** An emoji code or an image URL. */
  chat_icon?: string;
}

export interface WebhookDeleteParams {
  hook_url: string;
}

export interface WebhookListResponse {
  webhooks: WebhookEntry[];
}

export type AssetEventName = 'asset.uploaded' | 'asset.updated' | 'asset.deleted' | 'asset.synced';
export type GalleryEventName = 'gallery.created' | 'gallery.updated' | 'gallery.deleted';
export type LiveEventName = 'live.created' | 'live.started' | 'live.stopped' | 'live.deleted';
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
 * `{ event, id, created, ...record, drid? }`. Narrow it on `event`. Check it first with
 * {@link verifyWebhookSignature} over the exact bytes received.
 */
export type WebhookPayload = AssetWebhookPayload | GalleryWebhookPayload | LiveWebhookPayload;

export class WebhookApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** GET webhook.list.json: the registered webhooks (without their security keys). */
  list(options?: CallOptions): Promise<WebhookListResponse & Envelope> {
    return this.#transport.call('webhook.list', 'GET', 'read', {}, options);
  }

  /** POST webhook.set.json: creates or updates the webhook of `hook_url`. */
  set(params: WebhookSetParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('webhook.set', 'POST', 'write', params, options);
  }

  /** POST webhook.set_chat.json: creates or updates a webhook posting to a team chat channel. */
  setChat(params: WebhookSetChatParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('webhook.set_chat', 'POST', 'write', params, options);
  }

  /** POST webhook.delete.json: removes the webhook of `hook_url`. */
  delete(params: WebhookDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('webhook.delete', 'POST', 'write', params, options);
  }
}
