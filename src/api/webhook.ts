// webhook.*: list, set (URL callbacks), set_chat (team chat channel) and delete, keyed by hook_url.
import type { CallOptions, Envelope, Transport } from './transport.ts';
import type { List, WebhookEntry } from './types.ts';

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
