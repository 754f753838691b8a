// live.*: list, create, start, stop, reset, delete; every one is a GET, even those that change state.
import { LIVE, type LiveCreateParams, type LiveIdParams, type LiveOperations } from '../contract/live.ts';
import { Namespace } from './namespace.ts';
import type { CallOptions, Envelope, Transport } from './transport.ts';

export type {
  LiveCreateParams,
  LiveCreateResponse,
  LiveIdParams,
  LiveListResponse,
  LiveStateResponse,
} from '../contract/live.ts';

export class LiveApi extends Namespace<LiveOperations> {
  constructor(transport: Transport) {
    super(transport, LIVE);
  }

  /** GET live.list.json: every stream and the usage. */
  list(options?: CallOptions) {
    return this.call('live.list', {}, options);
  }

  /** GET live.create.json: a new stream (a write: not retried unless asked). */
  create(params: LiveCreateParams = {}, options?: CallOptions) {
    return this.call('live.create', params, options);
  }

  /** GET live.start.json: `state: starting`. */
  start(params: LiveIdParams, options?: CallOptions) {
    return this.call('live.start', params, options);
  }

  /** GET live.stop.json: `state: stopped`. */
  stop(params: LiveIdParams, options?: CallOptions) {
    return this.call('live.stop', params, options);
  }

  /** GET live.reset.json: `state: resetting`. */
  reset(params: LiveIdParams, options?: CallOptions) {
    return this.call('live.reset', params, options);
  }

  /** GET live.delete.json: deletes the stream. */
  delete(params: LiveIdParams, options?: CallOptions): Promise<Envelope> {
    return this.call('live.delete', params, options);
  }
}
