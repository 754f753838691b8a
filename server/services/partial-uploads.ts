// The state of unfinished chunked uploads: their keys, the lock that serializes the requests of one key,
// and the sweep of those abandoned (rows in the database, bytes under <data>/partial).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { VerifiedUploadUrl } from '../auth/upload-url.ts';
import type { ServerContext } from '../context.ts';
import { sha256 } from '../ids.ts';
import { partialDir, partialPath } from '../media/storage.ts';
import { UploadStore } from '../store/uploads.ts';
import { KeyLock } from './key-lock.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A partial upload untouched this long is swept (row and file). */
export const PARTIAL_TTL_MS = 24 * HOUR_MS;
/** How long a finished upload's key keeps answering its rid. */
export const COMPLETED_TTL_MS = 7 * 24 * HOUR_MS;

export class PartialUploads {
  readonly store: UploadStore;
  readonly lock = new KeyLock();
  private lastSweep = Number.NEGATIVE_INFINITY;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly ctx: ServerContext) {
    this.store = new UploadStore(ctx.db);
    mkdirSync(partialDir(ctx), { recursive: true });
    this.removeOrphanFiles();
    this.sweep();
    // Requests sweep too (sweepIfDue, on the server's clock); this covers a server nobody uploads to.
    this.timer = setInterval(() => this.sweep(), HOUR_MS);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
  }

  /** What an upload URL points at: not its expiry nor its hash, so a fresh URL continues the same upload. */
  targetOf(target: VerifiedUploadUrl) {
    return {
      uid: this.ctx.account.accid,
      fid: target.fid,
      rid: target.rid,
      type: target.type,
      upload_token: target.uploadTokenHash,
    };
  }

  /** The key of one file: the URL's target and the client's unique-id (also the partial file's name). */
  keyOf(target: VerifiedUploadUrl, uniqueId: string): string {
    return sha256(JSON.stringify([this.targetOf(target), uniqueId]));
  }

  path(file: string): string {
    return partialPath(this.ctx, file);
  }

  forgetFile(file: string): void {
    rmSync(this.path(file), { force: true });
  }

  sweepIfDue(): void {
    if (this.ctx.clock.now() - this.lastSweep >= HOUR_MS) this.sweep();
  }

  /** Partial uploads untouched for 24 h go (row and file); finished keys after 7 days. */
  sweep(): void {
    const now = this.ctx.clock.now();
    this.lastSweep = now;
    for (const row of this.store.stalePartials(now - PARTIAL_TTL_MS)) {
      if (this.lock.busy(row.key)) continue;
      this.store.deletePartial(row.key);
      this.forgetFile(row.file);
    }
    this.store.forgetCompletedBefore(now - COMPLETED_TTL_MS);
  }

  /** Files a crash left before their row was written. */
  private removeOrphanFiles(): void {
    const known = this.store.partialFiles();
    for (const name of readdirSync(partialDir(this.ctx))) {
      if (!known.has(name)) this.forgetFile(name);
    }
  }
}
