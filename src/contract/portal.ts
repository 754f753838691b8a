// portal.*: check, cease, rename, remove, set (create or update, access rules) and list, keyed by subdomain.
import { GET_READ, type HeadsOf, type Op, POST_WRITE, type RulesOf } from './operation.ts';
import { oneOf, text, YES_NO } from './schema.ts';
import type { List, YesNo } from './wire.ts';

/** portal.check answer: `available`, `unavailable` (taken), `invalid` or another status text. */
export type PortalAvailability = 'available' | 'unavailable' | 'invalid' | (string & {});

/** A portal entry of portal.list (passwords of simple users are never returned). */
export interface PortalEntry {
  subdomain: string;
  /** `active`, or `inactive` after portal.cease. */
  status: 'active' | 'inactive' | (string & {});
  /** The portal's address (reference server). */
  url?: string;
  template?: string;
  /** Template settings, parsed. */
  args?: Record<string, unknown>;
  allow_public?: 'yes' | 'no';
  service_login?: 'yes' | 'no';
  service_login_registration?: 'anyone' | 'restricted' | 'off';
  service_login_users?: string[];
  service_login_domains?: string[];
  idp_openid_users?: string[];
  idp_openid_domains?: string[];
  /** User names only. */
  simple_users?: string[];
  cname_domain?: string;
  created?: string;
  modified?: string;
  [field: string]: unknown;
}

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

export interface SimpleUser {
  user: string;
  password: string;
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

export interface PortalListParams {
  /** Only this portal; omit for all. */
  subdomain?: string;
}

export interface PortalListResponse {
  portals: PortalEntry[];
}

type Empty = Record<never, never>;

export interface PortalOperations {
  'portal.check': Op<PortalSubdomainParams, PortalCheckResponse>;
  'portal.cease': Op<PortalSubdomainParams, Empty>;
  'portal.rename': Op<PortalRenameParams, Empty>;
  'portal.remove': Op<PortalSubdomainParams, Empty>;
  'portal.set': Op<PortalSetParams, Empty>;
  'portal.list': Op<PortalListParams, PortalListResponse>;
}

export const PORTAL = {
  'portal.check': GET_READ,
  'portal.cease': POST_WRITE,
  'portal.rename': POST_WRITE,
  'portal.remove': POST_WRITE,
  'portal.set': POST_WRITE,
  'portal.list': GET_READ,
} as const satisfies HeadsOf<PortalOperations>;

const NAME = text(255);
const TEXT = text(10_000);
const CHANGE = { touches: 'account', action: 'change portals', param: 'subdomain' } as const;

export const PORTAL_RULES = {
  'portal.check': {
    permission: 'portal.read',
    scope: { touches: 'nothing' },
    params: { subdomain: text(2000) },
    required: ['subdomain'],
  },
  'portal.cease': {
    permission: 'portal.update',
    scope: CHANGE,
    params: { subdomain: NAME },
    required: ['subdomain'],
  },
  'portal.rename': {
    permission: 'portal.update',
    scope: { touches: 'account', action: 'change portals', param: 'from' },
    params: { from: NAME, to: NAME },
    required: ['from', 'to'],
  },
  'portal.remove': {
    permission: 'portal.delete',
    scope: CHANGE,
    params: { subdomain: NAME },
    required: ['subdomain'],
  },
  'portal.set': {
    permission: 'portal.update',
    scope: CHANGE,
    params: {
      subdomain: NAME,
      template: text(255),
      args: text(100_000),
      allow_public: YES_NO,
      service_login: YES_NO,
      service_login_registration: oneOf(['anyone', 'restricted', 'off']),
      service_login_user_add: TEXT,
      service_login_user_remove: TEXT,
      service_login_domain_add: TEXT,
      service_login_domain_remove: TEXT,
      idp_openid_user_add: TEXT,
      idp_openid_user_remove: TEXT,
      idp_openid_domain_add: TEXT,
      idp_openid_domain_remove: TEXT,
      simple_user_add: TEXT,
      simple_user_remove: TEXT,
      cname_domain: NAME,
    },
    required: ['subdomain'],
  },
  'portal.list': { permission: 'portal.read', scope: { touches: 'nothing' }, params: { subdomain: NAME } },
} as const satisfies RulesOf<PortalOperations>;
