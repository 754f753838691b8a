// Reactive controller for "upload from URL": starts asset.upload_from_url, polls its status with a bounded
// loop, can cancel it, and reports through the same typed events as file uploads.
import type { ReactiveController } from 'lit';
import { format } from '../shared/localize-controller.ts';
import {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadProgressEvent,
  GalleryUploadStartEvent,
  GalleryUploadSuccessEvent,
  type UploadFileInfo,
} from './events.ts';
import { failureFromError, type ImportState, UploaderApi } from './upload-api.ts';
import type { UploadControllerHost, UploaderConfig } from './upload-controller.ts';

export interface UrlImportView {
  name: string;
  state: 'running' | 'done' | 'failed' | 'aborted';
  percent: number;
  message: string;
}

/** Polls stop after this long even if the server never answers with a final status. */
const MAX_IMPORT_MS = 30 * 60 * 1000;

export class UrlImportController implements ReactiveController {
  /** What the element shows about the latest import. */
  view: UrlImportView | undefined;
  #abort: AbortController | undefined;
  #statusId: string | undefined;

  constructor(
    private readonly host: UploadControllerHost,
    private readonly config: () => UploaderConfig,
    private readonly pollInterval: () => number,
  ) {
    host.addController(this);
  }

  get running(): boolean {
    return this.#abort !== undefined;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // The server keeps importing; we only stop watching (the asset still lands in the gallery).
    this.#abort?.abort();
    this.#abort = undefined;
  }

  async start(input: string, caption: string | undefined): Promise<void> {
    if (this.#abort) return;
    const config = this.config();
    const abort = new AbortController();
    this.#abort = abort;
    const file: UploadFileInfo = { id: '', name: nameOf(input), size: -1, type: '', source: 'url' };
    const api = new UploaderApi({
      baseUrl: config.baseUrl,
      token: config.token,
      uploadToken: config.uploadToken,
    });
    this.#show(file, 'running', 0, '');
    try {
      const statusId = await api.startImport(input, { fid: config.fid, rrid: config.rrid }, caption, {
        signal: abort.signal,
      });
      this.#statusId = statusId;
      file.id = statusId;
      this.host.dispatchEvent(new GalleryUploadStartEvent({ files: [{ ...file }] }));
      const final = await this.#poll(api, file, statusId, abort.signal);
      await this.#finish(api, file, final, config);
    } catch (error) {
      if (abort.signal.aborted && !this.host.isConnected) return;
      const failure = failureFromError(error, config.strings);
      this.#fail(file, failure.status, failure.code, failure.message);
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
      this.#statusId = undefined;
      this.host.requestUpdate();
    }
  }

  /** Asks the server to stop the running import; the poll then sees `aborted`. */
  async cancel(): Promise<void> {
    const statusId = this.#statusId;
    if (!statusId) return;
    const config = this.config();
    const api = new UploaderApi({
      baseUrl: config.baseUrl,
      token: config.token,
      uploadToken: config.uploadToken,
    });
    await api.abortImport(statusId).catch(() => undefined);
  }

  async #poll(
    api: UploaderApi,
    file: UploadFileInfo,
    statusId: string,
    signal: AbortSignal,
  ): Promise<ImportState> {
    const started = Date.now();
    for (;;) {
      const state = await api.importStatus(statusId, { signal });
      if (typeof state.file_size_bytes === 'number') file.size = state.file_size_bytes;
      const percent = Math.max(0, Math.min(100, Math.round(state.progress ?? 0)));
      if (state.status === 'done' || state.status === 'failed' || state.status === 'aborted') return state;
      this.#show(file, 'running', percent, '');
      this.host.dispatchEvent(
        new GalleryUploadProgressEvent({
          file: { ...file },
          bytesUploaded: state.progress_bytes ?? 0,
          bytesTotal: file.size,
          percentage: percent,
        }),
      );
      if (Date.now() - started > MAX_IMPORT_MS) throw new Error(this.config().strings.serverError);
      await wait(this.pollInterval(), signal);
    }
  }

  async #finish(api: UploaderApi, file: UploadFileInfo, state: ImportState, config: UploaderConfig) {
    const { strings } = config;
    if (state.status === 'aborted') {
      const aborted = format(strings.urlAborted, { name: file.name });
      this.#show(file, 'aborted', 0, aborted);
      this.#complete(file, null, aborted);
      return;
    }
    if (state.status === 'failed' || !state.resid) {
      this.#fail(file, 0, 'import_failed', state.message || strings.serverError);
      return;
    }
    const rid = state.resid;
    const fid = config.fid ?? '';
    if (fid && config.insertPosition && config.insertPosition !== 'bottom') {
      await api.place(fid, rid, config.insertPosition).catch(() => undefined);
    }
    const asset = await api.asset(rid).catch(() => ({ rid }));
    this.#show(file, 'done', 100, format(strings.urlDone, { name: file.name }));
    this.host.dispatchEvent(new GalleryUploadSuccessEvent({ file: { ...file }, rid, fid, asset }));
    this.#complete(file, rid, '');
  }

  #fail(file: UploadFileInfo, status: number, code: string, message: string): void {
    const { strings } = this.config();
    // One pass over the template: a name holding `{message}` or `$&` stays as it is.
    const text = format(strings.urlFailed, { name: file.name, message });
    this.#show(file, 'failed', 0, text);
    this.host.dispatchEvent(new GalleryUploadErrorEvent({ file: { ...file }, status, code, message }));
    this.#complete(file, null, message);
  }

  #complete(file: UploadFileInfo, rid: string | null, message: string): void {
    this.host.dispatchEvent(
      new GalleryUploadCompleteEvent({
        successful: rid ? [{ file: { ...file }, rid }] : [],
        failed: rid ? [] : [{ file: { ...file }, message }],
      }),
    );
  }

  #show(file: UploadFileInfo, state: UrlImportView['state'], percent: number, message: string): void {
    this.view = { name: file.name, state, percent, message };
    this.host.requestUpdate();
  }
}

/** The last path segment of the URL, for people (the server stores its own name). */
function nameOf(input: string): string {
  try {
    const url = new URL(input);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.host;
  } catch {
    return input;
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
