// webhook.*: list, set (URL callbacks), set_chat (team chat channel) and delete, keyed by hook_url.
import {
  WEBHOOK,
  type WebhookDeleteParams,
  type WebhookOperations,
  type WebhookSetChatParams,
  type WebhookSetParams,
} from '../contract/webhook.ts';
import { Namespace } from './namespace.ts';
import type { CallOptions, Envelope, Transport } from './transport.ts';

export type {
  AssetEventName,
  AssetWebhookPayload,
  GalleryEventName,
  GalleryWebhookPayload,
  LiveEventName,
  LiveWebhookPayload,
  WebhookDeliveryFields,
  WebhookEventName,
  WebhookPayload,
} from '../contract/events.ts';
export type {
  WebhookDeleteParams,
  WebhookEvents,
  WebhookListResponse,
  WebhookSetChatParams,
  WebhookSetParams,
} from '../contract/webhook.ts';

export class WebhookApi extends Namespace<WebhookOperations> {
  constructor(transport: Transport) {
    super(transport, WEBHOOK);
  }

  /** GET webhook.list.json: the registered webhooks (without their security keys). */
  list(options?: CallOptions) {
    return this.call('webhook.list', {}, options);
  }

  /** POST webhook.set.json: creates or updates the webhook of `hook_url`. */
  set(params: WebhookSetParams, options?: CallOptions): Promise<Envelope> {
    return this.call('webhook.set', params, options);
  }

  /** POST webhook.set_chat.json: creates or updates a webhook posting to a team chat channel. */
  setChat(params: WebhookSetChatParams, options?: CallOptions): Promise<Envelope> {
    return this.call('webhook.set_chat', params, options);
  }

  /** POST webhook.delete.json: removes the webhook of `hook_url`. */
  delete(params: WebhookDeleteParams, options?: CallOptions): Promise<Envelope> {
    return this.call('webhook.delete', params, options);
  }
}
