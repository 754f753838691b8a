// Reading the Cookie header and writing Set-Cookie values for the portal pages.

export interface CookieOptions {
  path: string;
  /**
   * Seconds the cookie lives; absent: until the browser closes; 0 deletes it. Relative, not an Expires
   * date: the server's clock may be a test's.
   */
  maxAgeSeconds?: number;
  secure: boolean;
}

/** The cookies a request carries; a name given twice keeps its first (most specific path) value. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    if (name === '' || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(equals + 1).trim()));
    } catch {
      // A value that is not ours: ignore it.
    }
  }
  return cookies;
}

/** A host-only, HttpOnly, SameSite=Lax cookie (Secure when the request came over https). */
export function cookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.round(options.maxAgeSeconds))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
