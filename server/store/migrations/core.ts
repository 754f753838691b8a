// Schema of the account settings and the tokens.
import type { Migration } from './migration.ts';

export const coreMigrations: Migration[] = [
  {
    id: '001-core',
    sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE tokens (
        hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('application', 'temporary', 'upload')),
        level TEXT CHECK (level IN ('read', 'write', 'delete')),
        permissions TEXT NOT NULL,
        parent_hash TEXT,
        fid TEXT,
        rid TEXT,
        sourceip TEXT,
        expires_at INTEGER,
        created_at INTEGER NOT NULL
      );
    `,
  },
];
