// CSRF tokens of the portal forms (sign-in, registration, sign-out): an HMAC, under a key derived from the
// server secret, of the portal and a random value the browser holds in a SameSite cookie. A page from
// elsewhere can neither read that cookie nor compute the token.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class CsrfTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('portal-form-csrf').digest();
  }

  token(portal: string, browserValue: string): string {
    return createHmac('sha256', this.key).update(`${portal}\n${browserValue}`).digest('base64url');
  }

  valid(portal: string, browserValue: string | undefined, token: unknown): boolean {
    if (!browserValue || typeof token !== 'string' || token === '') return false;
    const expected = Buffer.from(this.token(portal, browserValue));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
