// What a delivery carries: the signed JSON of URL webhooks and the message of chat webhooks.
import type { AccountEvent } from '../events.ts';
import type { WebhookRow } from '../store/webhooks.ts';

export const DEFAULT_CHAT_USERNAME = 'service_bot';

export function eventBody(id: string, createdMs: number, event: AccountEvent): string {
  return JSON.stringify({
    event: event.event,
    id,
    created: new Date(createdMs).toISOString(),
    data: event.data,
  });
}

/** A one-line summary a person reads in the channel: event, the thing's name and its id. */
function chatText(event: AccountEvent): string {
  const { data } = event;
  const pick = (...keys: string[]) =>
    keys.map((key) => data[key]).find((v) => typeof v === 'string' && v !== '');
  const name = pick('name', 'filename', 'caption');
  const id = pick('rid', 'fid', 'liveid');
  return [`${event.event}:`, name, id ? `(${id})` : undefined].filter(Boolean).join(' ');
}

export function chatBody(hook: WebhookRow, event: AccountEvent): string {
  const icon = hook.chat_icon;
  const iconField = /^https?:\/\//i.test(icon)
    ? { icon_url: icon }
    : icon
      ? { icon_emoji: icon.startsWith(':') ? icon : `:${icon}:` }
      : {};
  return JSON.stringify({
    channel: hook.chat_channel,
    username: hook.chat_username || DEFAULT_CHAT_USERNAME,
    ...iconField,
    text: chatText(event),
  });
}
