// live.*: list, create, start, stop, reset, delete; every one is a GET, even those that change state.
import { GET_READ, GET_WRITE, type HeadsOf, type Op, type RulesOf } from './operation.ts';
import { id, oneOf, text } from './schema.ts';

export const LIVE_LOCATIONS = [
  'us_central',
  'us_east',
  'us_west',
  'eu',
  'uk',
  'au',
  'jp',
  'in',
  'kr',
  'tw',
  'sg',
  'br',
] as const;
export type LiveLocation = (typeof LIVE_LOCATIONS)[number];

export const LIVE_TYPES = ['passthrough', 'transcoded'] as const;
export type LiveType = (typeof LIVE_TYPES)[number];

/** `idle` -start-> `starting` -> `live`; stop -> `stopped`; reset -> `resetting` -> `idle`. */
export type LiveState = 'idle' | 'starting' | 'live' | 'stopped' | 'resetting';

/** A live stream entry of live.list. */
export interface LiveEntry {
  liveid: string;
  name: string;
  location: LiveLocation | (string & {});
  type: LiveType | (string & {});
  state: LiveState | (string & {});
  /** Where the source device transmits. */
  rtmp_source: string;
  /** The HLS playlist (m3u8). */
  hls_playback_url: string;
  /** Embed code of a player configured for this stream. */
  iframe_embed_code: string;
  /** ISO 8601. */
  created: string;
  [field: string]: unknown;
}

/** One broadcast session of live.list's usage history (reference server). */
export interface LiveSession {
  liveid: string;
  name: string;
  type: LiveType;
  location: string;
  started: string;
  ended: string | null;
  minutes: number;
}

/** The usage object of live.list. */
export interface LiveUsage {
  max_passthrough_quota: number;
  max_transcoded_quota: number;
  usage_passthrough: number;
  usage_transcoded: number;
  history: unknown[];
}

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
  /**
   * May say that extra charges can apply; empty when none can (the reference server answers it only when
   * started with `--live-charge-notes`). Clients show it only when it is not empty.
   */
  note?: string;
}

export interface LiveOperations {
  'live.list': Op<Record<never, never>, LiveListResponse>;
  'live.create': Op<LiveCreateParams, LiveCreateResponse>;
  'live.start': Op<LiveIdParams, LiveStateResponse>;
  'live.stop': Op<LiveIdParams, LiveStateResponse>;
  'live.reset': Op<LiveIdParams, LiveStateResponse>;
  'live.delete': Op<LiveIdParams, Record<never, never>>;
}

export const LIVE = {
  'live.list': GET_READ,
  'live.create': GET_WRITE,
  'live.start': GET_WRITE,
  'live.stop': GET_WRITE,
  'live.reset': GET_WRITE,
  'live.delete': GET_WRITE,
} as const satisfies HeadsOf<LiveOperations>;

const LIVEID = { liveid: id() };
/* @__NO_SIDE_EFFECTS__ */
function on(action: string) {
  return { touches: 'account', action, param: 'liveid' } as const;
}

export const LIVE_RULES = {
  'live.list': { permission: 'live.read', scope: { touches: 'nothing' }, params: {} },
  'live.create': {
    permission: 'live.update',
    scope: { touches: 'account', action: 'create live streams' },
    params: { name: text(255), location: oneOf(LIVE_LOCATIONS), type: oneOf(LIVE_TYPES) },
  },
  'live.start': {
    permission: 'live.update',
    scope: on('start live streams'),
    params: LIVEID,
    required: ['liveid'],
  },
  'live.stop': {
    permission: 'live.update',
    scope: on('stop live streams'),
    params: LIVEID,
    required: ['liveid'],
  },
  'live.reset': {
    permission: 'live.update',
    scope: on('reset live streams'),
    params: LIVEID,
    required: ['liveid'],
  },
  'live.delete': {
    permission: 'live.delete',
    scope: on('delete live streams'),
    params: LIVEID,
    required: ['liveid'],
  },
} as const satisfies RulesOf<LiveOperations>;
