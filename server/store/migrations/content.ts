// Schema of galleries, assets, their versions and the ordered gallery items.
import type { Migration } from './migration.ts';

export const contentMigrations: Migration[] = [
  {
    id: '002-content',
    sql: `
      CREATE TABLE galleries (
        fid TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '',
        template TEXT NOT NULL DEFAULT 'default',
        settings TEXT NOT NULL DEFAULT '{}',
        master_fid TEXT REFERENCES galleries (fid) ON DELETE SET NULL,
        claimed TEXT NOT NULL DEFAULT 'original' CHECK (claimed IN ('original', 'shared')),
        spfid TEXT NOT NULL,
        workspace TEXT NOT NULL DEFAULT '',
        rrid TEXT UNIQUE,
        syncstatus TEXT NOT NULL DEFAULT 'synced',
        created_at TEXT NOT NULL,
        modified_at TEXT NOT NULL
      );
      CREATE TABLE assets (
        rid TEXT PRIMARY KEY,
        filename TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('image', 'video', 'audio', 'other')),
        mime TEXT NOT NULL,
        storage_key TEXT NOT NULL,
        caption TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        long_description TEXT NOT NULL DEFAULT '',
        related_link_text TEXT NOT NULL DEFAULT '',
        related_link_url TEXT NOT NULL DEFAULT '',
        reference_id TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '',
        custom TEXT NOT NULL DEFAULT '{}',
        filesize INTEGER NOT NULL,
        width INTEGER,
        height INTEGER,
        duration REAL,
        syncstatus TEXT NOT NULL DEFAULT 'pending' CHECK (syncstatus IN ('pending', 'synced', 'failed')),
        upload_token_hash TEXT,
        parent_rid TEXT REFERENCES assets (rid) ON DELETE CASCADE,
        attach_type TEXT,
        uploaded_at TEXT NOT NULL,
        modified_at TEXT NOT NULL
      );
      CREATE INDEX assets_reference_id ON assets (reference_id);
      CREATE INDEX assets_parent ON assets (parent_rid, attach_type);
      CREATE TABLE asset_versions (
        rid TEXT NOT NULL REFERENCES assets (rid) ON DELETE CASCADE,
        name TEXT NOT NULL,
        storage_key TEXT NOT NULL,
        mime TEXT NOT NULL,
        width INTEGER,
        height INTEGER,
        filesize INTEGER NOT NULL,
        PRIMARY KEY (rid, name)
      );
      CREATE TABLE gallery_items (
        fid TEXT NOT NULL REFERENCES galleries (fid) ON DELETE CASCADE,
        rid TEXT NOT NULL REFERENCES assets (rid) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (fid, rid)
      );
      CREATE INDEX gallery_items_order ON gallery_items (fid, position);
      CREATE INDEX gallery_items_rid ON gallery_items (rid);
    `,
  },
];
