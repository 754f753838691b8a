// portal.*: check, cease, rename, remove, set (create or update, access rules) and list, keyed by subdomain.
import type { CallOptions, Envelope, Params, Transport } from './transport.ts';
import type { List, PortalAvailability, PortalEntry, YesNo } from './types.ts';

export interface PortalSubdomainParams {
  /** 3-63 characters of `a-z 0-9 -`, no leading or trailing hyphen. */
  subdomain: string;
}

export interface PortalCheckResponse {
  subdomain: PortalAvailability;
}

export interface PortalRenameParams {
  /** The existing subdomain. */
  from: string;
  /** The new name: valid and unused. */
  to: string;
}

export interface PortalSetParams {
  subdomain: string;
  /** Path of a predefined template. */
  template?: string;
  /** Template settings: a JSON string, or an object the client serialises. */
  args?: string | Readonly<Record<string, unknown>>;
  /** yes (default): anyone may access; no: restricted. */
  allow_public?: YesNo;
  /** Login with the platform's own credentials (default no). */
  service_login?: YesNo;
  service_login_registration?: 'anyone' | 'restricted' | 'off';
  /** E-mail addresses allowed to log in. */
  service_login_user_add?: List;
  service_login_user_remove?: List;
  /** Domains whose users may log in. */
  service_login_domain_add?: List;
  service_login_domain_remove?: List;
  /** E-mail addresses allowed to log in through the identity provider (OpenID). */
  idp_openid_user_add?: List;
  idp_openid_user_remove?: List;
  idp_openid_domain_add?: List;
  idp_openid_domain_remove?: List;
  /**
   * Users to add: `user:password` pairs as a comma list string, or an array of `user:password` strings
   * and `{ user, password }` objects (sent as a JSON array, so passwords may hold commas).
   */
  simple_user_add?: string | readonly (string | SimpleUser)[];
  simple_user_remove?: List;
  /** Own domain with a CNAME record already pointing at the portal. */
  cname_domain?: string;
}

export interface SimpleUser {
  user: string;
  password: string;
}

export interface PortalListParams {
  /** Only this portal; omit for all. */
  subdomain?: string;
}

export interface PortalListResponse {
  portals: PortalEntry[];
}

export class PortalApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** GET portal.check.json: whether a subdomain is `available`, `unavailable` or `invalid`. */
  check(params: PortalSubdomainParams, options?: CallOptions): Promise<PortalCheckResponse & Envelope> {
    return this.#transport.call('portal.check', 'GET', 'read', params, options);
  }

  /** POST portal.cease.json: deactivates a portal without deleting it (portal.set reactivates it). */
  cease(params: PortalSubdomainParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('portal.cease', 'POST', 'write', params, options);
  }

  /** POST portal.rename.json: moves a portal to a new subdomain. */
  rename(params: PortalRenameParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('portal.rename', 'POST', 'write', params, options);
  }

  /** POST portal.remove.json: deletes a portal and all its data, irreversibly. */
  remove(params: PortalSubdomainParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('portal.remove', 'POST', 'write', params, options);
  }

  /** POST portal.set.json: creates or updates a portal and its access rules. */
  async set(params: PortalSetParams, options?: CallOptions): Promise<Envelope> {
    const { args, simple_user_add, ...rest } = params;
    const query: Params = {
      ...rest,
      args: typeof args === 'object' ? JSON.stringify(args) : args,
      simple_user_add:
        typeof simple_user_add === 'object' ? JSON.stringify(simple_user_add) : simple_user_add,
    };
    return this.#transport.call('portal.set', 'POST', 'write', query, options);
  }

  /** GET portal.list.json: every portal, or the one named by `subdomain`. */
  list(params: PortalListParams = {}, options?: CallOptions): Promise<PortalListResponse & Envelope> {
    return this.#transport.call('portal.list', 'GET', 'read', params, options);
  }
}
