// Schema of webhooks and of their durable delivery queue (rows survive a restart until delivered).
import type { Migration } from './migration.ts';

export const webhookMigrations: Migration[] = [
  {
    id: '006-webhooks',
    sql: `
      CREATE TABLE webhooks (
        hook_url TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('url', 'chat')),
        security_key TEXT NOT NULL DEFAULT '',
        events TEXT NOT NULL DEFAULT '',
        chat_channel TEXT NOT NULL DEFAULT '',
        chat_username TEXT NOT NULL DEFAULT '',
        chat_icon TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        modified_at INTEGER NOT NULL
      );
      CREATE TABLE webhook_deliveries (
        id TEXT PRIMARY KEY,
        hook_url TEXT NOT NULL,
        event TEXT NOT NULL,
        body TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER NOT NULL,
        last_error TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_at);
    `,
  },
];
