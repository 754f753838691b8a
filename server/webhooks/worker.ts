// Delivers queued webhook calls from SQLite: signed POSTs, a timeout, backoff retries, same-host redirects only.
import type { ServerContext } from '../context.ts';
import type { DeliveryRow, WebhookRow, WebhookStore } from '../store/webhooks.ts';
import { bodySignatureHeader, signedHookUrl } from './signing.ts';

const DEFAULT_DELAYS_MS = [1_000, 10_000, 60_000, 600_000, 3_600_000];
const DEFAULT_TIMEOUT_MS = 10_000;
/** Every delivery gets at most this many tries, then it is dropped. */
export const MAX_TRIES = 8;
const MAX_CONCURRENT = 8;
const MAX_REDIRECTS = 3;
/** The longest a timer may wait (setTimeout's limit); later deliveries are looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class DeliveryWorker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly delays: number[];
  private readonly timeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly store: WebhookStore,
  ) {
    const delays = ctx.options.webhookRetryDelaysMs;
    this.delays = delays && delays.length > 0 ? delays : DEFAULT_DELAYS_MS;
    this.timeoutMs = ctx.options.webhookTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Starts whatever is due now (queued before a restart too) and arms a timer for the next one. */
  pump(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = this.ctx.clock.now();
    const free = MAX_CONCURRENT - this.inFlight.size;
    if (free > 0) {
      for (const row of this.store.due(now, free + this.inFlight.size)) {
        if (this.inFlight.size >= MAX_CONCURRENT) break;
        if (this.inFlight.has(row.id)) continue;
        // The lease moves the row out of `due` while it is tried; a crash mid-try retries it after the lease.
        this.store.retryLater(row.id, row.attempts, now + this.timeoutMs + 5_000, row.last_error);
        const attempt = this.attempt(row).finally(() => {
          this.inFlight.delete(row.id);
          this.pump();
        });
        this.inFlight.set(row.id, attempt);
      }
    }
    const next = this.store.nextDue();
    if (next === null) return;
    this.timer = setTimeout(() => this.pump(), Math.min(Math.max(0, next - now), MAX_TIMER_MS));
    this.timer.unref();
  }

  /** Stops taking work and waits for the tries under way (each ends by its timeout at the latest). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private async attempt(row: DeliveryRow): Promise<void> {
    const hook = this.store.get(row.hook_url);
    if (!hook) {
      this.store.done(row.id);
      return;
    }
    let error: string;
    try {
      const status = await this.post(hook, row.body);
      if (status >= 200 && status < 300) {
        this.store.done(row.id);
        return;
      }
      error = `HTTP ${status}`;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const tries = row.attempts + 1;
    if (tries >= MAX_TRIES) {
      this.store.done(row.id);
      return;
    }
    const delay = this.delays[Math.min(tries - 1, this.delays.length - 1)] as number;
    this.store.retryLater(row.id, tries, this.ctx.clock.now() + delay, error);
  }

  /** One try: POST, following redirects only while they stay on the hook's own origin. */
  private async post(hook: WebhookRow, body: string): Promise<number> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'gallery-elements-webhooks/1',
    };
    let url: string;
    if (hook.kind === 'url') {
      url = signedHookUrl(hook.security_key, hook.hook_url);
      const t = Math.floor(this.ctx.clock.now() / 1000);
      headers['x-webhook-signature'] = bodySignatureHeader(hook.security_key, body, t);
    } else {
      url = hook.hook_url;
    }
    const origin = new URL(hook.hook_url).origin;
    const signal = AbortSignal.timeout(this.timeoutMs);
    for (let hop = 0; ; hop++) {
      const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response.status;
      const next = new URL(location, url);
      if (next.origin !== origin) throw new Error(`Refused a redirect to another host: ${next.origin}`);
      if (hop >= MAX_REDIRECTS) throw new Error('Too many redirects');
      url = next.toString();
    }
  }
}
