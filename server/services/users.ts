// The server's own user accounts, for platform login on portals: made, listed and removed from the command
// line (`gallery-server user …`); visitors may also make one where a portal takes registrations.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords.ts';
import { isValidEmail } from '../auth/portal-access.ts';
import { MAX_PASSWORD, MIN_PASSWORD } from '../auth/portal-sign-in.ts';
import type { ServerContext } from '../context.ts';
import { invalid, ServiceError } from '../errors.ts';
import { PortalSessionStore } from '../store/portal-sessions.ts';
import { UserStore } from '../store/users.ts';

export interface UserEntry {
  email: string;
  created: string;
}

/** 18 random bytes, base64url: 24 characters, 144 bits. */
const generatedPassword = (): string => randomBytes(18).toString('base64url');

export class UserService {
  private readonly store: UserStore;
  private readonly sessions: PortalSessionStore;

  constructor(private readonly ctx: ServerContext) {
    this.store = new UserStore(ctx.db);
    this.sessions = new PortalSessionStore(ctx.db);
  }

  /** Makes an account; with no password given, one is generated and returned (shown once, stored hashed). */
  async create(rawEmail: string, password?: string): Promise<{ email: string; password?: string }> {
    const email = rawEmail.trim().toLowerCase();
    if (!isValidEmail(email))
      throw invalid('email', `has '${rawEmail}', which is not a valid e-mail address`);
    const chosen = password ?? generatedPassword();
    if (chosen.length < MIN_PASSWORD || chosen.length > MAX_PASSWORD) {
      throw invalid('password', `must be ${MIN_PASSWORD}-${MAX_PASSWORD} characters`);
    }
    const created = this.store.insert({
      email,
      password_hash: await hashPassword(chosen),
      created_at: this.ctx.clock.now(),
    });
    if (!created) throw new ServiceError('conflict', `An account for ${email} exists already`);
    return password === undefined ? { email, password: chosen } : { email };
  }

  list(): UserEntry[] {
    return this.store
      .list()
      .map((row) => ({ email: row.email, created: new Date(row.created_at).toISOString() }));
  }

  /** Removes the account and ends its sessions on every portal. */
  remove(rawEmail: string): void {
    const email = rawEmail.trim().toLowerCase();
    if (!this.store.delete(email)) throw new ServiceError('not_found', `No account for ${email}`);
    this.sessions.deleteSubject('platform', email);
  }
}
