// token.get_temp: temporary tokens, narrower than the client's own.
import type { CallOptions, Envelope, Transport } from './transport.ts';

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

export class TokenApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** GET token.get_temp.json: a temporary token, narrower than this client's, returned in `token`. */
  getTemp(params: TempTokenParams = {}, options?: CallOptions): Promise<TempTokenResponse & Envelope> {
    return this.#transport.call(
      'token.get_temp',
      'GET',
      'read',
      { ...params, permissions: joinPermissions(params.permissions) },
      options,
    );
  }
}

/** Permission lists are joined by pipes, unlike every other list of the API. */
function joinPermissions(permissions: string | readonly string[] | undefined): string | undefined {
  return typeof permissions === 'string' || permissions === undefined ? permissions : permissions.join('|');
}
