// Token rows: the SHA-256 of a token identifies it; an application token's secret is also kept, encrypted
// (auth/secret-box.ts), for the version 3 tokens minted from it.
import type { SecretBox } from '../auth/secret-box.ts';
import { type Db, memoizedRead } from './db.ts';

/** Any write to the tokens table (a new token, a fixed token replaced) makes a looked-up row stale. */
const TOKEN_READS = [{ table: 'tokens', columns: ['*'] }] as const;
const RRID_READS = [{ table: 'galleries', columns: ['fid', 'rrid'] }] as const;

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
  /** Application tokens: the token itself, sealed (null for rows made before it was kept). */
  secret_box?: string | null;
  /** Application tokens: its last 4 characters, by which a version 3 token names its parent. */
  last4?: string | null;
}

/** An application token and its plaintext, a candidate parent of a version 3 token. */
export interface ParentCandidate {
  row: Readonly<TokenRow>;
  token: string;
}

export class TokenStore {
  private readonly byHash;
  private readonly insertRow;
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {
    this.byHash = db.prepare('SELECT * FROM tokens WHERE hash = ?');
    this.insertRow = db.prepare(
      `INSERT INTO tokens (hash, kind, level, permissions, parent_hash, fid, rid, sourceip, expires_at, created_at,
         read_fids, secret_box, last4)
       VALUES (@hash, @kind, @level, @permissions, @parent_hash, @fid, @rid, @sourceip, @expires_at, @created_at,
         @read_fids, @secret_box, @last4)`,
    );
  }

  /** Every request looks its token up: the row is remembered until the tokens table is written. */
  find(hash: string): Readonly<TokenRow> | undefined {
    return memoizedRead(this.db, `token ${hash}`, TOKEN_READS, () =>
      Object.freeze(this.byHash.get(hash) as TokenRow | undefined),
    );
  }

  insert(row: TokenRow): void {
    this.insertRow.run({
      ...row,
      read_fids: row.read_fids ?? null,
      secret_box: row.secret_box ?? null,
      last4: row.last4 ?? null,
    });
  }

  /** An application token's row with its secret sealed beside the hash. */
  applicationRow(row: TokenRow, token: string): TokenRow {
    return { ...row, secret_box: this.box.seal(token), last4: token.slice(-4) };
  }

  /** Keeps a fixed token (from --token) in step with the command line on every start. */
  upsertApplication(row: TokenRow): void {
    this.db.prepare('DELETE FROM tokens WHERE hash = ?').run(row.hash);
    this.insert(row);
  }

  /**
   * A row made before secrets were kept holds only the hash: the first time its token is presented
   * (and so known to be right), its secret is sealed beside it.
   */
  rememberSecret(hash: string, token: string): void {
    this.db
      .prepare('UPDATE tokens SET secret_box = ?, last4 = ? WHERE hash = ? AND secret_box IS NULL')
      .run(this.box.seal(token), token.slice(-4), hash);
  }

  /** The gallery of an rrid (upload.iframe's), which a version 3 token's `!d` names. */
  galleryOfRrid(rrid: string): string | undefined {
    return memoizedRead(this.db, `rrid ${rrid}`, RRID_READS, () => {
      const row = this.db.prepare('SELECT fid FROM galleries WHERE rrid = ?').get(rrid) as
        | { fid: string }
        | undefined;
      return row?.fid;
    });
  }

  /** Application tokens ending in `last4`, with their plaintext (those whose box opens). */
  applicationsEndingWith(last4: string): ParentCandidate[] {
    const rows = memoizedRead(this.db, `last4 ${last4}`, TOKEN_READS, () =>
      this.db
        .prepare(`SELECT * FROM tokens WHERE last4 = ? AND kind = 'application' AND secret_box IS NOT NULL`)
        .all(last4)
        .map((row) => Object.freeze(row as TokenRow)),
    );
    const candidates: ParentCandidate[] = [];
    for (const row of rows) {
      const token = this.box.open(row.secret_box as string);
      if (token !== undefined) candidates.push({ row, token });
    }
    return candidates;
  }
}
