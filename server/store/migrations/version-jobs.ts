// The version worker's queue, kept in the database so a restart loses no job, and the progress and failure
// message an asset's record shows while its versions are made.
import type { Migration } from './migration.ts';

export const versionJobMigrations: Migration[] = [
  {
    id: '013-version-jobs',
    sql: `
      CREATE TABLE version_jobs (
        rid TEXT PRIMARY KEY REFERENCES assets (rid) ON DELETE CASCADE,
        lane TEXT NOT NULL CHECK (lane IN ('quick', 'transcode')),
        queued_at INTEGER NOT NULL,
        started_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        again INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX version_jobs_order ON version_jobs (lane, started_at, queued_at);
      ALTER TABLE assets ADD COLUMN sync_progress INTEGER;
      ALTER TABLE assets ADD COLUMN sync_message TEXT NOT NULL DEFAULT '';
      INSERT INTO version_jobs (rid, lane, queued_at)
        SELECT rid, CASE type WHEN 'image' THEN 'quick' ELSE 'transcode' END, 0
        FROM assets WHERE syncstatus = 'pending';
    `,
  },
];
