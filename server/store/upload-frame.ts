// Queries of the upload frame page: which assets of a gallery one upload token uploaded.
import type { Db } from './db.ts';

/** Rids of the gallery's items that were uploaded with the token of this hash, in gallery order. */
export function ridsUploadedWith(db: Db, fid: string, tokenHash: string): string[] {
  const rows = db
    .prepare(
      `SELECT a.rid AS rid FROM gallery_items gi JOIN assets a ON a.rid = gi.rid
       WHERE gi.fid = ? AND a.upload_token_hash = ? ORDER BY gi.position`,
    )
    .all(fid, tokenHash) as { rid: string }[];
  return rows.map((row) => row.rid);
}

/** Whether a gallery exists (the frame answers 404 for a token whose gallery was deleted). */
export function galleryExists(db: Db, fid: string): boolean {
  return db.prepare('SELECT 1 FROM galleries WHERE fid = ?').get(fid) !== undefined;
}
