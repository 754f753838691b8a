// Schema of live streams and of their broadcast sessions (the live minutes that usage counts).
import type { Migration } from './migration.ts';

export const liveMigrations: Migration[] = [
  {
    id: '004-live',
    sql: `
      CREATE TABLE live_streams (
        liveid TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        location TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('passthrough', 'transcoded')),
        state TEXT NOT NULL CHECK (state IN ('idle', 'starting', 'live', 'stopped', 'resetting')),
        stream_key TEXT NOT NULL,
        started_at INTEGER,
        stopped_at INTEGER,
        reset_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE live_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        liveid TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        location TEXT NOT NULL,
        live_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX live_sessions_open ON live_sessions (liveid, ended_at);
    `,
  },
];
