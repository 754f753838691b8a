// The typed API v2 client: one method per operation, grouped by namespace (client.gallery.getItems, …).
import { type CallOptions, type ClientOptions, type Envelope, Transport } from './transport.ts';
import type { PingResponse, TempTokenParams, TempTokenResponse } from './types.ts';

export class GalleryClient {
  readonly transport: Transport;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
  }

  /** GET ping.json: checks the token; tells the account, permissions and token type. */
  ping(options?: CallOptions): Promise<PingResponse & Envelope> {
    return this.transport.call('ping', 'GET', 'read', {}, options);
  }

  readonly token = {
    /** GET token.get_temp.json: a temporary token, narrower than this client's, returned in `token`. */
    getTemp: (params: TempTokenParams = {}, options?: CallOptions): Promise<TempTokenResponse & Envelope> =>
      this.transport.call(
        'token.get_temp',
        'GET',
        'write',
        { ...params, permissions: joinPermissions(params.permissions) },
        options,
      ),
  };
}

/** Permission lists are joined by pipes, unlike every other list of the API. */
function joinPermissions(permissions: string | readonly string[] | undefined): string | undefined {
  return typeof permissions === 'string' || permissions === undefined ? permissions : permissions.join('|');
}
