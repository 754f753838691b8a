// Passwords of simple users and of the server's own accounts: scrypt with a per-password random salt,
// compared in constant time; never stored in clear.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
/**
 * N = 2^15, r = 8, p = 1: 32 MiB and some 50-100 ms per hash on a small server, the cost OWASP names for
 * scrypt. Hashes carry their parameters, so a later raise leaves earlier hashes readable.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
/** Hashes made before the cost was written into them used node's defaults. */
const LEGACY_COST = { N: 2 ** 14, r: 8, p: 1 };

type Cost = typeof COST;

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  const maxmem = 256 * cost.N * cost.r + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$<N>$<r>$<p>$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return false;
  let cost: Cost = LEGACY_COST;
  if (parts.length === 6) {
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    // A stored hash is ours, but a damaged one must not ask for gigabytes.
    if (!(N >= 2 ** 10 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return false;
    cost = { N, r, p };
  } else if (parts.length !== 3) return false;
  const [salt, key] = parts.slice(-2) as [string, string];
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of no password, to compare against when the account does not exist: both answers take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
