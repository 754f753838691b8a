// Webhooks and their durable delivery queue in SQLite: bound parameters only.
import { type Db, sql } from './db.ts';

export interface WebhookRow {
  hook_url: string;
  kind: 'url' | 'chat';
  security_key: string;
  events: string;
  chat_channel: string;
  chat_username: string;
  chat_icon: string;
  created_at: number;
  modified_at: number;
}

export interface DeliveryRow {
  id: string;
  hook_url: string;
  event: string;
  /** The exact JSON body to POST. */
  body: string;
  attempts: number;
  next_at: number;
  last_error: string;
  created_at: number;
}

export class WebhookStore {
  private readonly getStmt;
  private readonly listStmt;
  private readonly upsertStmt;
  private readonly deleteStmt;
  private readonly dropDeliveriesStmt;
  private readonly enqueueStmt;
  private readonly dueStmt;
  private readonly nextDueStmt;
  private readonly retryStmt;
  private readonly doneStmt;

  constructor(private readonly db: Db) {
    this.getStmt = sql(db, 'SELECT * FROM webhooks WHERE hook_url = ?');
    this.listStmt = sql(db, 'SELECT * FROM webhooks ORDER BY created_at, hook_url');
    this.upsertStmt = sql(
      db,
      `INSERT INTO webhooks (hook_url, kind, security_key, events, chat_channel, chat_username, chat_icon,
         created_at, modified_at)
       VALUES (@hook_url, @kind, @security_key, @events, @chat_channel, @chat_username, @chat_icon,
         @created_at, @modified_at)
       ON CONFLICT (hook_url) DO UPDATE SET kind = excluded.kind, security_key = excluded.security_key,
         events = excluded.events, chat_channel = excluded.chat_channel,
         chat_username = excluded.chat_username, chat_icon = excluded.chat_icon,
         modified_at = excluded.modified_at`,
    );
    this.deleteStmt = sql(db, 'DELETE FROM webhooks WHERE hook_url = ?');
    this.dropDeliveriesStmt = sql(db, 'DELETE FROM webhook_deliveries WHERE hook_url = ?');
    this.enqueueStmt = sql(
      db,
      `INSERT INTO webhook_deliveries (id, hook_url, event, body, attempts, next_at, created_at)
       VALUES (@id, @hook_url, @event, @body, 0, @next_at, @created_at)`,
    );
    this.dueStmt = sql(
      db,
      'SELECT * FROM webhook_deliveries WHERE next_at <= ? ORDER BY next_at, created_at, rowid LIMIT ?',
    );
    this.nextDueStmt = sql(db, 'SELECT MIN(next_at) AS next_at FROM webhook_deliveries');
    this.retryStmt = sql(
      db,
      'UPDATE webhook_deliveries SET attempts = ?, next_at = ?, last_error = ? WHERE id = ?',
    );
    this.doneStmt = sql(db, 'DELETE FROM webhook_deliveries WHERE id = ?');
  }

  get(hookUrl: string): WebhookRow | undefined {
    return this.getStmt.get(hookUrl) as WebhookRow | undefined;
  }

  list(): WebhookRow[] {
    return this.listStmt.all() as WebhookRow[];
  }

  upsert(row: WebhookRow): void {
    this.upsertStmt.run(row);
  }

  /** Removes the hook and whatever was still queued for it. */
  delete(hookUrl: string): void {
    this.db.transaction(() => {
      this.deleteStmt.run(hookUrl);
      this.dropDeliveriesStmt.run(hookUrl);
    })();
  }

  /** Queues one delivery per hook in one transaction: the emitter pays a single fsync-free write. */
  enqueue(rows: Pick<DeliveryRow, 'id' | 'hook_url' | 'event' | 'body' | 'next_at' | 'created_at'>[]): void {
    this.db.transaction(() => {
      for (const row of rows) this.enqueueStmt.run(row);
    })();
  }

  due(now: number, limit: number): DeliveryRow[] {
    return this.dueStmt.all(now, limit) as DeliveryRow[];
  }

  /** When the earliest queued delivery is due, or null when the queue is empty. */
  nextDue(): number | null {
    return (this.nextDueStmt.get() as { next_at: number | null }).next_at;
  }

  retryLater(id: string, attempts: number, nextAt: number, error: string): void {
    this.retryStmt.run(attempts, nextAt, error.slice(0, 500), id);
  }

  done(id: string): void {
    this.doneStmt.run(id);
  }
}
