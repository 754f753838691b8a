// Portals in SQLite: bound parameters only.
import { type Db, sql } from './db.ts';

export interface PortalRow {
  subdomain: string;
  status: 'active' | 'inactive';
  template: string;
  /** JSON text of the template settings. */
  args: string;
  allow_public: 'yes' | 'no';
  service_login: 'yes' | 'no';
  service_login_registration: 'anyone' | 'restricted' | 'off';
  /** JSON arrays of strings. */
  service_login_users: string;
  service_login_domains: string;
  idp_openid_users: string;
  idp_openid_domains: string;
  /** JSON array of {user, hash}; the hash is scrypt's, never returned. */
  simple_users: string;
  cname_domain: string;
  created_at: number;
  modified_at: number;
}

export class PortalStore {
  private readonly getStmt;
  private readonly listStmt;
  private readonly upsertStmt;
  private readonly statusStmt;
  private readonly renameStmt;
  private readonly deleteStmt;

  constructor(private readonly db: Db) {
    this.getStmt = sql(db, 'SELECT * FROM portals WHERE subdomain = ?');
    this.listStmt = sql(db, 'SELECT * FROM portals ORDER BY created_at, subdomain');
    this.upsertStmt = sql(
      db,
      `INSERT INTO portals (subdomain, status, template, args, allow_public, service_login,
         service_login_registration, service_login_users, service_login_domains, idp_openid_users,
         idp_openid_domains, simple_users, cname_domain, created_at, modified_at)
       VALUES (@subdomain, @status, @template, @args, @allow_public, @service_login,
         @service_login_registration, @service_login_users, @service_login_domains, @idp_openid_users,
         @idp_openid_domains, @simple_users, @cname_domain, @created_at, @modified_at)
       ON CONFLICT (subdomain) DO UPDATE SET status = excluded.status, template = excluded.template,
         args = excluded.args, allow_public = excluded.allow_public, service_login = excluded.service_login,
         service_login_registration = excluded.service_login_registration,
         service_login_users = excluded.service_login_users,
         service_login_domains = excluded.service_login_domains,
         idp_openid_users = excluded.idp_openid_users, idp_openid_domains = excluded.idp_openid_domains,
         simple_users = excluded.simple_users, cname_domain = excluded.cname_domain,
         modified_at = excluded.modified_at`,
    );
    this.statusStmt = sql(db, 'UPDATE portals SET status = ?, modified_at = ? WHERE subdomain = ?');
    this.renameStmt = sql(db, 'UPDATE portals SET subdomain = ?, modified_at = ? WHERE subdomain = ?');
    this.deleteStmt = sql(db, 'DELETE FROM portals WHERE subdomain = ?');
  }

  get(subdomain: string): PortalRow | undefined {
    return this.getStmt.get(subdomain) as PortalRow | undefined;
  }

  /** The portal served on its own domain (lower case, no port). */
  byCname(domain: string): PortalRow | undefined {
    if (domain === '') return undefined;
    return sql(this.db, 'SELECT * FROM portals WHERE cname_domain = ?').get(domain) as PortalRow | undefined;
  }

  list(): PortalRow[] {
    return this.listStmt.all() as PortalRow[];
  }

  upsert(row: PortalRow): void {
    this.upsertStmt.run(row);
  }

  setStatus(subdomain: string, status: PortalRow['status'], now: number): void {
    this.statusStmt.run(status, now, subdomain);
  }

  rename(from: string, to: string, now: number): void {
    this.renameStmt.run(to, now, from);
  }

  delete(subdomain: string): void {
    this.deleteStmt.run(subdomain);
  }
}
