// Wire types of API v2, named as the service names them (fid, items_per_page, delete_assets).

export type TokenType = 'application' | 'temporary' | 'upload';

export interface PingResponse {
  ping: 'pong';
  accid: string;
  /** Granted permissions joined by pipes, e.g. `|asset.*|gallery.read|`. */
  permissions: string;
  ip: string;
  token_type: TokenType;
  /** ISO 8601 expiry, or null for none. */
  expires: string | null;
}

export interface TempTokenParams {
  /** Seconds until the token expires; omit for never. */
  ttl?: number;
  /** Permission names or patterns (`asset.*`); joined by `|`. Omit or empty for none. */
  permissions?: string | readonly string[];
  /** Restricts changes to one asset. */
  rid?: string;
  /** Restricts changes to one gallery. */
  fid?: string;
  /** Rejects calls from any other client IP address. */
  sourceip?: string;
}

export interface TempTokenResponse {
  token: string;
  expires: string | null;
}
