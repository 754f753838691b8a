// Schema of portal sign-in: the server's own user accounts, visitors' sessions and OpenID sign-ins under way.
import type { Migration } from './migration.ts';

export const portalAccessMigrations: Migration[] = [
  {
    id: '012-portal-access',
    sql: `
      CREATE TABLE users (
        email TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE portal_sessions (
        id_hash TEXT PRIMARY KEY,
        portal TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('simple', 'platform', 'openid')),
        subject TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX portal_sessions_subject ON portal_sessions (kind, subject);
      CREATE TABLE openid_flows (
        id_hash TEXT PRIMARY KEY,
        portal TEXT NOT NULL,
        state TEXT NOT NULL,
        nonce TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        redirect_uri TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
  },
];
