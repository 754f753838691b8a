// The Uppy uploader plugin for the service's chunked upload protocol, built the way @uppy/tus is: one
// upload per file through a RateLimitedQueue (`limit` files at once), pause and resume per file and for
// all (resumableUploads), cancel that aborts the request in flight, Uppy's progress, success and error
// events. What a reload must find again (the file's unique-id, its upload URL, the bytes the server holds)
// lives on the file, where @uppy/golden-retriever saves it.
import type { Body, DefinePluginOpts, Meta, PluginOpts, Uppy, UppyFile } from '@uppy/core';
import { BasePlugin, EventManager } from '@uppy/core';
import { filterFilesToEmitUploadStarted, filterFilesToUpload, RateLimitedQueue } from '@uppy/core/utils';
import type { ChunkSizeRule } from './chunk-size.ts';
import { UploadRefused, uploadFile } from './file-upload.ts';
import { newUniqueId, type UploadAnswer } from './wire.ts';

/** What the plugin keeps on each file (saved by golden-retriever with the rest of the file). */
export interface ChunkedUploadState {
  uniqueId: string;
  uploadUrl?: string;
  /** Bytes the server said it holds (a hint: a reload asks the server again). */
  offset?: number;
}

export interface ChunkedUploadOptions<M extends Meta, B extends Body> extends PluginOpts {
  /** A fresh signed upload URL for a file (asset.get_upload_url); asked again when one expires. */
  uploadUrl: (file: UppyFile<M, B>) => Promise<string>;
  /** Files uploading at once. */
  limit?: number;
  /** Metadata sent as form fields with a file that goes in one request. */
  fields?: (file: UppyFile<M, B>) => Record<string, string>;
  /** Turns a final refusal into the error Uppy shows (a readable sentence). */
  toError?: (answer: Extract<UploadAnswer, { kind: 'refused' }>) => Error;
  retryDelays?: readonly number[];
  chunkSize?: ChunkSizeRule;
}

/** What `upload-success` carries as the response body. */
export interface ChunkedUploadBody extends Body {
  rid: string;
  asset?: Record<string, unknown>;
  /** False when the file went in chunks: its metadata fields were not sent with it. */
  fieldsSent: boolean;
}

declare module '@uppy/core' {
  export interface UppyEventMap<M extends Meta, B extends Body> {
    /** A file is sent again after a passing failure; `attempt` is 2 for the first retry. */
    'chunked-upload:retry': (file: UppyFile<M, B>, attempt: number) => void;
    /** A chunk of a file went through; `next` is the size the next one will have. */
    'chunked-upload:chunk': (
      file: UppyFile<M, B>,
      chunk: { start: number; bytes: number; ms: number; next: number },
    ) => void;
  }
  export interface PluginTypeRegistry<M extends Meta, B extends Body> {
    ChunkedUpload: ChunkedUpload<M, B>;
  }
}

declare module '@uppy/core/utils' {
  export interface LocalUppyFile<M extends Meta, B extends Body> {
    chunkedUpload?: ChunkedUploadState;
  }
}

const defaultOptions = { limit: 3 } satisfies Partial<ChunkedUploadOptions<Meta, Body>>;

type Opts<M extends Meta, B extends Body> = DefinePluginOpts<
  ChunkedUploadOptions<M, B>,
  keyof typeof defaultOptions
>;

export default class ChunkedUpload<M extends Meta, B extends Body> extends BasePlugin<Opts<M, B>, M, B> {
  static VERSION = '1.0.0';

  /** Shared by every file of this plugin: `limit` uploads run, the others wait their turn. */
  readonly requests: RateLimitedQueue;

  constructor(uppy: Uppy<M, B>, opts: ChunkedUploadOptions<M, B>) {
    super(uppy, { ...defaultOptions, ...opts });
    this.type = 'uploader';
    this.id = this.opts.id ?? 'ChunkedUpload';
    this.requests = new RateLimitedQueue(this.opts.limit);
  }

