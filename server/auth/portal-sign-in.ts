// Signing in to a portal: a simple user's or an account's password (throttled), a new account where the
// portal takes registrations, or the identity an OpenID provider vouched for. Each success is a session
// (portal-sessions.ts); each refusal names its reason, for the page to say.
import type { Clock } from '../clock.ts';
import type { PortalStore } from '../store/portals.ts';
import type { UserStore } from '../store/users.ts';
import type { OpenIdIdentity } from './openid.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { admits, isValidEmail, mayRegister, type PortalRules, type Visitor } from './portal-access.ts';
import type { NewSession, PortalSessions } from './portal-sessions.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

export type SignInRefusal =
  | 'wrong-password'
  | 'not-allowed'
  | 'throttled'
  | 'registration-closed'
  | 'account-exists'
  | 'invalid-email'
  | 'weak-password'
  | 'unverified-email';

export type SignInOutcome =
  | { ok: true; visitor: Visitor; session: NewSession }
  | { ok: false; refusal: SignInRefusal; email?: string; retryAfterSeconds?: number };

interface StoredSimpleUser {
  user: string;
  hash: string;
}

export class PortalSignIn {
  constructor(
    private readonly deps: {
      portals: PortalStore;
      users: UserStore;
      sessions: PortalSessions;
      throttle: SignInThrottle;
      clock: Clock;
    },
  ) {}

  /** The sign-in form: a simple user's name or an account's e-mail, and its password. */
  async password(
    rules: PortalRules,
    identifier: string,
    password: string,
    ip: string,
  ): Promise<SignInOutcome> {
    const checked = await this.check(rules, identifier.trim(), password, ip);
    if (!checked.ok) return checked;
    return this.enter(rules, checked.visitor);
  }

  /**
   * HTTP Basic for simple users (scripts and old links): the visitor when the password is right, never a
   * session. Counted by the same throttle as the form.
   */
  async basic(rules: PortalRules, user: string, password: string, ip: string): Promise<Visitor | null> {
    if (!rules.simple_users.includes(user)) return null;
    const checked = await this.check(rules, user, password, ip);
    return checked.ok ? checked.visitor : null;
  }

  /** The registration form: makes the account, then signs it in. */
  async register(rules: PortalRules, rawEmail: string, password: string, ip: string): Promise<SignInOutcome> {
    const email = rawEmail.trim().toLowerCase();
    if (rules.service_login !== 'yes' || rules.service_login_registration === 'off') {
      return { ok: false, refusal: 'registration-closed' };
    }
    if (!isValidEmail(email)) return { ok: false, refusal: 'invalid-email', email };
    if (!mayRegister(rules, email)) return { ok: false, refusal: 'not-allowed', email };
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
      return { ok: false, refusal: 'weak-password' };
    }
    const wait = this.deps.throttle.retryAfter(rules.subdomain, ip, email);
    if (wait > 0) return { ok: false, refusal: 'throttled', retryAfterSeconds: wait };
    const hash = await hashPassword(password);
    if (!this.deps.users.insert({ email, password_hash: hash, created_at: this.deps.clock.now() })) {
      // Probing which addresses have accounts costs a try, like a wrong password.
      this.deps.throttle.failed(rules.subdomain, ip, email);
      return { ok: false, refusal: 'account-exists', email };
    }
    return this.enter(rules, { kind: 'platform', email });
  }

  /** An identity the OpenID provider vouched for: only a verified, listed e-mail enters. */
  openid(rules: PortalRules, identity: OpenIdIdentity): SignInOutcome {
    if (!identity.emailVerified) return { ok: false, refusal: 'unverified-email', email: identity.email };
    return this.enter(rules, { kind: 'openid', email: identity.email });
  }

  private enter(rules: PortalRules, visitor: Visitor): SignInOutcome {
    if (!admits({ ...rules, allow_public: 'no' }, visitor)) {
      return {
        ok: false,
        refusal: 'not-allowed',
        email: visitor.kind === 'simple' ? undefined : visitor.email,
      };
    }
    return { ok: true, visitor, session: this.deps.sessions.create(rules.subdomain, visitor) };
  }

  /** Whose password this is, throttled per (portal, address) and (portal, account). */
  private async check(
    rules: PortalRules,
    identifier: string,
    password: string,
    ip: string,
  ): Promise<
    { ok: true; visitor: Visitor } | { ok: false; refusal: SignInRefusal; retryAfterSeconds?: number }
  > {
    const portal = rules.subdomain;
    const wait = this.deps.throttle.retryAfter(portal, ip, identifier);
    if (wait > 0) return { ok: false, refusal: 'throttled', retryAfterSeconds: wait };
    let visitor: Visitor | null = null;
    const simple = rules.simple_users.includes(identifier) ? this.simpleHash(portal, identifier) : undefined;
    if (simple !== undefined) {
      if (await verifyPassword(password, simple)) visitor = { kind: 'simple', name: identifier };
    } else {
      const email = identifier.toLowerCase();
      const account = rules.service_login === 'yes' ? this.deps.users.get(email) : undefined;
      // An unknown account takes as long to refuse as a wrong password.
      const right = await verifyPassword(password, account?.password_hash ?? (await decoyHash()));
      if (account && right) visitor = { kind: 'platform', email };
    }
    if (!visitor) {
      this.deps.throttle.failed(portal, ip, identifier);
      return { ok: false, refusal: 'wrong-password' };
    }
    this.deps.throttle.succeeded(portal, ip);
    return { ok: true, visitor };
  }

  private simpleHash(portal: string, user: string): string | undefined {
    const row = this.deps.portals.get(portal);
    const users = row ? (JSON.parse(row.simple_users) as StoredSimpleUser[]) : [];
    return users.find((each) => each.user === user)?.hash;
  }
}
