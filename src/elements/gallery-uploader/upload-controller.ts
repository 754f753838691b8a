// Reactive controller driving Uppy for <gallery-uploader>: builds Uppy, the inline Dashboard and XHR upload
// inside the shadow root, keeps their options in step with the element and turns Uppy's events into ours.
import type { Body, Meta, UploadResult, Uppy, UppyFile } from '@uppy/core';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { keepFileListRole } from './dashboard-a11y.ts';
import {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadProgressEvent,
  GalleryUploadRetryEvent,
  GalleryUploadStartEvent,
  GalleryUploadSuccessEvent,
  type UploadCompleteDetail,
  type UploadErrorDetail,
  type UploadedAsset,
  type UploadFileInfo,
} from './events.ts';
import { RetryRounds } from './retry-rounds.ts';
import { dashboardLocaleFor, type UploaderStrings, type UppyLocaleLike } from './strings.ts';
import {
  failureFromError,
  isRetryableUpload,
  UploaderApi,
  type UploaderCredentials,
  type UploaderTarget,
  UploadFailure,
  uploadFailureFrom,
} from './upload-api.ts';

/** Metadata fields the upload POST understands (decisions.md "Uploads"); nothing else is sent. */
export const UPLOAD_META_FIELDS = ['caption', 'description', 'tags', 'reference_id'] as const;
export type UploadMetaField = (typeof UPLOAD_META_FIELDS)[number];

export type UploadMeta = Meta & Partial<Record<UploadMetaField, string>>;
export interface UploadBody extends Body {
  success?: boolean;
  rid?: string;
  asset?: UploadedAsset;
}
type UploaderUppy = Uppy<UploadMeta, UploadBody>;
type UploaderFile = UppyFile<UploadMeta, UploadBody>;

/** Everything the controller reads from the element; read afresh at each use, so new tokens apply at once. */
export interface UploaderConfig extends UploaderCredentials, UploaderTarget {
  maxFileSize: number | undefined;
  maxFiles: number | undefined;
  accept: string[] | undefined;
  insertPosition: string;
  locale: string;
  uppyLocale: UppyLocaleLike | undefined;
  theme: 'light' | 'dark' | 'auto';
  note: string | undefined;
  metaFields: UploadMetaField[];
  limit: number;
  strings: UploaderStrings;
}

export interface UploadControllerHost extends ReactiveControllerHost, HTMLElement {}

let instances = 0;

export class UploadController implements ReactiveController {
  #uppy: UploaderUppy | undefined;
  #stopA11yRepair: (() => void) | undefined;
  #target: HTMLElement | undefined;
  #connected = false;
  /** Bumped on every build and teardown, so a slow dynamic import cannot mount into a torn-down element. */
  #generation = 0;
  #ready = deferred<UploaderUppy>();
  /** rid of each uploaded file, for the complete event. */
  #rids = new Map<string, string>();
  /** Success handlers still placing assets or dispatching: `complete` waits for them. */
  #pending = new Set<Promise<void>>();
  /** Extra rounds for files that failed for a passing reason. */
  readonly #retries = new RetryRounds(() => this.host.requestUpdate());
  /**
   * What a batch's first pass (Uppy's `complete`) and its files' extra rounds ended with, reported as one
   * once the pass has ended and no file waits for a round.
   */
  #batch:
    | { successful: Map<string, UploaderFile>; failed: Map<string, UploaderFile>; passEnded: boolean }
    | undefined;
  /** Files a visitor sent again with the Dashboard's retry button: Uppy reports no `complete` for those. */
  #visitorRetries = new Set<string>();
  readonly #id = `gallery-uploader-${++instances}`;

  constructor(
    private readonly host: UploadControllerHost,
    private readonly config: () => UploaderConfig,
  ) {
    host.addController(this);
  }

  /** The Uppy instance once built (undefined before the first render and after disconnect). */
  get uppy(): UploaderUppy | undefined {
    return this.#uppy;
  }

  /** Files being sent again, or waiting to be, after a passing failure. */
  get retrying(): number {
    return this.#retries.count;
  }

  /** Resolves with Uppy once the Dashboard is mounted. */
  get ready(): Promise<UploaderUppy> {
    return this.#ready.promise;
  }

