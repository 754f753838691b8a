// What a delivery carries: the signed JSON of URL webhooks and the message of chat webhooks.
import type { AccountEvent } from '../events.ts';
import type { WebhookRow } from '../store/webhooks.ts';

export const DEFAULT_CHAT_USERNAME = 'service_bot';

/**
 * A URL webhook's body, flat as the hosted service's (its CMS plugins read `drid`, `reference_id`, `caption`
 * at the top level): `event`, `id` (the delivery's, for de-duplication) and `created` (when the delivery was
 * made), then the record's own fields, as they were when the event was emitted (the body is made then,
 * inside the write's transaction). An asset's rid is also `drid`. The delivery's three fields win over a
 * record field of the same name (a gallery's or a stream's `created`: gallery.list and live.list have it).
 */
export function eventBody(id: string, createdMs: number, event: AccountEvent): string {
  const created = new Date(createdMs).toISOString();
  const body: Record<string, unknown> = { event: event.event, id, created, ...event.data };
  if (event.event.startsWith('asset.') && typeof event.data.rid === 'string') body.drid = event.data.rid;
  body.event = event.event;
  body.id = id;
  body.created = created;
  return JSON.stringify(body);
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
