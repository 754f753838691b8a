// Schema of URL imports (asset.upload_from_url), kept so their status outlives a restart.
import type { Migration } from './migration.ts';

export const mediaMigrations: Migration[] = [
  {
    id: '003-media',
    sql: `
      CREATE TABLE url_imports (
        status_id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        fid TEXT,
        attach_rid TEXT,
        attach_type TEXT,
        caption TEXT,
        status TEXT NOT NULL CHECK (status IN ('queued', 'inprogress', 'done', 'failed', 'aborted')),
        progress_bytes INTEGER NOT NULL DEFAULT 0,
        file_size_bytes INTEGER NOT NULL DEFAULT -1,
        resid TEXT,
        message TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX url_imports_status ON url_imports (status);
    `,
  },
];
