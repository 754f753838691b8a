// SQL of the version worker's queue: one row per asset whose versions are to be made, in its lane, until done.
import { type Db, sql } from './db.ts';

/** `quick`: images and subtitles (sharp, text); `transcode`: video and audio (ffmpeg, minutes). */
export type Lane = 'quick' | 'transcode';

export class VersionJobStore {
  constructor(private readonly db: Db) {}

  /**
   * Queues an asset's job. Asked again while it runs, it is marked to run once more when done (a resync
   * during a transcode must look again afterwards); while it waits, it keeps its place.
   */
  enqueue(rid: string, lane: Lane, now: number): void {
    sql(
      this.db,
      `INSERT INTO version_jobs (rid, lane, queued_at) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM assets WHERE rid = ?)
         ON CONFLICT (rid) DO UPDATE SET again = CASE WHEN started_at IS NULL THEN again ELSE 1 END`,
    ).run(rid, lane, now, rid);
  }

  /** Takes the oldest waiting job of a lane: marks it started and counts the attempt. */
  claim(lane: Lane, now: number): { rid: string; attempts: number } | undefined {
    return this.db.transaction(() => {
      const row = sql(
        this.db,
        `SELECT rid FROM version_jobs WHERE lane = ? AND started_at IS NULL ORDER BY queued_at, rowid LIMIT 1`,
      ).get(lane) as { rid: string } | undefined;
      if (!row) return undefined;
      return sql(
        this.db,
        'UPDATE version_jobs SET started_at = ?, attempts = attempts + 1 WHERE rid = ? RETURNING rid, attempts',
      ).get(now, row.rid) as { rid: string; attempts: number };
    })();
  }

  /** Ends a job: removed, or queued once more when it was asked for again while it ran. */
  finish(rid: string, now: number): void {
    this.db.transaction(() => {
      const again = sql(this.db, 'SELECT again FROM version_jobs WHERE rid = ?').get(rid) as
        | { again: number }
        | undefined;
      if (again?.again) {
        sql(
          this.db,
          'UPDATE version_jobs SET started_at = NULL, again = 0, attempts = 0, queued_at = ? WHERE rid = ?',
        ).run(now, rid);
      } else {
        sql(this.db, 'DELETE FROM version_jobs WHERE rid = ?').run(rid);
      }
    })();
  }

  /**
   * Jobs a stopped server left started (it died or shut down mid-job): waiting again, their attempts kept so
   * a file that kills the worker every time is given up. Returns their rids.
   */
  resumeInterrupted(): string[] {
    const rows = sql(
      this.db,
      'UPDATE version_jobs SET started_at = NULL WHERE started_at IS NOT NULL RETURNING rid',
    ).all() as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  /** Assets left `pending` with no job (a database from before the queue, or a job row lost): to queue again. */
  orphans(): string[] {
    const rows = sql(
      this.db,
      `SELECT rid FROM assets WHERE syncstatus = 'pending' AND rid NOT IN (SELECT rid FROM version_jobs)
         ORDER BY uploaded_at`,
    ).all() as { rid: string }[];
    return rows.map((row) => row.rid);
  }

  hasWaiting(lane: Lane): boolean {
    return (
      sql(this.db, 'SELECT 1 FROM version_jobs WHERE lane = ? AND started_at IS NULL LIMIT 1').get(lane) !==
      undefined
    );
  }
}
