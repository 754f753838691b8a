// General operations: ping and token.get_temp.
import { GET_READ, type HeadsOf, type Op, type RulesOf } from './operation.ts';
import type { TokenType } from './permissions.ts';
import { text } from './schema.ts';

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
  /**
   * Permission names or patterns (`asset.*`); joined by `|`. Omit for the parent token's permissions;
   * empty for none.
   */
  permissions?: string | readonly string[];
  /** Restricts changes to one asset. */
  rid?: string;
  /** Restricts changes to one gallery. */
  fid?: string;
  /** Rejects calls from any other client IP address. */
  sourceip?: string;
}

export interface TempTokenResponse {
  /** The temporary token; send it as `api_token` (a client built with it as `token`). */
  token: string;
  /** ISO 8601 expiry, or null for none. */
  expires: string | null;
}

export interface GeneralOperations {
  ping: Op<Record<never, never>, PingResponse>;
  'token.get_temp': Op<TempTokenParams, TempTokenResponse>;
}

export const GENERAL = {
  ping: GET_READ,
  'token.get_temp': GET_READ,
} as const satisfies HeadsOf<GeneralOperations>;

export const GENERAL_RULES = {
  ping: { permission: null, scope: { touches: 'nothing' }, uploadToken: true, params: {} },
  'token.get_temp': {
    permission: 'token.create',
    // A scoped temporary token may mint narrower ones: the new token keeps the scope.
    scope: { touches: 'token' },
    params: { ttl: text(20), permissions: text(2000), rid: text(64), fid: text(64), sourceip: text(64) },
  },
} as const satisfies RulesOf<GeneralOperations>;
