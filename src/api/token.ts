// token.get_temp: temporary tokens, narrower than the client's own.
import { GENERAL, type GeneralOperations, type TempTokenParams } from '../contract/general.ts';
import { Namespace } from './namespace.ts';
import type { CallOptions, Transport } from './transport.ts';

export type { TempTokenParams, TempTokenResponse } from '../contract/general.ts';

export class TokenApi extends Namespace<GeneralOperations> {
  constructor(transport: Transport) {
    super(transport, GENERAL);
  }

  /** GET token.get_temp.json: a temporary token, narrower than this client's, returned in `token`. */
  getTemp(params: TempTokenParams = {}, options?: CallOptions) {
    const query = { ...params, permissions: joinPermissions(params.permissions) };
    return this.call('token.get_temp', query, options);
  }
}

/** Permission lists are joined by pipes, unlike every other list of the API. */
function joinPermissions(permissions: string | readonly string[] | undefined): string | undefined {
  return typeof permissions === 'string' || permissions === undefined ? permissions : permissions.join('|');
}
