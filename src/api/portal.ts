// portal.*: check, cease, rename, remove, set (create or update, access rules) and list, keyed by subdomain.
import {
  PORTAL,
  type PortalListParams,
  type PortalOperations,
  type PortalRenameParams,
  type PortalSetParams,
  type PortalSubdomainParams,
} from '../contract/portal.ts';
import { Namespace } from './namespace.ts';
import type { CallOptions, Envelope, Params, Transport } from './transport.ts';

export type {
  PortalCheckResponse,
  PortalListParams,
  PortalListResponse,
  PortalRenameParams,
  PortalSetParams,
  PortalSubdomainParams,
  SimpleUser,
} from '../contract/portal.ts';

export class PortalApi extends Namespace<PortalOperations> {
  constructor(transport: Transport) {
    super(transport, PORTAL);
  }

  /** GET portal.check.json: whether a subdomain is `available`, `unavailable` or `invalid`. */
  check(params: PortalSubdomainParams, options?: CallOptions) {
    return this.call('portal.check', params, options);
  }

  /** POST portal.cease.json: deactivates a portal without deleting it (portal.set reactivates it). */
  cease(params: PortalSubdomainParams, options?: CallOptions): Promise<Envelope> {
    return this.call('portal.cease', params, options);
  }

  /** POST portal.rename.json: moves a portal to a new subdomain. */
  rename(params: PortalRenameParams, options?: CallOptions): Promise<Envelope> {
    return this.call('portal.rename', params, options);
  }

  /** POST portal.remove.json: deletes a portal and all its data, irreversibly. */
  remove(params: PortalSubdomainParams, options?: CallOptions): Promise<Envelope> {
    return this.call('portal.remove', params, options);
  }

  /** POST portal.set.json: creates or updates a portal and its access rules. */
  async set(params: PortalSetParams, options?: CallOptions): Promise<Envelope> {
    const { args, simple_user_add, ...rest } = params;
    const query: Params = {
      ...rest,
      args: typeof args === 'object' ? JSON.stringify(args) : args,
      simple_user_add:
        typeof simple_user_add === 'object' ? JSON.stringify(simple_user_add) : simple_user_add,
    };
    return this.call('portal.set', query, options);
  }

  /** GET portal.list.json: every portal, or the one named by `subdomain`. */
  list(params: PortalListParams = {}, options?: CallOptions) {
    return this.call('portal.list', params, options);
  }
}
