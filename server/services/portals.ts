// Portal rules: subdomain names and states, portal.set settings and access, the data portal pages need.
import { Resolver } from 'node:dns/promises';
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { PortalEntry } from '../../src/contract/portal.ts';
import type { Caller } from '../auth/credentials.ts';
import { hashPassword } from '../auth/passwords.ts';
import { formatPermissions } from '../auth/permissions.ts';
import type { ServerContext } from '../context.ts';
import { invalid, notFound, ServiceError } from '../errors.ts';
import { newSecret, sha256 } from '../ids.ts';
import { GalleryStore } from '../store/galleries.ts';
import { PortalSessionStore } from '../store/portal-sessions.ts';
import { type PortalRow, PortalStore } from '../store/portals.ts';
import {
  isValidDomain,
  isValidSubdomain,
  mergeList,
  parseArgs,
  parseList,
  parseSimpleUsers,
  parseUserNames,
} from './portal-rules.ts';

export type PortalSetParams = ServerParams<'portal.set'>;

/** A portal entry as this server makes it: every field of the contract's. */
export type FullPortalEntry = Required<PortalEntry>;

interface StoredUser {
  user: string;
  hash: string;
}

/** What a served portal page shows, with a read token for its elements. */
export interface PortalPage {
  portal: FullPortalEntry;
  galleries: { fid: string; name: string }[];
  token: string;
}

const PAGE_TOKEN_TTL_MS = 60 * 60 * 1000;
const DNS_TIMEOUT_MS = 3000;

function checkName(param: string, name: string): void {
  if (!isValidSubdomain(name)) {
    throw invalid(param, 'must be 3-63 characters of a-z, 0-9 and -, without a leading or trailing hyphen');
  }
}

/** Control characters, quotes and angle brackets have no place in a template path. */
const hasUnsafeChars = (text: string): boolean =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || '<>"'.includes(char));

const json = <T>(text: string): T => JSON.parse(text) as T;

export class PortalService {
  private readonly store: PortalStore;
  private readonly galleries: GalleryStore;
  private readonly sessions: PortalSessionStore;
  /** One page token per portal, reused until it nears its end, so page views do not pile up tokens. */
  private readonly pageTokens = new Map<
    string,
    { token: string; expiresAt: number; readFids: string | null }
  >();

  constructor(private readonly ctx: ServerContext) {
    this.store = new PortalStore(ctx.db);
    this.galleries = new GalleryStore(ctx.db);
    this.sessions = new PortalSessionStore(ctx.db);
  }

  /** portal.check: whether a subdomain is `available`, `unavailable` (taken) or `invalid`. */
  check({ subdomain }: ServerParams<'portal.check'>): AnswerOf<'portal.check'> {
    if (!isValidSubdomain(subdomain)) return { subdomain: 'invalid' };
    return { subdomain: this.store.get(subdomain) ? 'unavailable' : 'available' };
  }

  cease(caller: Caller, { subdomain }: ServerParams<'portal.cease'>): void {
    this.ctx.access.check(caller, 'portal.cease', {});
    this.existing('subdomain', subdomain);
    this.store.setStatus(subdomain, 'inactive', this.ctx.clock.now());
  }

  rename(caller: Caller, { from, to }: ServerParams<'portal.rename'>): void {
    this.ctx.access.check(caller, 'portal.rename', {});
    this.existing('from', from);
    checkName('to', to);
    if (to === from) return;
    if (this.store.get(to)) throw new ServiceError('conflict', `The subdomain '${to}' is already taken`);
    this.store.rename(from, to, this.ctx.clock.now());
    this.pageTokens.delete(from);
    // Sessions belong to the name they were made under: a later portal of that name starts with none.
    this.sessions.deletePortal(from);
  }

  remove(caller: Caller, { subdomain }: ServerParams<'portal.remove'>): void {
    this.ctx.access.check(caller, 'portal.remove', {});
    this.existing('subdomain', subdomain);
    this.store.delete(subdomain);
    this.pageTokens.delete(subdomain);
    this.sessions.deletePortal(subdomain);
  }

