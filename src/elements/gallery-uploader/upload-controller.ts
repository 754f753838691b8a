// Reactive controller driving Uppy for <gallery-uploader>: loads Uppy, the inline Dashboard and our chunked
// uploader when the element is first seen (or asked for), keeps their options in step with the element and
// turns Uppy's events into ours.

import { TaskStatus } from '@lit/task';
import type { Meta, UploadResult, Uppy, UppyFile } from '@uppy/core';
import { adoptStyles, type ReactiveController, type ReactiveControllerHost, unsafeCSS } from 'lit';
import type { ChunkedUploadBody } from '../../chunked-upload/plugin.ts';
import { LatestTask } from '../shared/latest-task.ts';
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
import { loadExtras, type SourceName } from './extras/index.ts';
import type { UploaderStrings, UppyLocaleLike } from './locales/en.ts';
import {
  failureFromError,
  UploaderApi,
  type UploaderCredentials,
  type UploaderTarget,
  UploadFailure,
  uploadFailureFrom,
} from './upload-api.ts';

/** Metadata fields an upload understands (decisions.md "Uploads"); nothing else is sent. */
export const UPLOAD_META_FIELDS = ['caption', 'description', 'tags', 'reference_id'] as const;
export type UploadMetaField = (typeof UPLOAD_META_FIELDS)[number];

export type UploadMeta = Meta & Partial<Record<UploadMetaField, string>>;
export type UploadBody = ChunkedUploadBody;
type UploaderUppy = Uppy<UploadMeta, UploadBody>;
type UploaderFile = UppyFile<UploadMeta, UploadBody>;

/** Everything the controller reads from the element; read afresh at each use, so new tokens apply at once. */
export interface UploaderConfig extends UploaderCredentials, UploaderTarget {
  maxFileSize: number | undefined;
  maxFiles: number | undefined;
  accept: string[] | undefined;
  insertPosition: string;
  /** The page's Uppy locale, else the Dashboard strings of the element's language (none for English). */
  uppyLocale: UppyLocaleLike | undefined;
  theme: 'light' | 'dark' | 'auto';
  /** The page's line of guidance; the limits set follow it in the drop zone. */
  note: string | undefined;
  metaFields: UploadMetaField[];
  limit: number;
  /** Keep the queue, the bytes and each file's progress across a reload or crash (golden-retriever). */
  recovery: boolean;
  /** Extra sources the Dashboard offers (each loaded on first use). */
  sources: SourceName[];
  imageEditor: boolean;
  strings: UploaderStrings;
  /** The language of `strings`, for numbers and lists in the drop zone's line of limits. */
  language: string;
  /** "up to 10 files" in the form the language needs for the count. */
  filesLimit: (count: number) => string;
}

export interface UploadControllerHost extends ReactiveControllerHost, HTMLElement {}

let instances = 0;

/**
 * How much golden-retriever keeps in IndexedDB (its own limits are 10 MiB a file, 300 MiB in all): a file
 * up to 512 MiB keeps its bytes; a larger one comes back as a placeholder to pick again, and then continues
 * from the server's offset all the same (its unique-id is kept with the queue).
 */
const RECOVERY_STORE = { maxFileSize: 512 * 1024 * 1024, maxTotalSize: 1024 * 1024 * 1024 };

/** Where golden-retriever keeps this uploader's queue: the same on every load of the same page. */
function storeId(host: HTMLElement, instance: number): string {
  return host.id ? `gallery-uploader-${host.id}` : `gallery-uploader-${instance}`;
}

export class UploadController implements ReactiveController {
  #uppy: UploaderUppy | undefined;
  /** Uppy's modules once loaded (they stay loaded across a reconnect). */
  #kit: UppyParts['kit'] | undefined;
  #stopA11yRepair: (() => void) | undefined;
  #stopWatching: (() => void) | undefined;
  #target: HTMLElement | undefined;
  #connected = false;
  /** Set once something needs Uppy: the element came into view, or a caller asked for it. */
  #wanted = false;
  /**
   * Loads Uppy's modules (and the element's words) for a build; a disconnect aborts it, so a slow dynamic
   * import never mounts into a torn-down element.
   */
  readonly #loading: LatestTask<[UploaderConfig], UppyParts>;
  #ready = deferred<UploaderUppy>();
  /** rid of each uploaded file, for the complete event. */
  #rids = new Map<string, string>();
  /** Success handlers still setting metadata, placing assets or dispatching: `complete` waits for them. */
  #pending = new Set<Promise<void>>();
  /** Files between a passing failure and their next chunk getting through. */
  #retrying = new Set<string>();
  /** Files a visitor sent again with the Dashboard's retry button: Uppy reports no `complete` for those. */
  #visitorRetries = new Set<string>();
  readonly #instance = ++instances;