  /** Called by the element once its shadow root holds the Dashboard's container. */
  attach(target: HTMLElement): void {
    this.#target = target;
    if (this.#connected && !this.#uppy) void this.#build();
  }

  hostConnected(): void {
    this.#connected = true;
    if (this.#target && !this.#uppy) void this.#build();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#generation++;
    this.#stopA11yRepair?.();
    this.#stopA11yRepair = undefined;
    this.#retries.clear();
    this.#batch = undefined;
    this.#visitorRetries.clear();
    this.#uppy?.destroy();
    this.#uppy = undefined;
    this.#ready = deferred<UploaderUppy>();
    // The Dashboard's DOM goes with Uppy; a reconnect builds a fresh one into the same container.
    this.#target?.replaceChildren();
  }

  /** Pushes changed element options into the running Uppy and Dashboard. */
  sync(): void {
    const uppy = this.#uppy;
    if (!uppy) return;
    const config = this.config();
    const locale = config.uppyLocale ?? dashboardLocaleFor(config.locale);
    uppy.setOptions({ restrictions: restrictionsOf(config), ...(locale ? { locale: locale as never } : {}) });
    const dashboard = uppy.getPlugin('Dashboard');
    const metaFields = metaFieldsOf(config);
    dashboard?.setOptions({
      theme: config.theme,
      note: config.note ?? null,
      metaFields,
      ...(locale ? { locale: locale as never } : {}),
    });
    // The Dashboard copies metaFields into its plugin state once, at install, and reads them only from
    // there: without this a changed meta-fields would never reach the file card.
    dashboard?.setPluginState({ metaFields });
  }

  async #build(): Promise<void> {
    const generation = ++this.#generation;
    const target = this.#target;
    // Uppy is the heavy part of the element: it loads on first connect, not with the element's module.
    const [{ default: UppyClass }, { default: Dashboard }, { default: XHRUpload }] = await Promise.all([
      import('@uppy/core'),
      import('@uppy/dashboard'),
      import('@uppy/xhr-upload'),
    ]);
    if (generation !== this.#generation || !this.#connected || !target) return;
    const config = this.config();
    const locale = config.uppyLocale ?? dashboardLocaleFor(config.locale);
    const uppy: UploaderUppy = new UppyClass<UploadMeta, UploadBody>({
      id: this.#id,
      autoProceed: false,
      restrictions: restrictionsOf(config),
      ...(locale ? { locale: locale as never } : {}),
      onBeforeUpload: (files) => withSentMetaFields(files),
    });
    uppy.use(Dashboard<UploadMeta, UploadBody>, {
      inline: true,
      // An element, not a selector: a selector is looked up in the document and misses the shadow root.
      target,
      width: '100%',
      theme: config.theme,
      note: config.note ?? null,
      metaFields: metaFieldsOf(config),
      proudlyDisplayPoweredByUppy: false,
      hideProgressDetails: false,
      showRemoveButtonAfterComplete: false,
      ...(locale ? { locale: locale as never } : {}),
    });
    uppy.use(XHRUpload<UploadMeta, UploadBody>, {
      limit: config.limit,
      fieldName: 'file',
      allowedMetaFields: [...UPLOAD_META_FIELDS],
      endpoint: (file) => this.#firstUrl(uppy, file as UploaderFile),
      shouldRetry: isRetryableUpload,
      // Uppy retries on the same URL; a signed URL may be what failed, so every retry re-opens the
      // request on a fresh one (open() again before send() is allowed and keeps the handlers). A new
      // round got its fresh URL from `endpoint` already.
      onBeforeRequest: async (xhr, retryCount, files) => {
        if (retryCount > 0) {
          const url = await this.#freshUrl().catch(() => undefined);
          if (url) xhr.open('POST', url, true);
        }
        // The upload URL answers JSON only when asked (else the hosted service's text); set here, after
        // any open() above, which drops the headers set before it.
        xhr.setRequestHeader('accept', 'application/json');
        for (const file of files) {
          const attempt = this.#retries.attempt(file.id, retryCount);
          if (attempt === 1) continue;
          this.#retries.resending(file.id);
          this.host.dispatchEvent(new GalleryUploadRetryEvent({ file: fileInfo(file), attempt }));
        }
      },
      // Failed responses become errors carrying the server's message instead of the status text.
      onAfterResponse: (xhr) => {
        if (xhr.status < 200 || xhr.status >= 300) throw uploadFailureFrom(xhr, this.config().strings);
      },
    });
    this.#listen(uppy);
    this.#stopA11yRepair = keepFileListRole(target);
    this.#uppy = uppy;
    this.#ready.resolve(uppy);
    this.host.requestUpdate();
  }

  #api(): UploaderApi {
    const { baseUrl, token, uploadToken } = this.config();
    return new UploaderApi({ baseUrl, token, uploadToken });
  }

  #freshUrl(): Promise<string> {
    const { fid, rrid } = this.config();
    return this.#api().uploadUrl({ fid, rrid });
  }