  override install(): void {
    const { capabilities } = this.uppy.getState();
    this.uppy.setState({ capabilities: { ...capabilities, resumableUploads: true } });
    this.uppy.addUploader(this.#handleUpload);
  }

  override uninstall(): void {
    const { capabilities } = this.uppy.getState();
    this.uppy.setState({ capabilities: { ...capabilities, resumableUploads: false } });
    this.uppy.removeUploader(this.#handleUpload);
  }

  #handleUpload = async (fileIDs: string[]): Promise<void> => {
    const files = filterFilesToUpload(this.uppy.getFilesByIds(fileIDs));
    this.uppy.emit('upload-start', filterFilesToEmitUploadStarted(files));
    await Promise.allSettled(files.map((file) => this.#uploadLocalFile(file)));
  };

  /**
   * Resolves when the file is uploaded, removed or cancelled; rejects when it failed for good. While it is
   * paused it stays pending, as with @uppy/tus: the batch is not over.
   *
   * Every start goes through the queue; a pause or a cancel aborts the running request (`controller`) and
   * gives the queue slot back (`queued.abort()`); a resume queues the file again. The file's own state
   * (unique-id, URL, offset) survives all of that, so each start continues where the server is.
   */
  #uploadLocalFile(file: UppyFile<M, B>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const events = new EventManager(this.uppy);
      let queued: { abort: () => void; done: () => void } | undefined;
      let controller: AbortController | undefined;
      let finished = false;

      const stop = () => {
        queued?.abort();
        controller?.abort(new DOMException('Upload paused or cancelled', 'AbortError'));
        controller = undefined;
      };
      const end = () => {
        finished = true;
        events.remove();
      };
      const start = () => {
        queued = this.requests.run(() => {
          if (this.uppy.getFile(file.id)?.isPaused) queueMicrotask(() => queued?.abort());
          else run();
          return () => {};
        });
      };
      const run = () => {
        const own = new AbortController();
        controller = own;
        this.#send(file.id, own.signal).then(
          (body) => {
            if (own.signal.aborted || finished) return;
            queued?.done();
            end();
            this.uppy.emit('upload-success', this.uppy.getFile(file.id), {
              status: 200,
              body: body as unknown as B,
            });
            resolve();
          },
          (error: unknown) => {
            if (own.signal.aborted || finished) return;
            queued?.done();
            end();
            const shown =
              error instanceof UploadRefused && this.opts.toError ? this.opts.toError(error.answer) : error;
            this.uppy.emit('upload-error', this.uppy.getFile(file.id), shown as Error);
            reject(shown);
          },
        );
      };

      events.onFileRemove(file.id, () => {
        stop();
        end();
        resolve();
      });
      events.onCancelAll(file.id, () => {
        stop();
        end();
        resolve();
      });
      events.onPause(file.id, (isPaused) => {
        stop();
        if (!isPaused) start();
      });
      events.onPauseAll(file.id, stop);
      events.onResumeAll(file.id, () => {
        stop();
        start();
      });
      start();
    });
  }

  /** One start of a file's upload, from what its state says the server holds. */
  async #send(id: string, signal: AbortSignal): Promise<ChunkedUploadBody> {
    const file = this.uppy.getFile(id) as UppyFile<M, B> & {
      data?: Blob;
      chunkedUpload?: ChunkedUploadState;
    };
    if (!file.data) throw new Error(`The bytes of ${file.name} are gone; add the file again`);
    let state: ChunkedUploadState = file.chunkedUpload ?? { uniqueId: newUniqueId() };
    const save = (patch: Partial<ChunkedUploadState>) => {
      state = { ...state, ...patch };
      if (this.uppy.getFile(id)) this.uppy.setFileState(id, { chunkedUpload: state } as never);
    };
    if (!file.chunkedUpload) save({});
    const result = await uploadFile({
      data: file.data,
      name: file.name ?? 'file',
      uniqueId: state.uniqueId,
      uploadUrl: state.uploadUrl,
      // Known in this page only while it runs: after a reload, the server is asked.
      offset: file.isRestored ? undefined : (state.offset ?? (state.uploadUrl ? undefined : 0)),
      // Progress shown before this start (a pause, a reload) does not go back while bytes are re-sent.
      progressFloor: file.progress.bytesUploaded || 0,
      freshUrl: () => this.opts.uploadUrl(this.uppy.getFile(id) ?? file),
      fields: this.opts.fields?.(file) ?? {},
      signal,
      ...(this.opts.retryDelays ? { retryDelays: this.opts.retryDelays } : {}),
      ...(this.opts.chunkSize ? { rule: this.opts.chunkSize } : {}),
      onUrl: (uploadUrl) => save({ uploadUrl }),
      onOffset: (offset) => save({ offset }),
      onProgress: (bytesUploaded) => {
        const latest = this.uppy.getFile(id);
        if (!latest) return;
        this.uppy.emit('upload-progress', latest, {
          uploadStarted: latest.progress.uploadStarted ?? Date.now(),
          bytesUploaded,
          bytesTotal: latest.size,
        });
      },
      onChunk: (chunk) => {
        const latest = this.uppy.getFile(id);
        if (latest) this.uppy.emit('chunked-upload:chunk', latest, chunk);
      },
      onRetry: (attempt) => {
        const latest = this.uppy.getFile(id);
        if (latest) this.uppy.emit('chunked-upload:retry', latest, attempt);
      },
      onStalled: (ms) => {
        const latest = this.uppy.getFile(id);
        const message = `Upload stalled for ${Math.ceil(ms / 1000)} seconds`;
        if (latest) this.uppy.emit('upload-stalled', { message }, [latest]);
      },
    });
    const asset = result.body.asset;
    return {
      rid: result.rid,
      ...(asset && typeof asset === 'object' ? { asset: asset as Record<string, unknown> } : {}),
      fieldsSent: result.fieldsSent,
    };
  }
}
