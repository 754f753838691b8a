// Identifiers and secrets: random, URL-safe, never derived from user input.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The hosted service's uploader takes any answer holding the substring `error` for a failure, and our
 * answers carry rids: an id holding it is drawn again (one in about 2 million 12-character ids).
 */
const FORBIDDEN = 'error';

function draw(length: number): string {
  // 252 = 7 x 36: bytes from 252 up would favour the first letters, so they are skipped.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 252) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A short random identifier such as a fid or rid (12 characters of [a-z0-9], ~62 bits). */
export function newId(length = 12): string {
  for (;;) {
    const id = draw(length);
    if (!id.includes(FORBIDDEN)) return id;
  }
}

/** A bearer secret: 32 random bytes, base64url. */
export function newSecret(): string {
  for (;;) {
    const secret = randomBytes(32).toString('base64url');
    if (!secret.includes(FORBIDDEN)) return secret;
  }
}

/**
 * The secret half of an application token `<accid>i<secret>`: `o` and 26 lowercase letters and digits
 * (~134 bits), the shape of the hosted service's own. Never `3` first: `<accid>i3…` is a self-minted
 * version 3 token.
 */
export function newApplicationSecret(): string {
  return `o${newId(26)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
