// Token rows: the SHA-256 of a token identifies it; an application token's secret is also kept, encrypted
// (secret-box.ts), for the version 3 tokens minted from it.
import type { TokenType } from '../../src/contract/permissions.ts';
import { type Changes, changesOf } from './changes.ts';
import { type Db, sql } from './db.ts';
import type { SecretBox } from './secret-box.ts';

export type TokenKind = TokenType;
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
  private readonly changes: Changes;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {
    this.changes = changesOf(db);
  }

  find(hash: string): TokenRow | undefined {
    return sql(this.db, 'SELECT * FROM tokens WHERE hash = ?').get(hash) as TokenRow | undefined;
  }

  insert(row: TokenRow): void {
    sql(
      this.db,
      `INSERT INTO tokens (hash, kind, level, permissions, parent_hash, fid, rid, sourceip, expires_at, created_at,
         read_fids, secret_box, last4)
       VALUES (@hash, @kind, @level, @permissions, @parent_hash, @fid, @rid, @sourceip, @expires_at, @created_at,
         @read_fids, @secret_box, @last4)`,
    ).run({
      ...row,
      read_fids: row.read_fids ?? null,
      secret_box: row.secret_box ?? null,
      last4: row.last4 ?? null,
    });
    this.changes.tokens();
  }

  /** An application token's row with its secret sealed beside the hash. */
  applicationRow(row: TokenRow, token: string): TokenRow {
    return { ...row, secret_box: this.box.seal(token), last4: token.slice(-4) };
  }

  /** Keeps a fixed token (from --token) in step with the command line on every start. */
  upsertApplication(row: TokenRow): void {
    sql(this.db, 'DELETE FROM tokens WHERE hash = ?').run(row.hash);
    this.insert(row);
  }

  /**
   * A row made before secrets were kept holds only the hash: the first time its token is presented
   * (and so known to be right), its secret is sealed beside it.
   */
  rememberSecret(hash: string, token: string): void {
    sql(this.db, 'UPDATE tokens SET secret_box = ?, last4 = ? WHERE hash = ? AND secret_box IS NULL').run(
      this.box.seal(token),
      token.slice(-4),
      hash,
    );
    this.changes.tokens();
  }

  /** The gallery of an rrid (upload.iframe's), which a version 3 token's `!d` names. */
  galleryOfRrid(rrid: string): string | undefined {
    const row = sql(this.db, 'SELECT fid FROM galleries WHERE rrid = ?').get(rrid) as
      | { fid: string }
      | undefined;
    return row?.fid;
  }

  /** Application tokens ending in `last4` (their sealed secrets opened by `parentCandidates`). */
  applicationsEndingWith(last4: string): TokenRow[] {
    return sql(
      this.db,
      `SELECT * FROM tokens WHERE last4 = ? AND kind = 'application' AND secret_box IS NOT NULL`,
    ).all(last4) as TokenRow[];
  }

  /** The plaintext of application rows whose box opens: candidate parents of a version 3 token. */
  parentCandidates(rows: readonly Readonly<TokenRow>[]): ParentCandidate[] {
    const candidates: ParentCandidate[] = [];
    for (const row of rows) {
      const token = this.box.open(row.secret_box as string);
      if (token !== undefined) candidates.push({ row, token });
    }
    return candidates;
  }
}