  /** portal.list: every portal, or the one named. */
  list({ subdomain }: ServerParams<'portal.list'>): AnswerOf<'portal.list'> {
    const rows = subdomain
      ? [this.store.get(subdomain)].filter((row) => row !== undefined)
      : this.store.list();
    return { portals: rows.map((row) => this.entry(row)) };
  }

  /** Creates or updates; every given setting is checked before anything is written. */
  async set(caller: Caller, params: PortalSetParams): Promise<void> {
    this.ctx.access.check(caller, 'portal.set', {});
    checkName('subdomain', params.subdomain);
    const current = this.store.get(params.subdomain);
    const now = this.ctx.clock.now();
    if (params.template !== undefined && hasUnsafeChars(params.template)) {
      throw invalid(
        'template',
        'must be a template path without control characters, quotes or angle brackets',
      );
    }
    const args = params.args === undefined || params.args === '' ? undefined : parseArgs(params.args);
    const lists = {
      service_login_users: this.merged(current, 'service_login_users', params, 'service_login_user', 'email'),
      service_login_domains: this.merged(
        current,
        'service_login_domains',
        params,
        'service_login_domain',
        'domain',
      ),
      idp_openid_users: this.merged(current, 'idp_openid_users', params, 'idp_openid_user', 'email'),
      idp_openid_domains: this.merged(current, 'idp_openid_domains', params, 'idp_openid_domain', 'domain'),
    };
    const added = parseSimpleUsers(params.simple_user_add);
    const cname =
      params.cname_domain === undefined
        ? (current?.cname_domain ?? '')
        : params.cname_domain.trim().toLowerCase();
    if (params.cname_domain !== undefined && cname !== '') await this.checkCname(params.subdomain, cname);

    const removed = new Set(parseUserNames(params.simple_user_remove));
    const users = new Map<string, string>();
    for (const { user, hash } of json<StoredUser[]>(current?.simple_users ?? '[]')) users.set(user, hash);
    for (const { user, password } of added) users.set(user, await hashPassword(password));
    for (const user of removed) users.delete(user);

    this.store.upsert({
      subdomain: params.subdomain,
      status: 'active',
      template: params.template ?? current?.template ?? '',
      args: args ? JSON.stringify(args) : (current?.args ?? '{}'),
      allow_public: params.allow_public ?? current?.allow_public ?? 'yes',
      service_login: params.service_login ?? current?.service_login ?? 'no',
      service_login_registration:
        params.service_login_registration ?? current?.service_login_registration ?? 'restricted',
      service_login_users: JSON.stringify(lists.service_login_users),
      service_login_domains: JSON.stringify(lists.service_login_domains),
      idp_openid_users: JSON.stringify(lists.idp_openid_users),
      idp_openid_domains: JSON.stringify(lists.idp_openid_domains),
      simple_users: JSON.stringify([...users].map(([user, hash]) => ({ user, hash }))),
      cname_domain: cname,
      created_at: current?.created_at ?? now,
      modified_at: now,
    });
  }

  /** An active portal, or undefined (unknown, removed or ceased: its pages answer 404). */
  active(subdomain: string): FullPortalEntry | undefined {
    const row = isValidSubdomain(subdomain) ? this.store.get(subdomain) : undefined;
    return row?.status === 'active' ? this.entry(row) : undefined;
  }

  /** The active portal served on its own domain `host` (lower case, no port). */
  activeOnDomain(host: string): FullPortalEntry | undefined {
    const row = this.store.byCname(host);
    return row?.status === 'active' ? this.entry(row) : undefined;
  }

  /** What the page of a portal shows, with the read token of its elements; ask only for an admitted visitor. */
  page(portal: FullPortalEntry): PortalPage {
    const fids = portal.args.galleries as string[] | undefined;
    const galleries = this.galleries.titles(fids);
    const token = this.pageToken(portal.subdomain, fids ? galleries.map((g) => g.fid) : null);
    return { portal, galleries, token };
  }

