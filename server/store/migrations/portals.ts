// Schema of portals: one row per subdomain, list settings and simple users held as JSON text.
import type { Migration } from './migration.ts';

export const portalMigrations: Migration[] = [
  {
    id: '005-portals',
    sql: `
      CREATE TABLE portals (
        subdomain TEXT PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
        template TEXT NOT NULL DEFAULT '',
        args TEXT NOT NULL DEFAULT '{}',
        allow_public TEXT NOT NULL DEFAULT 'yes' CHECK (allow_public IN ('yes', 'no')),
        service_login TEXT NOT NULL DEFAULT 'no' CHECK (service_login IN ('yes', 'no')),
        service_login_registration TEXT NOT NULL DEFAULT 'restricted'
          CHECK (service_login_registration IN ('anyone', 'restricted', 'off')),
        service_login_users TEXT NOT NULL DEFAULT '[]',
        service_login_domains TEXT NOT NULL DEFAULT '[]',
        idp_openid_users TEXT NOT NULL DEFAULT '[]',
        idp_openid_domains TEXT NOT NULL DEFAULT '[]',
        simple_users TEXT NOT NULL DEFAULT '[]',
        cname_domain TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        modified_at INTEGER NOT NULL
      );
    `,
  },
];
