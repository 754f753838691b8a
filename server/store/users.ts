// The server's own user accounts (platform login on portals): bound parameters only.
import { type Db, sql } from './db.ts';

export interface UserRow {
  email: string;
  /** scrypt's, never returned (auth/passwords.ts). */
  password_hash: string;
  created_at: number;
}

export class UserStore {
  constructor(private readonly db: Db) {}

  get(email: string): UserRow | undefined {
    return sql(this.db, 'SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
  }

  list(): UserRow[] {
    return sql(this.db, 'SELECT * FROM users ORDER BY created_at, email').all() as UserRow[];
  }

  /** False when the e-mail has an account already. */
  insert(row: UserRow): boolean {
    const sqlText = 'INSERT OR IGNORE INTO users (email, password_hash, created_at) VALUES (?, ?, ?)';
    return sql(this.db, sqlText).run(row.email, row.password_hash, row.created_at).changes === 1;
  }

  setPassword(email: string, hash: string): boolean {
    return sql(this.db, 'UPDATE users SET password_hash = ? WHERE email = ?').run(hash, email).changes === 1;
  }

  delete(email: string): boolean {
    return sql(this.db, 'DELETE FROM users WHERE email = ?').run(email).changes === 1;
  }
}
