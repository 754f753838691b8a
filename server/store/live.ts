// Live streams and their broadcast sessions in SQLite: prepared statements with bound parameters only.
import { type Db, sql } from './db.ts';

export type LiveState = 'idle' | 'starting' | 'live' | 'stopped' | 'resetting';
export type LiveType = 'passthrough' | 'transcoded';

export interface LiveRow {
  liveid: string;
  name: string;
  location: string;
  type: LiveType;
  state: LiveState;
  stream_key: string;
  /** When the last start was accepted (ms since the epoch); the simulated source counts from it. */
  started_at: number | null;
  stopped_at: number | null;
  reset_at: number | null;
  created_at: number;
}

export interface LiveSessionRow {
  id: number;
  liveid: string;
  name: string;
  type: LiveType;
  location: string;
  live_at: number;
  ended_at: number | null;
}

export class LiveStore {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly setStateStmt;
  private readonly deleteStmt;
  private readonly openSessionStmt;
  private readonly closeSessionsStmt;
  private readonly sessionsStmt;

  constructor(private readonly db: Db) {
    this.insertStmt = sql(
      db,
      `INSERT INTO live_streams (liveid, name, location, type, state, stream_key, created_at)
       VALUES (@liveid, @name, @location, @type, 'idle', @stream_key, @created_at)`,
    );
    this.getStmt = sql(db, 'SELECT * FROM live_streams WHERE liveid = ?');
    this.listStmt = sql(db, 'SELECT * FROM live_streams ORDER BY created_at, rowid');
    this.setStateStmt = sql(
      db,
      `UPDATE live_streams SET state = @state, started_at = @started_at, stopped_at = @stopped_at,
       reset_at = @reset_at WHERE liveid = @liveid`,
    );
    this.deleteStmt = sql(db, 'DELETE FROM live_streams WHERE liveid = ?');
    this.openSessionStmt = sql(
      db,
      `INSERT INTO live_sessions (liveid, name, type, location, live_at) VALUES (?, ?, ?, ?, ?)`,
    );
    this.closeSessionsStmt = sql(
      db,
      'UPDATE live_sessions SET ended_at = ? WHERE liveid = ? AND ended_at IS NULL',
    );
    this.sessionsStmt = sql(db, 'SELECT * FROM live_sessions ORDER BY live_at DESC, id DESC');
  }

  insert(row: Pick<LiveRow, 'liveid' | 'name' | 'location' | 'type' | 'stream_key' | 'created_at'>): void {
    this.insertStmt.run(row);
  }

  get(liveid: string): LiveRow | undefined {
    return this.getStmt.get(liveid) as LiveRow | undefined;
  }

  list(): LiveRow[] {
    return this.listStmt.all() as LiveRow[];
  }

  /** Writes the state and its timestamps together, so a row never holds a half-made move. */
  setState(row: Pick<LiveRow, 'liveid' | 'state' | 'started_at' | 'stopped_at' | 'reset_at'>): void {
    this.setStateStmt.run(row);
  }

  delete(liveid: string): void {
    this.deleteStmt.run(liveid);
  }

  openSession(row: LiveRow, liveAt: number): void {
    this.openSessionStmt.run(row.liveid, row.name, row.type, row.location, liveAt);
  }

  closeSessions(liveid: string, endedAt: number): void {
    this.closeSessionsStmt.run(endedAt, liveid);
  }

  /** Every session, newest first (they outlive deleted streams: usage is the account's). */
  sessions(): LiveSessionRow[] {
    return this.sessionsStmt.all() as LiveSessionRow[];
  }

  /** Several writes as one. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }
}
