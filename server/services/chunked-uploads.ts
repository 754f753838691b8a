// Uploads to the signed upload URL as the hosted service's uploader sends them (WIRE-DESIGN.md): chunks in
// order, a probe of the stored offset, resumption across restarts and fresh URLs, and exactly one asset
// per (target, unique-id) however often a request whose answer was lost is repeated.
import { open, rm, stat, truncate } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AssetRecord } from '../../src/contract/asset-record.ts';
import type { VerifiedUploadUrl } from '../auth/upload-url.ts';
import type { ServerContext } from '../context.ts';
import { invalid, missing, ServiceError } from '../errors.ts';
import { drainBody, OverCap, receiveInto } from '../media/receive.ts';
import { appendingFile, incomingFile } from '../media/storage.ts';
import type { UploadMeta } from './asset-meta.ts';
import { type ContentRange, rangeFits } from './chunk-range.ts';
import type { IngestService, ReceivedFile } from './ingest.ts';
import { PartialUploads } from './partial-uploads.ts';
import type { RecordService } from './records.ts';
import { chunkTooLarge, fileTooLarge, incompleteBody, MAX_CHUNK_BYTES } from './upload-errors.ts';

/** The name of a file sent without one. */
export const DEFAULT_FILE_NAME = 'file';

/** What a request to the upload URL ends with: the asset, or how much of the file is stored. */
export type UploadOutcome =
  | { complete: true; rid: string; total: number; asset?: AssetRecord }
  | { complete: false; offset: number; total: number | null };

/** A chunk that does not start at the stored offset (and is not a repeat): 409, naming the offset. */
export class OffsetRefusal extends ServiceError {
  constructor(
    readonly offset: number,
    readonly total: number | null,
  ) {
    super('conflict', `The chunk does not start at the stored offset ${offset}; send from there`);
  }
}

export interface ChunkInput {
  target: VerifiedUploadUrl;
  /** null only for a chunk that is the whole file. */
  uniqueId: string | null;
  /** The decoded X-FILE-NAME, or null when the request has none (a probe need not name the file). */
  filename: string | null;
  mime: string;
  range: ContentRange;
  body: Readable;
}

export class ChunkedUploadService {
  private readonly partials: PartialUploads;

  constructor(
    private readonly ctx: ServerContext,
    private readonly ingestion: IngestService,
    private readonly records: RecordService,
  ) {
    this.partials = new PartialUploads(ctx);
  }

  close(): void {
    this.partials.close();
  }

  private get store() {
    return this.partials.store;
  }

  /**
   * A whole upload whose key finished already (its answer was lost, this is the repeat): the body is read
   * and dropped, and the answer is the first one's. Looked at before the body, without the lock: a repeat
   * racing its first copy is caught by storeWhole instead.
   */
  async repeatOf(target: VerifiedUploadUrl, uniqueId: string | null, body: Readable) {
    if (!uniqueId) return undefined;
    const done = this.store.completed(this.partials.keyOf(target, uniqueId));
    if (!done) return undefined;
    await drain(body, this.ingestion.maxUploadBytes + 1024 * 1024);
    return this.completeAnswer(done.rid, done.total);
  }

  /** Removes a received file that will not be stored. */
  async discard(file: { tempPath: string }): Promise<void> {
    await this.ingestion.discard(file);
  }

  /** One request carrying Content-Range: a chunk, a repeat of one, or a probe. */
  async chunk(input: ChunkInput): Promise<UploadOutcome> {
    this.partials.sweepIfDue();
    const { range, uniqueId } = input;
    const max = this.ingestion.maxUploadBytes;
    if (range.total === 0) throw invalid('file', 'is empty');
    if (range.total !== null && range.total > max) throw fileTooLarge(max);
    if (!range.probe && range.total !== null && range.end > range.total) {
      throw invalid('Content-Range', 'ends beyond the total');
    }
    if (!uniqueId) {
      const whole = !range.probe && range.start === 0 && range.total !== null && range.end >= range.total - 1;
      if (!whole) throw missing('unique-id');
      return this.wholeChunk(input, range.total as number);
    }
    const key = this.partials.keyOf(input.target, uniqueId);
    return this.partials.lock.run(key, () => this.chunkLocked(key, uniqueId, input));
  }

