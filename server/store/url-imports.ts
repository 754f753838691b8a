// SQL of URL imports (asset.upload_from_url): one row per status_id, updated as the fetch goes.
import { type Db, sql } from './db.ts';

export type ImportStatus = 'queued' | 'inprogress' | 'done' | 'failed' | 'aborted';

export interface UrlImportRow {
  status_id: string;
  url: string;
  fid: string | null;
  attach_rid: string | null;
  attach_type: string | null;
  caption: string | null;
  status: ImportStatus;
  progress_bytes: number;
  file_size_bytes: number;
  resid: string | null;
  message: string;
  created_at: string;
  updated_at: string;
}

export class UrlImportStore {
  constructor(private readonly db: Db) {}

  insert(row: UrlImportRow): void {
    sql(
      this.db,
      `INSERT INTO url_imports (status_id, url, fid, attach_rid, attach_type, caption, status, progress_bytes,
           file_size_bytes, resid, message, created_at, updated_at)
         VALUES (@status_id, @url, @fid, @attach_rid, @attach_type, @caption, @status, @progress_bytes,
           @file_size_bytes, @resid, @message, @created_at, @updated_at)`,
    ).run(row);
  }

  get(statusId: string): UrlImportRow | undefined {
    return sql(this.db, 'SELECT * FROM url_imports WHERE status_id = ?').get(statusId) as
      | UrlImportRow
      | undefined;
  }

  update(
    statusId: string,
    changes: Partial<
      Pick<UrlImportRow, 'status' | 'progress_bytes' | 'file_size_bytes' | 'resid' | 'message'>
    >,
    now: string,
  ): void {
    const row = this.get(statusId);
    if (!row) return;
    const next = { ...row, ...changes, updated_at: now };
    sql(
      this.db,
      `UPDATE url_imports SET status = ?, progress_bytes = ?, file_size_bytes = ?, resid = ?, message = ?,
           updated_at = ? WHERE status_id = ?`,
    ).run(
      next.status,
      next.progress_bytes,
      next.file_size_bytes,
      next.resid,
      next.message,
      next.updated_at,
      statusId,
    );
  }

  /** At start-up: fetches that were running when the server stopped can no longer finish. */
  failUnfinished(message: string, now: string): number {
    return sql(
      this.db,
      `UPDATE url_imports SET status = 'failed', message = ?, updated_at = ?
         WHERE status IN ('queued', 'inprogress')`,
    ).run(message, now).changes;
  }
}
