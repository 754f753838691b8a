// Portal sessions: an opaque random id in the visitor's cookie, its SHA-256 in the database. Chosen over a
// self-contained signed cookie because signing out, removing an account or ceasing a portal must end a
// session on the server at once, and a stolen database holds no usable cookie.
import type { Clock } from '../clock.ts';
import { newSecret, sha256 } from '../ids.ts';
import type { PortalSessionStore } from '../store/portal-sessions.ts';
import type { Visitor } from './portal-access.ts';

/** How long a sign-in lasts; the cookie expires with it. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface NewSession {
  /** The cookie's value. */
  id: string;
  expiresAt: number;
}

export class PortalSessions {
  constructor(
    private readonly store: PortalSessionStore,
    private readonly clock: Clock,
  ) {}

  create(portal: string, visitor: Visitor): NewSession {
    const now = this.clock.now();
    this.store.deleteExpired(now);
    const id = newSecret();
    const expiresAt = now + SESSION_TTL_MS;
    this.store.insert({
      id_hash: sha256(id),
      portal,
      kind: visitor.kind,
      subject: visitor.kind === 'simple' ? visitor.name : visitor.email,
      created_at: now,
      expires_at: expiresAt,
    });
    return { id, expiresAt };
  }

  /** The visitor of a cookie's session on this portal, while it has not expired. */
  read(portal: string, id: string | undefined): Visitor | null {
    if (!id) return null;
    const row = this.store.find(sha256(id));
    if (!row || row.portal !== portal || this.clock.now() >= row.expires_at) return null;
    return row.kind === 'simple'
      ? { kind: 'simple', name: row.subject }
      : { kind: row.kind, email: row.subject };
  }

  end(id: string | undefined): void {
    if (id) this.store.delete(sha256(id));
  }
}