  /**
   * A whole file received into tmp (multipart or a raw body): with a unique-id, stored once per key; a
   * repeat answers the first one's rid and its copy is removed.
   */
  async storeWhole(
    target: VerifiedUploadUrl,
    uniqueId: string | null,
    file: ReceivedFile,
    meta: UploadMeta = {},
  ): Promise<UploadOutcome> {
    if (!uniqueId) return this.ingest(target, file, meta);
    const key = this.partials.keyOf(target, uniqueId);
    return this.partials.lock.run(key, async () => {
      const done = this.store.completed(key);
      if (done) {
        await rm(file.tempPath, { force: true });
        return this.completeAnswer(done.rid, done.total);
      }
      const outcome = await this.ingest(target, file, meta, key);
      this.partials.forgetFile(key);
      return outcome;
    });
  }

  /** Receives a raw whole-file body into tmp: at most the server's upload limit, or `cap` bytes. */
  async receiveWhole(body: Readable, filename: string, mime: string, cap?: number): Promise<ReceivedFile> {
    const tempPath = this.ingestion.tempPath();
    const max = this.ingestion.maxUploadBytes;
    let size: number;
    try {
      size = await receiveInto(body, incomingFile(tempPath), Math.min(max, cap ?? max));
    } catch (error) {
      await rm(tempPath, { force: true });
      if (!(error instanceof OverCap)) throw incompleteBody(error);
      throw cap !== undefined && cap < max ? chunkTooLarge() : fileTooLarge(max);
    }
    if (size === 0) {
      await rm(tempPath, { force: true });
      throw invalid('file', 'is empty');
    }
    return { tempPath, filename, mime, size };
  }

  // ---- chunks ----

  private async chunkLocked(key: string, uniqueId: string, input: ChunkInput): Promise<UploadOutcome> {
    const { range, body } = input;
    const done = this.store.completed(key);
    if (done) {
      await drain(body, MAX_CHUNK_BYTES);
      return this.completeAnswer(done.rid, done.total);
    }
    let row = this.store.partial(key);
    const named = input.filename !== null && row !== undefined && row.filename !== input.filename;
    if (row && (named || (range.total !== null && row.total !== null && row.total !== range.total))) {
      await drain(body, MAX_CHUNK_BYTES);
      throw new ServiceError(
        'conflict',
        'This unique-id belongs to an unfinished upload of another file (its name or size differs)',
      );
    }
    const total = range.total ?? row?.total ?? null;
    if (range.probe) {
      const length = await drain(body, MAX_CHUNK_BYTES);
      if (length > 0) throw invalid('body', 'must be empty in a probe (Content-Range: bytes */TOTAL)');
      return { complete: false, offset: row?.stored ?? 0, total };
    }
    if (row && !(await this.fileHolds(row.file, row.stored))) {
      // The bytes the row counts are gone (removed by hand): start over rather than trust them.
      this.store.deletePartial(key);
      this.partials.forgetFile(key);
      row = undefined;
    }
    const stored = row?.stored ?? 0;
    if (range.start !== stored) {
      // Read (and dropped) before judging: a repeat is known by its length, and the client reads the answer
      // only once its body is sent.
      const length = await drain(body, MAX_CHUNK_BYTES);
      if (range.start + length <= stored && rangeFits(range, length)) {
        return { complete: false, offset: stored, total };
      }
      throw new OffsetRefusal(stored, total);
    }
    const max = this.ingestion.maxUploadBytes;
    const room = Math.min(MAX_CHUNK_BYTES, (total ?? max) - stored, max - stored);
    const file = key;
    const length = await this.append(file, stored, body, room, total);
    if (!rangeFits(range, length)) {
      await truncate(this.partials.path(file), stored);
      throw invalid('Content-Range', `does not match the ${length} bytes of the body`);
    }
    const now = this.ctx.clock.now();
    const reached = stored + length;
    if (!row) {
      this.store.insertPartial({
        key,
        unique_id: uniqueId,
        target: JSON.stringify(this.partials.targetOf(input.target)),
        filename: input.filename ?? DEFAULT_FILE_NAME,
        mime: input.mime,
        total,
        stored: reached,
        file,
        created_at: now,
        updated_at: now,
      });
    } else this.store.advance(key, reached, total, now);
    if (total === null || reached < total) return { complete: false, offset: reached, total };
    return this.completeChunks(key, input, reached);
  }

