// Portal visitors' sessions and OpenID sign-ins under way, each found by the SHA-256 of its cookie's value.
import { type Db, sql } from './db.ts';

export type SessionKind = 'simple' | 'platform' | 'openid';

export interface SessionRow {
  id_hash: string;
  portal: string;
  kind: SessionKind;
  /** The simple user's name, or the e-mail address. */
  subject: string;
  created_at: number;
  expires_at: number;
}

export interface OpenIdFlowRow {
  id_hash: string;
  portal: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: number;
}

export class PortalSessionStore {
  constructor(private readonly db: Db) {}

  insert(row: SessionRow): void {
    sql(
      this.db,
      `INSERT INTO portal_sessions (id_hash, portal, kind, subject, created_at, expires_at)
       VALUES (@id_hash, @portal, @kind, @subject, @created_at, @expires_at)`,
    ).run(row);
  }

  find(idHash: string): SessionRow | undefined {
    return sql(this.db, 'SELECT * FROM portal_sessions WHERE id_hash = ?').get(idHash) as
      | SessionRow
      | undefined;
  }

  delete(idHash: string): void {
    sql(this.db, 'DELETE FROM portal_sessions WHERE id_hash = ?').run(idHash);
  }

  /** Every session of one signed-in identity (an account removed, a password changed). */
  deleteSubject(kind: SessionKind, subject: string): number {
    return sql(this.db, 'DELETE FROM portal_sessions WHERE kind = ? AND subject = ?').run(kind, subject)
      .changes;
  }

  deletePortal(portal: string): void {
    sql(this.db, 'DELETE FROM portal_sessions WHERE portal = ?').run(portal);
    sql(this.db, 'DELETE FROM openid_flows WHERE portal = ?').run(portal);
  }

  deleteExpired(now: number): void {
    sql(this.db, 'DELETE FROM portal_sessions WHERE expires_at <= ?').run(now);
    sql(this.db, 'DELETE FROM openid_flows WHERE expires_at <= ?').run(now);
  }

  insertFlow(row: OpenIdFlowRow): void {
    sql(
      this.db,
      `INSERT INTO openid_flows (id_hash, portal, state, nonce, code_verifier, redirect_uri, expires_at)
       VALUES (@id_hash, @portal, @state, @nonce, @code_verifier, @redirect_uri, @expires_at)`,
    ).run(row);
  }

  /** The flow, removed as it is read: a callback is answered once, a replay finds nothing. */
  takeFlow(idHash: string): OpenIdFlowRow | undefined {
    return this.db.transaction(() => {
      const row = sql(this.db, 'SELECT * FROM openid_flows WHERE id_hash = ?').get(idHash) as
        | OpenIdFlowRow
        | undefined;
      if (row) sql(this.db, 'DELETE FROM openid_flows WHERE id_hash = ?').run(idHash);
      return row;
    })();
  }
}