  constructor(
    private readonly host: UploadControllerHost,
    private readonly config: () => UploaderConfig,
    wordsReady: () => Promise<unknown>,
  ) {
    host.addController(this);
    this.#loading = new LatestTask(host, {
      task: ([config]) => loadUppy(config, wordsReady()),
      onComplete: (parts) => this.#mount(parts),
    });
  }

  /** The Uppy instance once built (undefined before and after disconnect). */
  get uppy(): UploaderUppy | undefined {
    return this.#uppy;
  }

  /** Files being sent again, or waiting to be, after a passing failure. */
  get retrying(): number {
    return this.#retrying.size;
  }

  /** Resolves with Uppy once the Dashboard is mounted; asking for it loads Uppy now. */
  get ready(): Promise<UploaderUppy> {
    this.#want();
    return this.#ready.promise;
  }

  /** Called by the element once its shadow root holds the Dashboard's container. */
  attach(target: HTMLElement): void {
    this.#target = target;
    this.#watch();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#watch();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    this.#stopA11yRepair?.();
    this.#stopA11yRepair = undefined;
    this.#retrying.clear();
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
    const locale = config.uppyLocale;
    uppy.setOptions({ restrictions: restrictionsOf(config), ...(locale ? { locale: locale as never } : {}) });
    const dashboard = uppy.getPlugin('Dashboard');
    const metaFields = metaFieldsOf(config);
    dashboard?.setOptions({
      theme: config.theme,
      note: this.#note(config),
      metaFields,
      ...(locale ? { locale: locale as never } : {}),
    });
    // The Dashboard copies metaFields into its plugin state once, at install, and reads them only from
    // there: without this a changed meta-fields would never reach the file card.
    dashboard?.setPluginState({ metaFields });
  }

  /**
   * Uppy is most of the element's weight: it loads when the element first comes near the viewport, or when
   * a caller needs it (`ready`, `upload()`, `addFiles()`), not with the element's module.
   */
  #watch(): void {
    if (!this.#connected || !this.#target || this.#uppy || this.#stopWatching) return;
    if (this.#wanted || typeof IntersectionObserver === 'undefined') {
      void this.#build();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.#want();
      },
      { rootMargin: '200px' },
    );
    observer.observe(this.host);
    this.#stopWatching = () => observer.disconnect();
  }

  #want(): void {
    this.#wanted = true;
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    if (this.#connected && this.#target && !this.#uppy) void this.#build();
  }

  #build(): void {
    if (this.#uppy || this.#loading.status === TaskStatus.PENDING) return;
    void this.#loading.run([this.config()]);
  }

  #mount({ kit, recovery, extras }: UppyParts): void {
    const target = this.#target;
    if (!this.#connected || !target || this.#uppy) return;
    const config = this.config();
    const root = this.host.shadowRoot;
    const own = (this.host.constructor as unknown as { elementStyles: Parameters<typeof adoptStyles>[1] })
      .elementStyles;
    // Uppy's sheets first: our looks of the Dashboard come after them with the same specificity, so they win.
    if (root) {
      const uppySheets = [kit.uppyCss, ...extras.css].map((css) => unsafeCSS(css));
      adoptStyles(root, [...uppySheets, ...kit.dashboardStyles, ...own]);
    }
    const locale = config.uppyLocale;
    const uppy: UploaderUppy = new kit.Uppy<UploadMeta, UploadBody>({
      id: storeId(this.host, this.#instance),
      autoProceed: false,
      restrictions: restrictionsOf(config),
      ...(locale ? { locale: locale as never } : {}),
    });
    this.#kit = kit;
    uppy.use(kit.Dashboard<UploadMeta, UploadBody>, {
      inline: true,
      // An element, not a selector: a selector is looked up in the document and misses the shadow root.
      target,
      width: '100%',
      theme: config.theme,
      note: this.#note(config),
      metaFields: metaFieldsOf(config),
      proudlyDisplayPoweredByUppy: false,
      hideProgressDetails: false,
      showRemoveButtonAfterComplete: false,
      ...(locale ? { locale: locale as never } : {}),
    });
    uppy.use(kit.ChunkedUpload<UploadMeta, UploadBody>, {
      limit: config.limit,
      uploadUrl: () => this.#uploadUrl(),
      fields: (file) => sentFields(file),
      toError: (refusal) => uploadFailureFrom(refusal, this.config().strings),
    });
    // Saves each file's unique-id, upload URL and offset with the queue (they live on the file), and its
    // bytes in IndexedDB; after a reload the Dashboard shows the files as recovered, and resuming asks
    // the server where each one stands.
    if (recovery) uppy.use(recovery.default<UploadMeta, UploadBody>, { indexedDB: RECOVERY_STORE as never });
    extras.add(uppy);
    this.#listen(uppy);
    this.#stopA11yRepair = keepFileListRole(target);
    this.#uppy = uppy;
    this.#ready.resolve(uppy);
    this.host.requestUpdate();
  }

  /** The page's note, then what the element takes (only the limits that are set), one per line. */
  #note(config: UploaderConfig): string | null {
    const limits = { accept: config.accept, maxFileSize: config.maxFileSize, maxFiles: config.maxFiles };
    const hint = this.#kit?.limitsHint(limits, config.strings, config.language, config.filesLimit);
    return [config.note, hint].filter(Boolean).join('\n') || null;
  }

  #api(): UploaderApi {
    const { baseUrl, token, uploadToken } = this.config();
    return new UploaderApi({ baseUrl, token, uploadToken });
  }

  async #uploadUrl(): Promise<string> {
    const config = this.config();
    try {
      if (!config.baseUrl || (!config.token && !config.uploadToken))
        throw new Error(config.strings.notConfigured);
      return await this.#api().uploadUrl({ fid: config.fid, rrid: config.rrid });
    } catch (error) {
      throw failureFromError(error, this.config().strings);
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
    uppy.on('chunked-upload:retry', (file, attempt) => {
      this.#setRetrying(file.id, true);
      this.host.dispatchEvent(new GalleryUploadRetryEvent({ file: fileInfo(file), attempt }));
    });
    uppy.on('chunked-upload:chunk', (file) => this.#setRetrying(file.id, false));
    uppy.on('upload-retry', (file) => {
      // Uppy's retryUpload: the visitor's retry button on a failed file.
      if (file) this.#visitorRetries.add(file.id);
    });
    uppy.on('upload-success', (file, response) => {
      if (!file) return;
      this.#setRetrying(file.id, false);
      const work = this.#succeeded(file, response.body);
      this.#pending.add(work);
      void work.finally(() => this.#pending.delete(work));
      if (this.#visitorRetries.delete(file.id)) void this.#completed([file], []);
    });
    uppy.on('upload-error', (file, error) => {
      if (file) this.#setRetrying(file.id, false);
      this.host.dispatchEvent(new GalleryUploadErrorEvent(this.#errorDetail(file, error)));
      if (file && this.#visitorRetries.delete(file.id)) void this.#completed([], [file]);
    });
    uppy.on('file-removed', (file) => {
      this.#setRetrying(file.id, false);
      this.#visitorRetries.delete(file.id);
    });
    uppy.on('complete', (result) => this.#onComplete(result));
    uppy.on('restored', () => {
      // Recovered files wait for the visitor's "upload": shown paused, not "uploading", until then
      // (golden-retriever resumes them all on that click).
      for (const file of uppy.getFiles()) {
        if (file.progress.uploadStarted && !file.progress.uploadComplete)
          uppy.setFileState(file.id, { isPaused: true });
      }
    });
  }

  #setRetrying(id: string, retrying: boolean): void {
    const changed = retrying ? !this.#retrying.has(id) : this.#retrying.has(id);
    if (!changed) return;
    if (retrying) this.#retrying.add(id);
    else this.#retrying.delete(id);
    this.host.requestUpdate();
  }

  #onComplete(result: UploadResult<UploadMeta, UploadBody>): void {
    const successful = (result.successful ?? []).filter((file) => !this.#visitorRetries.has(file.id));
    const failed = (result.failed ?? []).filter((file) => !this.#visitorRetries.has(file.id));
    void this.#completed(successful, failed);
  }

  async #succeeded(file: UploaderFile, body: UploadBody | undefined): Promise<void> {
    const rid = body?.rid ?? '';
    this.#rids.set(file.id, rid);
    const { fid = '', insertPosition, strings } = this.config();
    const report = (error: unknown) => {
      const failure = failureFromError(error, strings);
      this.host.dispatchEvent(
        new GalleryUploadErrorEvent({
          file: fileInfo(file),
          status: failure.status,
          code: failure.code,
          message: failure.message,
        }),
      );
    };
    let asset: UploadedAsset = (body?.asset as UploadedAsset | undefined) ?? { rid };
    // Chunks carry no metadata: what the visitor typed is set once the file is stored.
    const fields = sentFields(file);
    if (rid && body?.fieldsSent === false && Object.keys(fields).length > 0) {
      const updated = await this.#api()
        .setMeta(rid, fields)
        .catch((error: unknown) => {
          report(error);
          return undefined;
        });
      asset = updated ?? { ...asset, ...fields };
    }
    // The upload always appends; moving it is a second call, allowed even for upload tokens.
    if (fid && rid && insertPosition && insertPosition !== 'bottom') {
      await this.#api().place(fid, rid, insertPosition).catch(report);
    }
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
    const failure = error instanceof UploadFailure ? error : failureFromError(error, this.config().strings);
    return {
      file: file ? fileInfo(file) : null,
      status: failure.status,
      code: failure.code,
      message: failure.message,
    };
  }
}

type UppyParts = Awaited<ReturnType<typeof loadUppy>>;

/** Uppy, the Dashboard and what the config adds, each a lazy chunk; with the words the Dashboard shows. */
async function loadUppy(config: UploaderConfig, wordsReady: Promise<unknown>) {
  const [kit, recovery, extras] = await Promise.all([
    import('./uppy-kit.ts'),
    config.recovery ? import('@uppy/golden-retriever') : undefined,
    loadExtras(config.sources, config.imageEditor),
    wordsReady,
  ]);
  return { kit, recovery, extras };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
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

/** The metadata a file has (a field left empty is not sent: it would be stored as empty or "undefined"). */
function sentFields(file: UploaderFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of UPLOAD_META_FIELDS) {
    const value = file.meta[name];
    if (typeof value === 'string' && value !== '') fields[name] = value;
  }
  return fields;
}
