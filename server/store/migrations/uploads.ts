// Schema of chunked uploads: partial uploads (bytes on disk under `partial/`, their state here, so they
// survive a restart) and finished uploads by key (a repeated request answers the same rid).
import type { Migration } from './migration.ts';

export const uploadMigrations: Migration[] = [
  {
    id: '009-chunked-uploads',
    sql: `
      -- key: hash of the upload URL's target and the client's unique-id (services/chunked-uploads.ts).
      CREATE TABLE partial_uploads (
        key TEXT PRIMARY KEY,
        unique_id TEXT NOT NULL,
        -- JSON of the upload URL's target (account, gallery, asset and type, upload token hash).
        target TEXT NOT NULL,
        filename TEXT NOT NULL,
        mime TEXT NOT NULL DEFAULT '',
        -- NULL while no chunk has named it (Content-Range: bytes S-E without /T).
        total INTEGER,
        -- Bytes durably in the file (written only after they are flushed).
        stored INTEGER NOT NULL,
        file TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX partial_uploads_updated ON partial_uploads (updated_at);
      CREATE TABLE completed_uploads (
        key TEXT PRIMARY KEY,
        rid TEXT NOT NULL,
        total INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX completed_uploads_created ON completed_uploads (created_at);
    `,
  },
];
