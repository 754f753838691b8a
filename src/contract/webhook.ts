// webhook.*: list, set (URL callbacks), set_chat (team chat channel) and delete, keyed by hook_url.
import { GET_READ, type HeadsOf, type Op, POST_WRITE, type RulesOf } from './operation.ts';
import { id, text } from './schema.ts';
import type { List } from './wire.ts';

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

type Empty = Record<never, never>;

export interface WebhookOperations {
  'webhook.list': Op<Empty, WebhookListResponse>;
  'webhook.set': Op<WebhookSetParams, Empty>;
  'webhook.set_chat': Op<WebhookSetChatParams, Empty>;
  'webhook.delete': Op<WebhookDeleteParams, Empty>;
}

export const WEBHOOK = {
  'webhook.list': GET_READ,
  'webhook.set': POST_WRITE,
  'webhook.set_chat': POST_WRITE,
  'webhook.delete': POST_WRITE,
} as const satisfies HeadsOf<WebhookOperations>;

const HOOK_URL = id(2048);
const EVENTS = text(2000);
const CHANGE = { touches: 'account', action: 'change webhooks', param: 'hook_url' } as const;

export const WEBHOOK_RULES = {
  'webhook.list': { permission: 'webhook.read', scope: { touches: 'nothing' }, params: {} },
  'webhook.set': {
    permission: 'webhook.update',
    scope: CHANGE,
    params: { hook_url: HOOK_URL, security_key: id(255), events: EVENTS },
    required: ['hook_url', 'security_key'],
  },
  'webhook.set_chat': {
    permission: 'webhook.update',
    scope: CHANGE,
    params: {
      hook_url: HOOK_URL,
      events: EVENTS,
      chat_channel: id(255),
      chat_username: text(255),
      chat_icon: text(2048),
    },
    required: ['hook_url', 'chat_channel'],
  },
  'webhook.delete': {
    permission: 'webhook.delete',
    scope: CHANGE,
    params: { hook_url: HOOK_URL },
    required: ['hook_url'],
    // The spec's overview spells it so.
    aliases: ['webhhook.delete'],
  },
} as const satisfies RulesOf<WebhookOperations>;
