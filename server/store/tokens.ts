// Token rows: only the SHA-256 of a token is stored, never the token itself.
import { type Db, memoizedRead } from './db.ts';

/** Any write to the tokens table (a new token, a fixed token replaced) makes a looked-up row stale. */
const TOKEN_READS = [{ table: 'tokens', columns: ['*'] }] as const;

export type TokenKind = 'application' | 'temporary' | 'upload';
export type TokenLevel = 'read' | 'write' | 'delete';

export interface TokenRow {
  hash: string;
  kind: TokenKind;
  level: TokenLevel | null;
  permissions: string;
  parent_hash: string | null;
  fid: string | null;
  rid: string | null;
  sourceip: string | null;
  expires_at: number | null;
  created_at: number;
  /** JSON array of the only fids the token may read (null: no such limit). */
  read_fids?: string | null;
}

export class TokenStore {
  private readonly byHash;
  private readonly insertRow;
  constructor(private readonly db: Db) {
    this.byHash = db.prepare('SELECT * FROM tokens WHERE hash = ?');
    this.insertRow = db.prepare(
      `INSERT INTO tokens (hash, kind, level, permissions, parent_hash, fid, rid, sourceip, expires_at, created_at,
         read_fids)
       VALUES (@hash, @kind, @level, @permissions, @parent_hash, @fid, @rid, @sourceip, @expires_at, @created_at,
         @read_fids)`,
    );
  }

  /** Every request looks its token up: the row is remembered until the tokens table is written. */
  find(hash: string): Readonly<TokenRow> | undefined {
    return memoizedRead(this.db, `token ${hash}`, TOKEN_READS, () =>
      Object.freeze(this.byHash.get(hash) as TokenRow | undefined),
    );
  }

  insert(row: TokenRow): void {
    this.insertRow.run({ ...row, read_fids: row.read_fids ?? null });
  }

  /** Keeps a fixed token (from --token) in step with the command line on every start. */
  upsertApplication(row: TokenRow): void {
    this.db.prepare('DELETE FROM tokens WHERE hash = ?').run(row.hash);
    this.insert(row);
  }
}
