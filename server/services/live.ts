// Live streams: the state machine of decisions.md, usage in live minutes per type, and the simulated
// source's playlists. Time-driven moves (starting -> live, resetting -> idle) are applied from the clock
// whenever a stream is read, and by a timer so events need no reader; tests use a ManualClock.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { LiveEntry, LiveSession, LiveUsage } from '../../src/contract/live.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { newId } from '../ids.ts';
import { type Broadcast, LiveSimulator } from '../live/simulator.ts';
import { type LiveRow, type LiveState, LiveStore, type LiveType } from '../store/live.ts';

/** Live minutes included per type (our reference numbers; the spec only names the fields). */
export const QUOTA_MINUTES: Record<LiveType, number> = { passthrough: 6000, transcoded: 1500 };

/** What a live.start, live.stop or live.reset answers. */
export interface LiveMove {
  state: LiveState;
  note: string;
}

/** The hosted service's notes, answered only with the `liveChargeNotes` option (none is charged here). */
const NOTES = {
  start: (type: LiveType) =>
    `Broadcasting is billed per live minute: extra charges can apply beyond the ${type} quota.`,
  stop: 'The broadcast has ended and live minutes no longer count; starting it again can incur extra charges.',
  reset:
    'The stream is being reset to idle; its playback URL stays the same. Starting it again can incur extra charges.',
} as const;

const minutes = (ms: number): number => Math.round(ms / 600) / 100;

export class LiveService {
  readonly simulator: LiveSimulator;
  private readonly store: LiveStore;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Test hook: streams whose simulated source stopped adding segments, and since when. */
  private readonly frozen = new Map<string, number>();

  constructor(private readonly ctx: ServerContext) {
    this.store = new LiveStore(ctx.db);
    this.simulator = new LiveSimulator(ctx.options.liveAssetsDir);
  }

  private get startDelayMs(): number {
    return this.ctx.options.liveStartDelayMs ?? 2000;
  }
  private get resetDelayMs(): number {
    return this.ctx.options.liveResetDelayMs ?? 1000;
  }
  /** The note on charges, or '' when the server was not asked to answer them (a local server bills no one). */
  private note(text: string): string {
    return this.ctx.options.liveChargeNotes ? text : '';
  }
  private get endedGraceMs(): number {
    return this.ctx.options.liveEndedGraceMs ?? 10000;
  }

  /**
   * `withStreamKeys` false (a token that may only read streams, e.g. one in a public page) leaves
   * `rtmp_source` empty: its stream key would let anyone broadcast on the stream.
   */
  list(caller?: Caller): AnswerOf<'live.list'> {
    const withStreamKeys = caller === undefined || this.ctx.access.may(caller, 'live.update');
    const rows = this.store.list().map((row) => this.refresh(row));
    const entries = rows.map((row) => this.toEntry(row));
    if (!withStreamKeys) for (const entry of entries) entry.rtmp_source = '';
    return { live_streams: entries, usage: this.usage() };
  }

  /** live.create: the new id and the entry's fields at the top level (as gallery.create), and the entry whole. */
  create(caller: Caller, params: ServerParams<'live.create'>): AnswerOf<'live.create'> {
    const entry = this.createEntry(caller, params);
    return { ...entry, live_stream: entry };
  }

  private createEntry(caller: Caller, params: ServerParams<'live.create'>): LiveEntry {
    this.ctx.access.check(caller, 'live.create', {});
    const liveid = newId();
    // Each change of a stream and its webhook deliveries are written in one transaction.
    return this.store.transaction(() => {
      this.store.insert({
        liveid,
        name: params.name ?? '',
        location: params.location ?? 'us_central',
        type: params.type ?? 'passthrough',
        stream_key: newId(20),
        created_at: this.ctx.clock.now(),
      });
      const entry = this.entry(liveid);
      this.ctx.events.emit('live.created', { ...entry });
      return entry;
    });
  }

  entry(liveid: string): LiveEntry {
    return this.toEntry(this.get(liveid));
  }