  /** The last chunk landed: the partial file becomes the asset, and the key answers its rid from now on. */
  private async completeChunks(key: string, input: ChunkInput, total: number): Promise<UploadOutcome> {
    const row = this.store.partial(key);
    const file = {
      tempPath: this.partials.path(key),
      filename: row?.filename ?? input.filename ?? DEFAULT_FILE_NAME,
      mime: row?.mime || input.mime,
      size: total,
    };
    try {
      return await this.ingest(input.target, file, {}, key);
    } catch (error) {
      // ingest removed the file; the row must not count bytes that are gone.
      this.store.deletePartial(key);
      throw error;
    }
  }

  /** A chunk that is the whole file, sent without a unique-id: stored like a raw body of that length. */
  private async wholeChunk(input: ChunkInput, total: number): Promise<UploadOutcome> {
    const name = input.filename ?? DEFAULT_FILE_NAME;
    const received = await this.receiveWhole(input.body, name, input.mime, MAX_CHUNK_BYTES);
    if (input.range.probe || received.size !== total || !rangeFits(input.range, received.size)) {
      await rm(received.tempPath, { force: true });
      throw invalid('Content-Range', 'does not match the body: without a unique-id send the whole file');
    }
    return this.ingest(input.target, received, {});
  }

  /**
   * Writes the body after the `stored` bytes of the partial file (cut back to them first: a crash mid-chunk
   * may have left more), at most `room` bytes; resolves once the bytes are flushed and the file closed.
   */
  private async append(
    file: string,
    stored: number,
    body: Readable,
    room: number,
    total: number | null,
  ): Promise<number> {
    const path = this.partials.path(file);
    if (stored === 0) await (await open(path, 'w')).close();
    else await truncate(path, stored);
    try {
      return await receiveInto(body, appendingFile(path), room);
    } catch (error) {
      if (!(error instanceof OverCap)) throw incompleteBody(error);
      if (room < MAX_CHUNK_BYTES && total !== null) throw invalid('Content-Range', 'runs past the total');
      throw room < MAX_CHUNK_BYTES ? fileTooLarge(this.ingestion.maxUploadBytes) : chunkTooLarge();
    }
  }

  private async fileHolds(file: string, stored: number): Promise<boolean> {
    try {
      return (await stat(this.partials.path(file))).size >= stored;
    } catch {
      return stored === 0;
    }
  }

  // ---- assets ----

  private async ingest(
    target: VerifiedUploadUrl,
    file: ReceivedFile,
    meta: UploadMeta,
    key?: string,
  ): Promise<UploadOutcome> {
    const asset = await this.ingestion.ingest({
      ...file,
      fid: target.rid ? null : target.fid,
      attachTo: target.rid ? { rid: target.rid, type: target.type ?? '' } : null,
      meta,
      uploadTokenHash: target.uploadTokenHash,
      onRecorded: key
        ? (rid) => {
            this.store.recordCompleted({ key, rid, total: file.size, created_at: this.ctx.clock.now() });
            if (this.store.partial(key)) this.store.deletePartial(key);
          }
        : undefined,
    });
    return { complete: true, rid: asset.rid, total: file.size, asset };
  }

  private completeAnswer(rid: string, total: number): UploadOutcome {
    let asset: AssetRecord | undefined;
    try {
      asset = this.records.record(rid);
    } catch {
      // Deleted since: the answer still names the rid the upload made.
    }
    return { complete: true, rid, total, ...(asset ? { asset } : {}) };
  }
}

/** Reads a body to its end and drops it; its length (more than `cap` bytes is too large a chunk). */
async function drain(body: Readable, cap: number): Promise<number> {
  try {
    return await drainBody(body, cap);
  } catch (error) {
    throw error instanceof OverCap ? chunkTooLarge() : incompleteBody(error);
  }
}
