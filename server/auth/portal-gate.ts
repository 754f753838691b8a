// Whether a visitor may see a portal now: its rules (portal-access.ts) applied to the credential the
// request presents, a portal session cookie or HTTP Basic for a simple user.
import { admits, closed, type PortalRules, type Visitor } from './portal-access.ts';
import type { PortalSessions } from './portal-sessions.ts';
import type { PortalSignIn } from './portal-sign-in.ts';

/** What a request to a portal page presents. */
export interface PortalPresented {
  /** The portal session cookie's value. */
  session?: string;
  /** The Authorization header. */
  authorization?: string;
  ip: string;
}

export type Admission =
  | { admitted: true; visitor: Visitor | null }
  /**
   * `closed`: a restricted portal that offers no way in; `sign-in`: nobody signed in (or a wrong Basic
   * password); `not-allowed`: signed in, but the portal's rules no longer let this visitor in.
   */
  | { admitted: false; why: 'closed' | 'sign-in' | 'not-allowed'; visitor: Visitor | null };

function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export class PortalGate {
  constructor(
    private readonly sessions: PortalSessions,
    private readonly signIn: PortalSignIn,
    private readonly openidConfigured: boolean,
  ) {}

  async admit(rules: PortalRules, presented: PortalPresented): Promise<Admission> {
    const visitor = this.sessions.read(rules.subdomain, presented.session);
    if (admits(rules, visitor)) return { admitted: true, visitor };
    if (closed(rules, this.openidConfigured)) return { admitted: false, why: 'closed', visitor };
    const basic = basicCredentials(presented.authorization);
    if (basic) {
      const simple = await this.signIn.basic(rules, basic.user, basic.password, presented.ip);
      if (simple) return { admitted: true, visitor: simple };
    }
    return { admitted: false, why: visitor ? 'not-allowed' : 'sign-in', visitor };
  }

  sessionVisitor(rules: PortalRules, session: string | undefined): Visitor | null {
    return this.sessions.read(rules.subdomain, session);
  }

  /** Signing out: the session ends on the server, whatever becomes of the cookie. */
  signOut(session: string | undefined): void {
    this.sessions.end(session);
  }
}