  private existing(param: string, subdomain: string): PortalRow {
    checkName(param, subdomain);
    const row = this.store.get(subdomain);
    if (!row) throw notFound('Portal', subdomain);
    return row;
  }

  private merged(
    current: PortalRow | undefined,
    field: 'service_login_users' | 'service_login_domains' | 'idp_openid_users' | 'idp_openid_domains',
    params: PortalSetParams,
    prefix: string,
    kind: 'email' | 'domain',
  ): string[] {
    const read = (name: string) => (params as unknown as Record<string, string | undefined>)[name];
    const add = parseList(`${prefix}_add`, read(`${prefix}_add`), kind);
    const remove = parseList(`${prefix}_remove`, read(`${prefix}_remove`), kind);
    return mergeList(json<string[]>(current?.[field] ?? '[]'), add, remove);
  }

  /** The own domain must already have a CNAME to this portal's host (or the server's host). */
  private async checkCname(subdomain: string, domain: string): Promise<void> {
    if (!isValidDomain(domain))
      throw invalid('cname_domain', 'must be a domain name such as media.example.com');
    const other = this.store.list().find((row) => row.cname_domain === domain && row.subdomain !== subdomain);
    if (other) throw new ServiceError('conflict', `The domain '${domain}' is already used by another portal`);
    if (this.ctx.options.skipDnsChecks) return;
    const host = new URL(this.ctx.publicUrl() || 'http://localhost').hostname.toLowerCase();
    const targets = new Set([`${subdomain}.${host}`, host]);
    const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
    let records: string[];
    try {
      records = await resolver.resolveCname(domain);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'lookup failed';
      throw invalid('cname_domain', `has no CNAME record that can be resolved (${code})`);
    }
    const names = records.map((name) => name.toLowerCase().replace(/\.$/, ''));
    if (!names.some((name) => targets.has(name))) {
      throw invalid('cname_domain', `has a CNAME to ${names.join(', ')}, not to ${[...targets][0]}`);
    }
  }

  /**
   * A temporary token for the elements of the page: it reads the galleries the page shows (`fids`, or
   * every gallery when the portal names none) and nothing else: no assets list, no changes.
   */
  private pageToken(subdomain: string, fids: readonly string[] | null): string {
    const now = this.ctx.clock.now();
    const readFids = fids ? JSON.stringify(fids) : null;
    const cached = this.pageTokens.get(subdomain);
    if (cached && cached.readFids === readFids && cached.expiresAt - now > PAGE_TOKEN_TTL_MS / 4) {
      return cached.token;
    }
    const token = newSecret();
    const expiresAt = now + PAGE_TOKEN_TTL_MS;
    this.ctx.tokens.insert({
      hash: sha256(token),
      kind: 'temporary',
      level: null,
      permissions: formatPermissions(['gallery.read']),
      parent_hash: null,
      fid: null,
      rid: null,
      sourceip: null,
      expires_at: expiresAt,
      created_at: now,
      read_fids: readFids,
    });
    this.pageTokens.set(subdomain, { token, expiresAt, readFids });
    return token;
  }

  private entry(row: PortalRow): FullPortalEntry {
    return {
      subdomain: row.subdomain,
      status: row.status,
      url: `${this.ctx.publicUrl()}/portals/${row.subdomain}/`,
      template: row.template,
      args: json<Record<string, unknown>>(row.args),
      allow_public: row.allow_public,
      service_login: row.service_login,
      service_login_registration: row.service_login_registration,
      service_login_users: json<string[]>(row.service_login_users),
      service_login_domains: json<string[]>(row.service_login_domains),
      idp_openid_users: json<string[]>(row.idp_openid_users),
      idp_openid_domains: json<string[]>(row.idp_openid_domains),
      simple_users: json<StoredUser[]>(row.simple_users).map((u) => u.user),
      cname_domain: row.cname_domain,
      created: new Date(row.created_at).toISOString(),
      modified: new Date(row.modified_at).toISOString(),
    };
  }
}
