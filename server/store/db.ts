// Opens the one SQLite file of a data dir (WAL) and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.ts';
import { type ReadDependency, WriteTracker, writeEffect } from './write-tracker.ts';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'gallery.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  reusePreparedStatements(db);
  return db;
}

/** Distinct SQL texts kept compiled (the stores' texts, WHERE variants included, stay far below this). */
const STATEMENT_LIMIT = 1000;

/**
 * Makes `db.prepare` compile each SQL text once: the stores prepare most statements where they run them,
 * and compiling was a visible share of a read request. Safe because no store uses a statement's modes
 * (raw, pluck, expand) or iterates one, so a shared statement never carries state between callers.
 */
function reusePreparedStatements(db: Db): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = compile(sql);
      if (!statement.reader) countWrites(db, statement);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_LIMIT) statements.delete(statements.keys().next().value as string);
    }
    return statement;
  }) as Db['prepare'];
}

/** Applies, in order and each in its own transaction, every migration not yet recorded. */
export function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => (row as { id: string }).id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, new Date().toISOString());
    })();
  }
}

const trackers = new WeakMap<Db, WriteTracker>();

function tracker(db: Db): WriteTracker {
  let found = trackers.get(db);
  if (!found) {
    found = new WriteTracker();
    trackers.set(db, found);
  }
  return found;
}

/** Every run of a writing statement is recorded with what its SQL may change (cascades included). */
function countWrites(db: Db, statement: Database.Statement): void {
  const run = statement.run.bind(statement);
  const writes = tracker(db);
  const effect = writeEffect(statement.source);
  statement.run = ((...params: unknown[]) => {
    writes.record(effect);
    return run(...params);
  }) as Database.Statement['run'];
}

/** Equal stamps mean no write since could have changed what the dependencies read. */
export function writeStamp(db: Db, dependencies: readonly ReadDependency[]): string {
  return tracker(db).stamp(dependencies);
}

const MEMO_LIMIT = 2000;
const memos = new WeakMap<Db, Map<string, { stamp: string; value: unknown; at: number }>>();

/**
 * A read (a count, a page of ids) answered again from memory until a write that could change what it
 * reads: reads come far more often than writes, and most writes touch other columns. Never inside a
 * transaction, whose writes may still be rolled back.
 */
export function memoizedRead<T>(
  db: Db,
  key: string,
  dependencies: readonly ReadDependency[],
  read: () => T,
  /** Also forget it after this long: for answers holding something time-bound (a signed URL's expiry). */
  maxAgeMs = Number.POSITIVE_INFINITY,
): T {
  if (db.inTransaction) return read();
  const stamp = writeStamp(db, dependencies);
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  const now = performance.now();
  const hit = memo.get(key);
  if (hit && hit.stamp === stamp && now - hit.at <= maxAgeMs) return hit.value as T;
  const value = read();
  memo.delete(key);
  memo.set(key, { stamp, value, at: now });
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  return value;
}