  async #firstUrl(uppy: UploaderUppy, file: UploaderFile): Promise<string> {
    try {
      const config = this.config();
      if (!config.baseUrl || (!config.token && !config.uploadToken))
        throw new Error(config.strings.notConfigured);
      return await this.#freshUrl();
    } catch (error) {
      // Uppy reports nothing when the endpoint getter throws; without this the file would hang in
      // "uploading" forever and the complete event would not list it.
      const failure = failureFromError(error, this.config().strings);
      uppy.emit('upload-error', uppy.getFile(file.id), failure);
      throw failure;
    }
  }

  #listen(uppy: UploaderUppy): void {
    uppy.on('upload-start', (files) => {
      this.host.dispatchEvent(new GalleryUploadStartEvent({ files: files.map(fileInfo) }));
    });
    uppy.on('upload-progress', (file, progress) => {
      if (!file) return;
      const total = typeof progress.bytesTotal === 'number' ? progress.bytesTotal : -1;
      const uploaded = progress.bytesUploaded ?? 0;
      this.host.dispatchEvent(
        new GalleryUploadProgressEvent({
          file: fileInfo(file),
          bytesUploaded: uploaded,
          bytesTotal: total,
          percentage: total > 0 ? Math.min(100, Math.round((uploaded / total) * 100)) : 0,
        }),
      );
    });
    uppy.on('upload-retry', (file) => {
      // Our own rounds hold the file; anything else is the visitor's retry button (Uppy's retryUpload).
      if (!file || this.#retries.isHeld(file.id)) return;
      this.#visitorRetries.add(file.id);
      this.#batch ??= { successful: new Map(), failed: new Map(), passEnded: true };
    });
    uppy.on('upload-success', (file, response) => {
      if (!file) return;
      this.#retries.settle(file.id);
      const work = this.#succeeded(file, response.body);
      this.#pending.add(work);
      void work.finally(() => this.#pending.delete(work));
      if (this.#visitorRetries.delete(file.id)) this.#record({ successful: [file], failed: [] }, false);
    });
    uppy.on('upload-error', (file, error, response) => {
      const xhr = response as unknown as XMLHttpRequest | undefined;
      const id = file?.id;
      if (id && xhr instanceof XMLHttpRequest && isRetryableUpload(xhr)) {
        // Another round on a fresh URL; the failure is not reported while one is to come.
        if (this.#retries.schedule(id, () => this.#nextRound(uppy, id))) return;
      }
      if (id) this.#retries.settle(id);
      this.host.dispatchEvent(new GalleryUploadErrorEvent(this.#errorDetail(file, error)));
      if (file && this.#visitorRetries.delete(file.id))
        this.#record({ successful: [], failed: [file] }, false);
    });
    uppy.on('file-removed', (file) => {
      this.#retries.settle(file.id);
      this.#visitorRetries.delete(file.id);
      this.#reportIfDone();
    });
    uppy.on('complete', (result) => this.#record(result, true));
  }

  /** Adds what one upload run ended with to the batch; a file still held for a round has no outcome yet. */
  #record(result: UploadResult<UploadMeta, UploadBody>, passEnded: boolean): void {
    this.#batch ??= { successful: new Map(), failed: new Map(), passEnded: false };
    const batch = this.#batch;
    if (passEnded) batch.passEnded = true;
    for (const file of result.successful ?? []) {
      if (this.#retries.isHeld(file.id)) continue;
      batch.successful.set(file.id, file);
      batch.failed.delete(file.id);
    }
    for (const file of result.failed ?? []) {
      if (this.#retries.isHeld(file.id)) continue;
      batch.failed.set(file.id, file);
      batch.successful.delete(file.id);
    }
    this.#reportIfDone();
  }

  /** A held file's next round: Uppy uploads it again as a batch of one (with a fresh URL from `endpoint`). */
  #nextRound(uppy: UploaderUppy, id: string): void {
    if (uppy !== this.#uppy || !uppy.getFile(id)) {
      this.#retries.settle(id);
      this.#reportIfDone();
      return;
    }
    this.#retries.resending(id);
    // Uppy emits no `complete` for retryUpload: without recording the round's result here, a batch whose
    // last file went through in a round would never be reported complete.
    uppy.retryUpload(id).then(
      (result) => {
        if (uppy === this.#uppy && result) this.#record(result, false);
      },
      () => {
        if (uppy !== this.#uppy) return;
        this.#retries.settle(id);
        this.#reportIfDone();
      },
    );
  }

  /** Reports the batch once its first pass has ended and no file of it waits for another round. */
  #reportIfDone(): void {
    const batch = this.#batch;
    if (!batch?.passEnded || !this.#retries.idle || this.#visitorRetries.size > 0) return;
    this.#batch = undefined;
    void this.#completed([...batch.successful.values()], [...batch.failed.values()]);
  }

  async #succeeded(file: UploaderFile, body: UploadBody | undefined): Promise<void> {
    const rid = typeof body?.rid === 'string' ? body.rid : (body?.asset?.rid ?? '');
    this.#rids.set(file.id, rid);
    const { fid = '', insertPosition } = this.config();
    // The upload POST always appends; moving it is a second call, allowed even for upload tokens.
    if (fid && rid && insertPosition && insertPosition !== 'bottom') {
      await this.#api()
        .place(fid, rid, insertPosition)
        .catch((error: unknown) => {
          const failure = failureFromError(error, this.config().strings);
          this.host.dispatchEvent(
            new GalleryUploadErrorEvent({
              file: fileInfo(file),
              status: failure.status,
              code: failure.code,
              message: failure.message,
            }),
          );
        });
    }
    const asset: UploadedAsset = body?.asset ?? { rid };
    this.host.dispatchEvent(new GalleryUploadSuccessEvent({ file: fileInfo(file), rid, fid, asset }));
  }

  async #completed(successful: UploaderFile[], failed: UploaderFile[]): Promise<void> {
    await Promise.allSettled([...this.#pending]);
    const detail: UploadCompleteDetail = {
      successful: successful.map((file) => ({ file: fileInfo(file), rid: this.#rids.get(file.id) ?? '' })),
      failed: failed.map((file) => ({ file: fileInfo(file), message: String(file.error ?? '') })),
    };
    this.host.dispatchEvent(new GalleryUploadCompleteEvent(detail));
  }

  #errorDetail(file: UploaderFile | undefined, error: unknown): UploadErrorDetail {
    const failure =
      error instanceof UploadFailure
        ? error
        : isNetworkFailure(error)
          ? new UploadFailure(this.config().strings.networkError, 0, 'network_error')
          : failureFromError(error, this.config().strings);
    return {
      file: file ? fileInfo(file) : null,
      status: failure.status,
      code: failure.code,
      message: failure.message,
    };
  }
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NetworkError' || 'isNetworkError' in error);
}

function fileInfo(file: UploaderFile): UploadFileInfo {
  return {
    id: file.id,
    name: file.name ?? '',
    size: typeof file.size === 'number' ? file.size : -1,
    type: file.type ?? '',
    source: 'local',
  };
}

function restrictionsOf(config: UploaderConfig) {
  return {
    maxFileSize: config.maxFileSize && config.maxFileSize > 0 ? config.maxFileSize : null,
    maxNumberOfFiles: config.maxFiles && config.maxFiles > 0 ? config.maxFiles : null,
    allowedFileTypes: config.accept && config.accept.length > 0 ? config.accept : null,
  };
}

function metaFieldsOf(config: UploaderConfig) {
  const { strings } = config;
  const labels: Record<UploadMetaField, { name: string; placeholder?: string }> = {
    caption: { name: strings.caption, placeholder: strings.captionPlaceholder },
    description: { name: strings.description, placeholder: strings.descriptionPlaceholder },
    tags: { name: strings.tags },
    reference_id: { name: strings.referenceId },
  };
  return config.metaFields.map((id) => ({ id, ...labels[id] }));
}

/** Sends only the metadata a file has: Uppy would post a missing field as the text "undefined". */
function withSentMetaFields(files: Record<string, UploaderFile>): Record<string, UploaderFile> {
  const result: Record<string, UploaderFile> = {};
  for (const [id, file] of Object.entries(files)) {
    const present = UPLOAD_META_FIELDS.filter((name) => {
      const value = file.meta[name];
      return typeof value === 'string' && value !== '';
    });
    result[id] = { ...file, xhrUpload: { ...file.xhrUpload, allowedMetaFields: present } } as UploaderFile;
  }
  return result;
}
