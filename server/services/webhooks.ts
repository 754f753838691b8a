// Webhook rules: registering URL and chat hooks, matching events, queueing deliveries for the worker.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, notFound } from '../errors.ts';
import type { AccountEvent } from '../events.ts';
import { newId } from '../ids.ts';
import { type WebhookRow, WebhookStore } from '../store/webhooks.ts';
import { matchesEvent, parseEvents } from '../webhooks/events.ts';
import { chatBody, DEFAULT_CHAT_USERNAME, eventBody } from '../webhooks/payloads.ts';
import { DeliveryWorker } from '../webhooks/worker.ts';

/**
 * The hook URL exactly as the caller gave it: stored, listed and signed (HEX(HMAC-SHA256(security_key,
 * hook_url))) unchanged, so a receiver computes the signature from the very text it registered. Parsing
 * only checks it: a re-serialised URL may differ (a `/` added to a bare origin, the host lower-cased).
 */
function checkHookUrl(hookUrl: string): string {
  let url: URL;
  try {
    url = new URL(hookUrl);
  } catch {
    throw invalid('hook_url', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('hook_url', 'must use http or https');
  }
  // The parser drops these silently: the URL called would not be the text registered.
  const control = [...hookUrl].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f');
  if (hookUrl !== hookUrl.trim() || control) {
    throw invalid('hook_url', 'must not contain control characters or begin or end with spaces');
  }
  if (hookUrl.includes('#')) {
    throw invalid('hook_url', 'must not have a #fragment: the signature is appended to the URL');
  }
  return hookUrl;
}

function checkEvents(text: string | undefined): string {
  const parsed = parseEvents(text ?? '');
  if ('bad' in parsed) {
    throw invalid(
      'events',
      `names an unknown event '${parsed.bad}' (use a namespace such as asset, a wildcard such as asset.*, or a full name such as asset.uploaded)`,
    );
  }
  return parsed.events.join(',');
}

export class WebhookService {
  private readonly store: WebhookStore;
  private readonly worker: DeliveryWorker;
  private readonly unsubscribe: () => void;

  constructor(private readonly ctx: ServerContext) {
    this.store = new WebhookStore(ctx.db);
    this.worker = new DeliveryWorker(ctx, this.store);
    this.unsubscribe = ctx.events.subscribe((event) => this.enqueue(event));
    // Deliveries queued before a restart go out once the server is up again.
    setImmediate(() => this.worker.pump());
  }

  /** webhook.list: the registered webhooks (never their security keys). */
  list(): AnswerOf<'webhook.list'> {
    const webhooks = this.store.list().map((row) => ({
      hook_url: row.hook_url,
      type: row.kind,
      events: row.events,
      ...(row.kind === 'chat'
        ? { chat_channel: row.chat_channel, chat_username: row.chat_username, chat_icon: row.chat_icon }
        : {}),
      created: new Date(row.created_at).toISOString(),
      modified: new Date(row.modified_at).toISOString(),
    }));
    return { webhooks };
  }

  set(caller: Caller, params: ServerParams<'webhook.set'>): void {
    this.ctx.access.check(caller, 'webhook.set', {});
    const hookUrl = checkHookUrl(params.hook_url);
    if (params.security_key.trim() === '') throw invalid('security_key', 'must not be empty');
    this.save({
      hook_url: hookUrl,
      kind: 'url',
      security_key: params.security_key,
      events: checkEvents(params.events),
      chat_channel: '',
      chat_username: '',
      chat_icon: '',
    });
  }

  setChat(caller: Caller, params: ServerParams<'webhook.set_chat'>): void {
    this.ctx.access.check(caller, 'webhook.set_chat', {});
    const hookUrl = checkHookUrl(params.hook_url);
    const channel = params.chat_channel.trim();
    if (channel === '') throw invalid('chat_channel', 'must not be empty');
    const icon = (params.chat_icon ?? '').trim();
    if (icon !== '' && !/^https?:\/\/\S+$/i.test(icon) && !/^:?[\w+-]+:?$/.test(icon)) {
      throw invalid('chat_icon', 'must be an emoji code such as :camera: or an http(s) image URL');
    }
    this.save({
      hook_url: hookUrl,
      kind: 'chat',
      security_key: '',
      events: checkEvents(params.events),
      chat_channel: channel,
      chat_username: params.chat_username?.trim() || DEFAULT_CHAT_USERNAME,
      chat_icon: icon,
    });
  }

  delete(caller: Caller, { hook_url: hookUrl }: ServerParams<'webhook.delete'>): void {
    this.ctx.access.check(caller, 'webhook.delete', {});
    // The exact text registered (see checkHookUrl): another spelling of the same address is another hook.
    if (!this.store.get(hookUrl)) throw notFound('Webhook', hookUrl);
    this.store.delete(hookUrl);
  }

  close(): Promise<void> {
    this.unsubscribe();
    return this.worker.close();
  }

  private save(row: Omit<WebhookRow, 'created_at' | 'modified_at'>): void {
    const now = this.ctx.clock.now();
    this.store.upsert({ ...row, created_at: now, modified_at: now });
  }

  /** Runs inside the emitter's call: one small transaction, then the worker takes over off that path. */
  private enqueue(event: AccountEvent): void {
    try {
      const now = this.ctx.clock.now();
      const rows = this.store
        .list()
        .filter((hook) => matchesEvent(hook.events ? hook.events.split(',') : [], event.event))
        .map((hook) => {
          const id = newId(20);
          const body = hook.kind === 'chat' ? chatBody(hook, event) : eventBody(id, now, event);
          return { id, hook_url: hook.hook_url, event: event.event, body, next_at: now, created_at: now };
        });
      if (rows.length === 0) return;
      this.store.enqueue(rows);
      setImmediate(() => this.worker.pump());
    } catch (error) {
      // A failed enqueue must never fail the operation that emitted the event.
      console.error('webhooks: could not queue', event.event, error);
    }
  }
}
