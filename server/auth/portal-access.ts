// Who may enter a portal, from its access rules alone: which ways of signing in it offers and whether a
// signed-in visitor is admitted. Pure: the sessions, passwords and providers behind a visitor are checked
// before these rules see one (portal-gate.ts, portal-sign-in.ts).
import type { PortalEntry } from '../../src/contract/portal.ts';

/** The settings of a portal that decide who gets in. */
export type PortalRules = Required<
  Pick<
    PortalEntry,
    | 'subdomain'
    | 'allow_public'
    | 'service_login'
    | 'service_login_registration'
    | 'service_login_users'
    | 'service_login_domains'
    | 'idp_openid_users'
    | 'idp_openid_domains'
    | 'simple_users'
    | 'cname_domain'
  >
>;

/** Someone signed in: a simple user by name, or a person by e-mail through our accounts or OpenID. */
export type Visitor =
  | { kind: 'simple'; name: string }
  | { kind: 'platform'; email: string }
  | { kind: 'openid'; email: string };

export interface SignInMethods {
  /** The password form: simple users, or the server's own accounts. */
  password: boolean;
  /** Whether the form takes e-mail addresses (platform login) and not only simple user names. */
  accounts: boolean;
  /** A new visitor may make an account. */
  register: boolean;
  /** Sign in through the OpenID provider configured on the server. */
  openid: boolean;
}

const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A lower-case e-mail address as portal lists and accounts hold them. */
export const isValidEmail = (email: string): boolean => email.length <= 254 && EMAIL.test(email);

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

/** An e-mail listed by itself or by its domain (exactly: a subdomain of a listed domain is another one). */
export function listed(email: string, emails: readonly string[], domains: readonly string[]): boolean {
  const address = email.toLowerCase();
  return emails.includes(address) || domains.includes(domainOf(address));
}

export function signInMethods(rules: PortalRules, openidConfigured: boolean): SignInMethods {
  const accounts = rules.service_login === 'yes';
  const anyone = accounts && rules.service_login_registration === 'anyone';
  const someoneListed = rules.service_login_users.length > 0 || rules.service_login_domains.length > 0;
  return {
    password: rules.simple_users.length > 0 || (accounts && (anyone || someoneListed)),
    accounts: accounts && (anyone || someoneListed),
    register: anyone || (accounts && rules.service_login_registration === 'restricted' && someoneListed),
    openid: openidConfigured && (rules.idp_openid_users.length > 0 || rules.idp_openid_domains.length > 0),
  };
}

/** A restricted portal that offers no way in at all: nobody may enter. */
export function closed(rules: PortalRules, openidConfigured: boolean): boolean {
  if (rules.allow_public === 'yes') return false;
  const methods = signInMethods(rules, openidConfigured);
  return !methods.password && !methods.openid;
}

/** Whether an e-mail may make an account on this portal. */
export function mayRegister(rules: PortalRules, email: string): boolean {
  if (rules.service_login !== 'yes') return false;
  if (rules.service_login_registration === 'anyone') return true;
  return (
    rules.service_login_registration === 'restricted' &&
    listed(email, rules.service_login_users, rules.service_login_domains)
  );
}

/** Whether the visitor (null: nobody signed in) may see the portal, as its rules stand now. */
export function admits(rules: PortalRules, visitor: Visitor | null): boolean {
  if (rules.allow_public === 'yes') return true;
  if (!visitor) return false;
  switch (visitor.kind) {
    case 'simple':
      return rules.simple_users.includes(visitor.name);
    case 'platform':
      // `anyone` lets every new visitor make an account and enter: an account made elsewhere enters too.
      return (
        rules.service_login === 'yes' &&
        (rules.service_login_registration === 'anyone' ||
          listed(visitor.email, rules.service_login_users, rules.service_login_domains))
      );
    case 'openid':
      return listed(visitor.email, rules.idp_openid_users, rules.idp_openid_domains);
  }
}
