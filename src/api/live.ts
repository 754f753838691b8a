// live.*: list, create, start, stop, reset, delete; every one is a GET, even those that change state.
import type { CallOptions, Envelope, Transport } from './transport.ts';
import type { LiveEntry, LiveLocation, LiveState, LiveType, LiveUsage } from './types.ts';

export interface LiveListResponse {
  live_streams: LiveEntry[];
  usage: LiveUsage;
}

export interface LiveCreateParams {
  name?: string;
  /** Default `us_central`. */
  location?: LiveLocation;
  /** `passthrough` (default) or `transcoded` (also lower resolutions and bitrates). */
  type?: LiveType;
}

/** The new stream's `liveid` and its entry fields (decisions.md), the entry also nested whole. */
export interface LiveCreateResponse extends LiveEntry {
  live_stream?: LiveEntry;
}

export interface LiveIdParams {
  /** From live.list or live.create. */
  liveid: string;
}

export interface LiveStateResponse {
  state: LiveState | (string & {});
  /** May say that extra charges can apply. */
  note?: string;
}

export class LiveApi {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** GET live.list.json: every stream and the usage. */
  list(options?: CallOptions): Promise<LiveListResponse & Envelope> {
    return this.#transport.call('live.list', 'GET', 'read', {}, options);
  }

  /** GET live.create.json: a new stream (a write: not retried unless asked). */
  create(params: LiveCreateParams = {}, options?: CallOptions): Promise<LiveCreateResponse & Envelope> {
    return this.#transport.call('live.create', 'GET', 'write', params, options);
  }

  /** GET live.start.json: `state: starting`. */
  start(params: LiveIdParams, options?: CallOptions): Promise<LiveStateResponse & Envelope> {
    return this.#transport.call('live.start', 'GET', 'write', params, options);
  }

  /** GET live.stop.json: `state: stopped`. */
  stop(params: LiveIdParams, options?: CallOptions): Promise<LiveStateResponse & Envelope> {
    return this.#transport.call('live.stop', 'GET', 'write', params, options);
  }

  /** GET live.reset.json: `state: resetting`. */
  reset(params: LiveIdParams, options?: CallOptions): Promise<LiveStateResponse & Envelope> {
    return this.#transport.call('live.reset', 'GET', 'write', params, options);
  }

  /** GET live.delete.json: deletes the stream. */
  delete(params: LiveIdParams, options?: CallOptions): Promise<Envelope> {
    return this.#transport.call('live.delete', 'GET', 'write', params, options);
  }
}
