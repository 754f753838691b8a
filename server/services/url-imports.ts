// asset.upload_from_url: fetches a remote file in the background, streams it to tmp, then ingests it.
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, notFound } from '../errors.ts';
import { newId } from '../ids.ts';
import { filenameOf } from '../media/file-names.ts';
import { abandonIncoming, incomingFile } from '../media/storage.ts';
import { type UrlImportRow, UrlImportStore } from '../store/url-imports.ts';
import { sniffFile } from './asset-sniff.ts';
import { ATTACH_TYPE, type IngestService } from './ingest.ts';

export type UrlImportParams = ServerParams<'asset.upload_from_url'>;
/** Fetches running at once; more wait as `queued`. */
const MAX_RUNNING = 3;
/** How often progress reaches the database while a fetch runs (memory has it at once). */
const PERSIST_EVERY_MS = 250;

/** A failure whose message the caller sees in `_get_status`. */
class ImportFailure extends Error {}

interface Job {
  row: UrlImportRow;
  controller: AbortController;
  /** Why the fetch was stopped, when we stopped it. */
  stopReason: 'abort' | 'shutdown' | ImportFailure | null;
  done: Promise<void> | null;
  persistedAt: number;
}

export class UrlImportService {
  private readonly store: UrlImportStore;
  private readonly jobs = new Map<string, Job>();
  private readonly waiting: Job[] = [];
  private running = 0;
  private closed = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly ingest: IngestService,
  ) {
    this.store = new UrlImportStore(ctx.db);
    this.store.failUnfinished('The server restarted before the file was fetched; start again', this.now());
  }

  private now(): string {
    return new Date(this.ctx.clock.now()).toISOString();
  }

  private get stallMs(): number {
    return this.ctx.options.urlImportStallMs ?? 30_000;
  }

  private get maxBytes(): number {
    return this.ingest.maxUploadBytes;
  }

  start(caller: Caller, params: UrlImportParams): AnswerOf<'asset.upload_from_url'> {
    let url: URL;
    try {
      url = new URL(params.input.trim());
    } catch {
      throw invalid('input', 'must be an absolute http or https URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalid('input', 'must be an http or https URL');
    if (url.username || url.password) throw invalid('input', 'must not carry a user name or password');
    const rid = params.rid?.trim() || undefined;
    const type = params.type?.trim().toLowerCase() || undefined;
    const fid = params.fid?.trim() || (rid ? undefined : this.ctx.access.defaultGallery(caller));
    if (rid && !type) throw missing('type');
    if (type && !rid) throw invalid('type', 'is only used with rid (to attach to an asset)');
    if (type && !ATTACH_TYPE.test(type))
      throw invalid('type', 'must be poster, thumb or subtitle-<language>');
    if (fid && rid) throw invalid('fid', 'cannot be combined with rid: an attachment is in no gallery');
    this.ctx.access.check(caller, 'asset.upload_from_url', { fid, rid });
    if (this.closed) throw new Error('The server is shutting down');

    const now = this.now();
    const row: UrlImportRow = {
      status_id: newId(16),
      url: url.href,
      fid: fid ?? null,
      attach_rid: rid ?? null,
      attach_type: type ?? null,
      caption: params.caption ?? null,
      status: 'queued',
      progress_bytes: 0,
      file_size_bytes: -1,
      resid: null,
      message: '',
      created_at: now,
      updated_at: now,
    };
    this.store.insert(row);
    const job: Job = { row, controller: new AbortController(), stopReason: null, done: null, persistedAt: 0 };
    this.jobs.set(row.status_id, job);
    this.waiting.push(job);
    this.pump();
    return { status_id: row.status_id };
  }

  status(statusId: string): AnswerOf<'asset.upload_from_url_get_status'> & { status_id: string } {
    const row = this.jobs.get(statusId)?.row ?? this.store.get(statusId);
    if (!row) throw notFound('Upload status', statusId);
    const progress =
      row.status === 'done'
        ? 100
        : row.file_size_bytes > 0
          ? Math.min(99, Math.floor((row.progress_bytes * 100) / row.file_size_bytes))
          : 0;
    return {
      status_id: row.status_id,
      status: row.status,
      progress,
      progress_bytes: row.progress_bytes,
      file_size_bytes: row.file_size_bytes,
      ...(row.resid ? { resid: row.resid } : {}),
      ...(row.message ? { message: row.message } : {}),
    };
  }

  /**
   * Stops a queued or running fetch; a finished one is left as it is. A token limited to a gallery or an
   * asset stops only the imports aimed inside it.
   */
  abort(caller: Caller, statusId: string): AnswerOf<'asset.upload_from_url_abort'> {
    const job = this.jobs.get(statusId);
    const row = job?.row ?? this.store.get(statusId);
    if (!row) throw notFound('Upload status', statusId);
    this.ctx.access.check(caller, 'asset.upload_from_url_abort', { fid: row.fid, rid: row.attach_rid });
    if (!job) return { status_id: statusId };
    if (job.row.status === 'queued') {
      this.waiting.splice(this.waiting.indexOf(job), 1);
      this.finish(job, { status: 'aborted', message: 'Aborted by request' });
    } else if (job.row.status === 'inprogress' && !job.stopReason) {
      job.stopReason = 'abort';
      job.controller.abort();
    }
    return { status_id: statusId };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) {
      this.finish(job, { status: 'failed', message: 'The server shut down before the fetch started' });
    }
    const running = [...this.jobs.values()];
    for (const job of running) {
      job.stopReason ??= 'shutdown';
      job.controller.abort();
    }
    await Promise.all(running.map((job) => job.done));
  }

  private pump(): void {
    while (this.running < MAX_RUNNING && this.waiting.length > 0 && !this.closed) {
      const job = this.waiting.shift() as Job;
      this.running += 1;
      job.done = this.run(job).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private update(job: Job, changes: Partial<UrlImportRow>, persist = true): void {
    Object.assign(job.row, changes);
    const now = Date.now();
    if (persist || now - job.persistedAt >= PERSIST_EVERY_MS) {
      job.persistedAt = now;
      this.store.update(job.row.status_id, job.row, this.now());
    }
  }

  private finish(job: Job, changes: Partial<UrlImportRow>): void {
    this.update(job, changes);
    this.jobs.delete(job.row.status_id);
  }

  private async run(job: Job): Promise<void> {
    const tempPath = this.ingest.tempPath();
    try {
      this.update(job, { status: 'inprogress' });
      const { filename, mime, size } = await this.fetchTo(job, tempPath);
      const sniffed = await sniffFile(tempPath, mime);
      const subtitle = job.row.attach_type?.startsWith('subtitle-') && sniffed.mime === 'text/vtt';
      if (sniffed.type === 'other' && !subtitle) {
        throw new ImportFailure(
          `The URL does not point to a media file (received ${mime || 'unknown type'})`,
        );
      }
      // Aborted while the body was being checked: the catch below reports why.
      if (job.stopReason) throw new ImportFailure('Stopped');
      const record = await this.ingest.ingest({
        tempPath,
        filename,
        mime,
        size,
        fid: job.row.fid,
        attachTo: job.row.attach_rid ? { rid: job.row.attach_rid, type: job.row.attach_type ?? '' } : null,
        meta: job.row.caption ? { caption: job.row.caption } : {},
      });
      this.finish(job, { status: 'done', resid: record.rid, message: '' });
    } catch (error) {
      await this.ingest.discard({ tempPath });
      const reason = job.stopReason ?? error;
      if (reason === 'abort') this.finish(job, { status: 'aborted', message: 'Aborted by request' });
      else if (reason === 'shutdown')
        this.finish(job, { status: 'failed', message: 'The server shut down during the fetch; start again' });
      else this.finish(job, { status: 'failed', message: describe(reason) });
    }
  }

  /** Streams the response body to `tempPath`, enforcing the size limit and the stall timeout. */
  private async fetchTo(
    job: Job,
    tempPath: string,
  ): Promise<{ filename: string; mime: string; size: number }> {
    let stallTimer: NodeJS.Timeout | undefined;
    const stallMs = this.stallMs;
    const stall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        job.stopReason ??= new ImportFailure(
          `The remote server stopped sending data for ${Math.round(stallMs / 100) / 10} s`,
        );
        job.controller.abort();
      }, stallMs);
    };
    const out = incomingFile(tempPath);
    // A write still in flight when the stream is destroyed on abort fails with
    // ERR_STREAM_DESTROYED; without a listener that would crash the server.
    // Real write errors still surface through `once(out, 'drain')` and `finished(out)`.
    out.on('error', () => {});
    try {
      stall();
      const response = await fetch(job.row.url, {
        signal: job.controller.signal,
        redirect: 'follow',
        headers: { 'user-agent': 'gallery-elements-reference-server', accept: '*/*' },
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        throw new ImportFailure(
          `The remote server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        );
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      const fileSize = Number.isSafeInteger(declared) && declared >= 0 ? declared : -1;
      if (fileSize > this.maxBytes) {
        await response.body.cancel().catch(() => {});
        throw new ImportFailure(tooLarge(fileSize, this.maxBytes));
      }
      this.update(job, { file_size_bytes: fileSize });
      let bytes = 0;
      for await (const chunk of response.body) {
        stall();
        bytes += chunk.byteLength;
        if (bytes > this.maxBytes) throw new ImportFailure(tooLarge(bytes, this.maxBytes));
        if (!out.write(chunk)) await once(out, 'drain');
        this.update(job, { progress_bytes: bytes }, false);
      }
      out.end();
      await finished(out);
      this.update(job, { progress_bytes: bytes, file_size_bytes: bytes });
      return {
        filename: filenameOf(
          response.headers.get('content-disposition'),
          new URL(response.url || job.row.url),
        ),
        mime: (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
        size: bytes,
      };
    } catch (error) {
      // The caller removes the file: only once the stream has let go of it.
      await abandonIncoming(out);
      throw error;
    } finally {
      clearTimeout(stallTimer);
    }
  }
}

function tooLarge(bytes: number, max: number): string {
  return `The file is larger than this server accepts (${bytes} bytes > ${max} bytes)`;
}

function describe(error: unknown): string {
  if (error instanceof ImportFailure) return error.message;
  if (error instanceof Error && 'code' in error && error.code === 'not_found') return error.message;
  if (error instanceof Error && error.name === 'ServiceError') return error.message;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return `The file could not be fetched${cause ? `: ${cause}` : ''}`;
}
