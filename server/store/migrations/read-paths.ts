// Indexes for the hot read paths, found by bench/server-load: without them asset.list sorts every asset
// and gallery.get_items sorts a gallery's items on each request (about 10 ms and 1 ms at 10,000 assets).
import type { Migration } from './migration.ts';

export const readPathMigrations: Migration[] = [
  {
    id: '007-read-paths',
    sql: `
      -- asset.list: standing assets newest first (rowid, the tie-break, is implied at the end).
      CREATE INDEX assets_listing ON assets (parent_rid, uploaded_at);
      -- gallery.get_items: one page in gallery order, read from the index alone.
      CREATE INDEX gallery_items_page ON gallery_items (fid, position, added_at, rid);
    `,
  },
];