  /**
   * idle|stopped|resetting -> starting; on starting or live it changes nothing. The answer reports
   * `starting` either way, as the spec's table gives live.start for any valid liveid; live.list tells
   * the stream's own state.
   */
  start(caller: Caller, { liveid }: ServerParams<'live.start'>): LiveMove {
    this.ctx.access.check(caller, 'live.start', {});
    const row = this.get(liveid);
    if (row.state === 'starting' || row.state === 'live')
      return { state: 'starting', note: this.note(NOTES.start(row.type)) };
    const now = this.ctx.clock.now();
    this.frozen.delete(liveid);
    this.store.transaction(() => {
      this.store.setState({ liveid, state: 'starting', started_at: now, stopped_at: null, reset_at: null });
      this.ctx.events.emit('live.started', { ...this.entry(liveid) });
    });
    this.schedule(liveid, this.startDelayMs);
    return { state: 'starting', note: this.note(NOTES.start(row.type)) };
  }

  /** Any state but stopped -> stopped: the playlist ends and live minutes stop counting. */
  stop(caller: Caller, { liveid }: ServerParams<'live.stop'>): LiveMove {
    this.ctx.access.check(caller, 'live.stop', {});
    const row = this.get(liveid);
    if (row.state === 'stopped') return { state: 'stopped', note: this.note(NOTES.stop) };
    const now = this.ctx.clock.now();
    // A broadcast that never began (idle, resetting) leaves no playlist to end.
    const startedAt = row.state === 'starting' || row.state === 'live' ? row.started_at : null;
    this.store.transaction(() => {
      this.store.closeSessions(liveid, now);
      this.store.setState({
        liveid,
        state: 'stopped',
        started_at: startedAt,
        stopped_at: now,
        reset_at: null,
      });
      this.ctx.events.emit('live.stopped', { ...this.entry(liveid) });
    });
    this.cancel(liveid);
    return { state: 'stopped', note: this.note(NOTES.stop) };
  }

  /** Any state -> resetting -> idle: the playlist goes at once. */
  reset(caller: Caller, { liveid }: ServerParams<'live.reset'>): LiveMove {
    this.ctx.access.check(caller, 'live.reset', {});
    this.get(liveid);
    const now = this.ctx.clock.now();
    this.store.transaction(() => {
      this.store.closeSessions(liveid, now);
      this.store.setState({ liveid, state: 'resetting', started_at: null, stopped_at: null, reset_at: now });
    });
    this.frozen.delete(liveid);
    this.schedule(liveid, this.resetDelayMs);
    return { state: 'resetting', note: this.note(NOTES.reset) };
  }

  delete(caller: Caller, { liveid }: ServerParams<'live.delete'>): void {
    this.ctx.access.check(caller, 'live.delete', {});
    const entry = this.entry(liveid);
    const now = this.ctx.clock.now();
    this.store.transaction(() => {
      this.store.closeSessions(liveid, now);
      this.store.delete(liveid);
      this.ctx.events.emit('live.deleted', { ...entry });
    });
    this.cancel(liveid);
    this.frozen.delete(liveid);
  }

  /**
   * A playlist of the simulated source: `index` (the master of a transcoded stream, else the media
   * playlist) or a rendition's. Undefined (404) before a start, after a reset and once an ended
   * playlist's grace is over.
   */
  playlist(liveid: string, name: string): string | undefined {
    const found = this.broadcast(liveid);
    if (!found) return undefined;
    const transcoded = found.row.type === 'transcoded';
    if (name === 'index' && transcoded) return this.simulator.masterPlaylist();
    const rendition = this.simulator.rendition(name === 'index' ? 'hi' : name, transcoded);
    if (!rendition) return undefined;
    return this.simulator.mediaPlaylist(rendition, found.broadcast, this.ctx.clock.now());
  }

  segment(liveid: string, renditionName: string, seq: number): Buffer | undefined {
    const found = this.broadcast(liveid);
    if (!found) return undefined;
    const rendition = this.simulator.rendition(renditionName, found.row.type === 'transcoded');
    if (!rendition) return undefined;
    return this.simulator.segment(rendition, found.broadcast, seq, this.ctx.clock.now());
  }

  /** Test option: whether the simulated network is down for this stream now (liveDropAfterMs). */
  networkDown(liveid: string): boolean {
    const after = this.ctx.options.liveDropAfterMs;
    const startedAt = this.store.get(liveid)?.started_at;
    if (after === undefined || startedAt === null || startedAt === undefined) return false;
    const elapsed = this.ctx.clock.now() - startedAt;
    return elapsed >= after && elapsed < after + (this.ctx.options.liveDropForMs ?? 5000);
  }

