// webhook.* operations: list, set, set_chat, delete (and the spec overview's webhhook.delete spelling).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { defineOperation } from '../http/operation.ts';
import type { Services } from '../services/index.ts';
import type { WebhookSetChatParams, WebhookSetParams } from '../services/webhooks.ts';

const URL_PARAM = { type: 'string', minLength: 1, maxLength: 2048 };
const EVENTS_PARAM = { type: 'string', maxLength: 2000 };

export function registerWebhookRoutes(app: FastifyInstance, ctx: ServerContext, services: Services): void {
  defineOperation(app, ctx, {
    name: 'webhook.list',
    method: 'GET',
    permission: 'webhook.read',
    params: {},
    handle: () => ({ webhooks: services.webhooks.list() }),
  });

  defineOperation<WebhookSetParams>(app, ctx, {
    name: 'webhook.set',
    method: 'POST',
    permission: 'webhook.update',
    params: {
      hook_url: URL_PARAM,
      security_key: { type: 'string', minLength: 1, maxLength: 255 },
      events: EVENTS_PARAM,
    },
    required: ['hook_url', 'security_key'],
    handle: ({ auth, params }) => services.webhooks.set(auth, params),
  });

  defineOperation<WebhookSetChatParams>(app, ctx, {
    name: 'webhook.set_chat',
    method: 'POST',
    permission: 'webhook.update',
    params: {
      hook_url: URL_PARAM,
      events: EVENTS_PARAM,
      chat_channel: { type: 'string', minLength: 1, maxLength: 255 },
      chat_username: { type: 'string', maxLength: 255 },
      chat_icon: { type: 'string', maxLength: 2048 },
    },
    required: ['hook_url', 'chat_channel'],
    handle: ({ auth, params }) => services.webhooks.setChat(auth, params),
  });

  for (const name of ['webhook.delete', 'webhhook.delete']) {
    defineOperation<{ hook_url: string }>(app, ctx, {
      name,
      method: 'POST',
      permission: 'webhook.delete',
      params: { hook_url: URL_PARAM },
      required: ['hook_url'],
      handle: ({ auth, params }) => services.webhooks.delete(auth, params.hook_url),
    });
  }
}
