// The version worker: makes versions off the request path from a queue kept in the database, in two lanes
// (quick: images and subtitles, one at a time; transcode: video and audio, 1-4 at a time), pending ->
// synced / failed, then asset.synced. A restart resumes what it interrupted.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { missing } from '../errors.ts';
import { removeAssetFiles } from '../media/storage.ts';
import { type Lane, VersionJobStore } from '../store/version-jobs.ts';
import { VersionStore } from '../store/versions.ts';
import type { RecordService } from './records.ts';
import { parseRidList } from './rid-list.ts';
import { laneOf } from './version-lanes.ts';
import { VersionMaker, type Work } from './version-making.ts';

const LANES: Lane[] = ['quick', 'transcode'];
/** A job that a restart interrupted this many times (a file that brings the server down?) fails instead. */
const MAX_ATTEMPTS = 3;
/** Progress is written at most this often (each write renews the asset's record in the read model). */
const PROGRESS_EVERY_MS = 500;

interface Running {
  lane: Lane;
  abort: AbortController;
  done: Promise<void>;
}

export class VersionService {
  readonly store: VersionStore;
  private readonly jobs: VersionJobStore;
  private readonly running = new Map<string, Running>();
  private scheduled = false;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: ServerContext,
    private readonly records: RecordService,
  ) {
    this.store = new VersionStore(ctx.db);
    this.jobs = new VersionJobStore(ctx.db);
    this.unsubscribe = ctx.events.subscribe(({ event, data }) => {
      if (typeof data.rid !== 'string') return;
      if (event === 'asset.uploaded') this.enqueue(data.rid);
      // Deleted mid-job: stop its ffmpeg now rather than transcode for nothing.
      if (event === 'asset.deleted') this.running.get(data.rid)?.abort.abort();
    });
    // Jobs a stop interrupted wait again; each job first removes what an interrupted one left.
    this.jobs.resumeInterrupted();
    for (const rid of this.jobs.orphans()) this.enqueue(rid);
    this.schedule();
  }

  /** asset.resync: checks each asset's versions and regenerates what is missing, in the background. */
  resync(
    caller: Caller,
    params: ServerParams<'asset.resync'>,
  ): AnswerOf<'asset.resync'> & { status: 'queued' } {
    const rids = parseRidList(params.rid);
    if (rids.length === 0) throw missing('rid');
    this.ctx.access.check(caller, 'asset.resync', { rids });
    for (const rid of rids) this.enqueue(rid);
    return { status: 'queued' };
  }

  /** Resolves once no job waits or runs (tests and shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.running.size > 0) await Promise.all([...this.running.values()].map((job) => job.done));
      else if (!this.closed && LANES.some((lane) => this.jobs.hasWaiting(lane)))
        await new Promise((resolve) => setImmediate(resolve));
      else return;
    }
  }

  /** Stops: running transcodes are killed and stay queued, to start again at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    for (const job of this.running.values()) job.abort.abort();
    await Promise.all([...this.running.values()].map((job) => job.done));
  }

  private now(): number {
    return this.ctx.clock.now();
  }

  private slots(lane: Lane): number {
    if (lane === 'quick') return 1;
    return Math.min(4, Math.max(1, Math.floor(this.ctx.options.transcodeConcurrency ?? 1)));
  }

  private enqueue(rid: string): void {
    if (this.closed) return;
    const asset = this.store.asset(rid);
    const lane = asset && laneOf(asset);
    if (!lane) return;
    this.jobs.enqueue(rid, lane, this.now());
    this.schedule();
  }

  /** Starts jobs after the current turn: never on the request path, and after the enqueuing commit. */
  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    for (const lane of LANES) {
      while (!this.closed && this.busy(lane) < this.slots(lane)) {
        const job = this.jobs.claim(lane, this.now());
        if (!job) break;
        this.start(job.rid, lane, job.attempts);
      }
    }
  }

  private busy(lane: Lane): number {
    let n = 0;
    for (const job of this.running.values()) if (job.lane === lane) n++;
    return n;
  }

  private start(rid: string, lane: Lane, attempts: number): void {
    const abort = new AbortController();
    const done = this.process(rid, attempts, abort.signal)
      .catch(() => {
        // process() settles every failure into the record; nothing reaches here but a bug's exception.
      })
      .finally(() => {
        this.running.delete(rid);
        if (this.closed) return;
        this.jobs.finish(rid, this.now());
        this.schedule();
      });
    this.running.set(rid, { lane, abort, done });
  }

  private async process(rid: string, attempts: number, signal: AbortSignal): Promise<void> {
    const asset = this.store.asset(rid);
    if (!asset) return;
    const maker = new VersionMaker(this.ctx, this.store);
    let status: 'synced' | 'failed' = 'synced';
    let message = '';
    if (attempts > MAX_ATTEMPTS) {
      status = 'failed';
      message = `Gave up after ${MAX_ATTEMPTS} interrupted attempts`;
    } else {
      try {
        await maker.make(asset, this.work(rid, signal));
      } catch (error) {
        status = 'failed';
        message = error instanceof Error ? error.message : String(error);
      }
    }
    if (!this.store.asset(rid)) {
      // Deleted while we worked: leave no files behind.
      removeAssetFiles(this.ctx, rid);
      return;
    }
    // Shutting down mid-job: the job stays queued and runs again at the next start.
    if (this.closed) return;
    if (asset.syncstatus === status && !maker.changed && !message) return;
    // The status and its webhook deliveries in one transaction.
    this.ctx.db.transaction(() => {
      this.store.setSyncStatus(rid, status, new Date(this.now()).toISOString(), message);
      this.ctx.events.emit('asset.synced', this.records.record(rid));
    })();
  }

  /** The job's view of the worker: its signal, and progress written into the record now and then. */
  private work(rid: string, signal: AbortSignal): Work {
    let shown = -1;
    let at = Number.NEGATIVE_INFINITY;
    const show = (percent: number) => {
      // Wall time, not the server's clock: this only spaces writes out.
      if (percent === shown || performance.now() - at < PROGRESS_EVERY_MS) return;
      shown = percent;
      at = performance.now();
      this.store.setProgress(rid, percent);
    };
    return {
      signal,
      begin: () => {
        if (this.store.asset(rid)?.syncstatus !== 'pending')
          this.store.setSyncStatus(rid, 'pending', new Date(this.now()).toISOString());
        show(0);
      },
      progress: (share) => show(Math.max(0, Math.min(99, Math.floor(share * 100)))),
    };
  }
}