  /** Test hook: the source stops adding segments from now on, without ending (a stalled encoder). */
  freeze(liveid: string): void {
    this.get(liveid);
    this.frozen.set(liveid, this.ctx.clock.now());
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private usage(): LiveUsage & { history: LiveSession[] } {
    const now = this.ctx.clock.now();
    const totals: Record<LiveType, number> = { passthrough: 0, transcoded: 0 };
    const history = this.store.sessions().map((s) => {
      const ms = Math.max(0, (s.ended_at ?? now) - s.live_at);
      totals[s.type] += ms;
      return {
        liveid: s.liveid,
        name: s.name,
        type: s.type,
        location: s.location,
        started: new Date(s.live_at).toISOString(),
        ended: s.ended_at === null ? null : new Date(s.ended_at).toISOString(),
        minutes: minutes(ms),
      };
    });
    return {
      max_passthrough_quota: QUOTA_MINUTES.passthrough,
      max_transcoded_quota: QUOTA_MINUTES.transcoded,
      usage_passthrough: minutes(totals.passthrough),
      usage_transcoded: minutes(totals.transcoded),
      history,
    };
  }

  private broadcast(liveid: string): { row: LiveRow; broadcast: Broadcast } | undefined {
    const stored = this.store.get(liveid);
    if (!stored) return undefined;
    const row = this.refresh(stored);
    if (row.started_at === null) return undefined;
    const now = this.ctx.clock.now();
    const freezeAfter = this.ctx.options.liveFreezeAfterMs;
    const frozenAt =
      this.frozen.get(liveid) ?? (freezeAfter === undefined ? null : row.started_at + freezeAfter);
    if (row.state === 'starting' || row.state === 'live') {
      return { row, broadcast: { startedAt: row.started_at, endedAt: null, frozenAt } };
    }
    if (row.state === 'stopped' && row.stopped_at !== null && now < row.stopped_at + this.endedGraceMs) {
      return { row, broadcast: { startedAt: row.started_at, endedAt: row.stopped_at, frozenAt } };
    }
    return undefined;
  }

  private get(liveid: string): LiveRow {
    const row = this.store.get(liveid);
    if (!row) throw notFound('Live stream', liveid);
    return this.refresh(row);
  }

  /** Applies the moves that time makes, at the moment the clock says they happened. */
  private refresh(row: LiveRow): LiveRow {
    const now = this.ctx.clock.now();
    if (row.state === 'starting' && row.started_at !== null && now >= row.started_at + this.startDelayMs) {
      const next = { ...row, state: 'live' as const };
      this.store.transaction(() => {
        this.store.setState(next);
        this.store.openSession(row, (row.started_at as number) + this.startDelayMs);
      });
      return next;
    }
    if (row.state === 'resetting' && row.reset_at !== null && now >= row.reset_at + this.resetDelayMs) {
      const next = { ...row, state: 'idle' as const, reset_at: null };
      this.store.setState(next);
      return next;
    }
    return row;
  }

  private schedule(liveid: string, delayMs: number): void {
    this.cancel(liveid);
    const timer = setTimeout(() => {
      this.timers.delete(liveid);
      const row = this.store.get(liveid);
      if (row) this.refresh(row);
    }, delayMs);
    timer.unref();
    this.timers.set(liveid, timer);
  }

  private cancel(liveid: string): void {
    const timer = this.timers.get(liveid);
    if (timer) clearTimeout(timer);
    this.timers.delete(liveid);
  }

  private toEntry(row: LiveRow): LiveEntry {
    const origin = this.ctx.publicUrl();
    const host = new URL(origin).hostname;
    const embed = `${origin}/live/${row.liveid}/embed`;
    const title = `Live stream${row.name ? `: ${row.name}` : ''}`;
    return {
      liveid: row.liveid,
      name: row.name,
      location: row.location,
      type: row.type,
      state: row.state,
      rtmp_source: `rtmp://${host}:1935/live/${row.stream_key}`,
      hls_playback_url: `${origin}/live/${row.liveid}/index.m3u8`,
      iframe_embed_code: `<iframe src="${embed}" title="${escapeHtml(title)}" width="640" height="360" style="border:0" allow="autoplay; fullscreen; picture-in-picture"></iframe>`,
      created: new Date(row.created_at).toISOString(),
    };
  }
}
