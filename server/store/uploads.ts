// All SQL of chunked uploads: partial uploads (state of bytes on disk) and finished uploads by key.
import { type Db, sql } from './db.ts';

export interface PartialRow {
  key: string;
  unique_id: string;
  target: string;
  filename: string;
  mime: string;
  total: number | null;
  stored: number;
  /** File name under the partial dir. */
  file: string;
  created_at: number;
  updated_at: number;
}

export interface CompletedRow {
  key: string;
  rid: string;
  total: number;
  created_at: number;
}

export class UploadStore {
  private readonly partialByKey;
  private readonly completedByKey;

  constructor(private readonly db: Db) {
    this.partialByKey = sql(db, 'SELECT * FROM partial_uploads WHERE key = ?');
    this.completedByKey = sql(db, 'SELECT * FROM completed_uploads WHERE key = ?');
  }

  partial(key: string): PartialRow | undefined {
    return this.partialByKey.get(key) as PartialRow | undefined;
  }

  insertPartial(row: PartialRow): void {
    sql(
      this.db,
      `INSERT INTO partial_uploads (key, unique_id, target, filename, mime, total, stored, file, created_at,
           updated_at)
         VALUES (@key, @unique_id, @target, @filename, @mime, @total, @stored, @file, @created_at, @updated_at)`,
    ).run(row);
  }

  /** After the chunk's bytes are flushed: the new stored length (and the total, once a chunk names it). */
  advance(key: string, stored: number, total: number | null, now: number): void {
    sql(
      this.db,
      'UPDATE partial_uploads SET stored = ?, total = COALESCE(total, ?), updated_at = ? WHERE key = ?',
    ).run(stored, total, now, key);
  }

  deletePartial(key: string): void {
    sql(this.db, 'DELETE FROM partial_uploads WHERE key = ?').run(key);
  }

  /** Partial uploads untouched since `before` (ms). */
  stalePartials(before: number): PartialRow[] {
    return sql(this.db, 'SELECT * FROM partial_uploads WHERE updated_at < ?').all(before) as PartialRow[];
  }

  /** File names of every partial upload (the rest of the partial dir belongs to none). */
  partialFiles(): Set<string> {
    const rows = sql(this.db, 'SELECT file FROM partial_uploads').all() as { file: string }[];
    return new Set(rows.map((row) => row.file));
  }

  completed(key: string): CompletedRow | undefined {
    return this.completedByKey.get(key) as CompletedRow | undefined;
  }

  /** Inside the transaction that records the asset: the key now answers this rid. */
  recordCompleted(row: CompletedRow): void {
    sql(
      this.db,
      'INSERT INTO completed_uploads (key, rid, total, created_at) VALUES (@key, @rid, @total, @created_at)',
    ).run(row);
  }

  forgetCompletedBefore(before: number): void {
    // Looked for first: a DELETE counts as a write to everything (write-tracker.ts), even of no rows.
    if (!sql(this.db, 'SELECT 1 FROM completed_uploads WHERE created_at < ? LIMIT 1').get(before)) return;
    sql(this.db, 'DELETE FROM completed_uploads WHERE created_at < ?').run(before);
  }
}
