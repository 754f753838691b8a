// Opens the one SQLite file of a data dir (WAL), brings its schema up to date, and keeps compiled statements.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.ts';

export type Db = Database.Database;

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'gallery.sqlite3'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Distinct SQL texts kept compiled (the stores' texts, WHERE variants included, stay far below this). */
const STATEMENT_LIMIT = 1000;
const compiled = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The statement of an SQL text, compiled once per database: the stores write their SQL where they run it,
 * and compiling was a visible share of a read request. Safe because no store uses a statement's modes (raw,
 * pluck, expand) or iterates one, so a shared statement never carries state between callers.
 */
export function sql(db: Db, text: string): Database.Statement {
  let statements = compiled.get(db);
  if (!statements) {
    statements = new Map();
    compiled.set(db, statements);
  }
  let statement = statements.get(text);
  if (!statement) {
    statement = db.prepare(text);
    statements.set(text, statement);
    if (statements.size > STATEMENT_LIMIT) statements.delete(statements.keys().next().value as string);
  }
  return statement;
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
