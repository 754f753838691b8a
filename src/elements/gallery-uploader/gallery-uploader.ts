// <gallery-uploader>: the class (registers nothing; define.ts claims the tag). Uppy's Dashboard inside the
// shadow root uploads files to a gallery through fresh signed upload URLs; a small form imports from a URL.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { LocalizeController } from '../shared/localize-controller.ts';
import type { GalleryUploadErrorEvent, GalleryUploadStartEvent } from './events.ts';
import { sourcesOf } from './extras/index.ts';
import { uploaderStyles } from './gallery-uploader.styles.ts';
import { en, type UploaderStrings, type UploaderWords, type UppyLocaleLike } from './locales/en.ts';
import { loaders } from './locales/index.ts';
import {
  UPLOAD_META_FIELDS,
  UploadController,
  type UploaderConfig,
  type UploadMetaField,
} from './upload-controller.ts';
import { UrlImportController } from './url-import-controller.ts';

interface ShownError {
  name: string;
  message: string;
}

/** Properties whose change must reach the running Uppy and Dashboard. */
const UPPY_OPTIONS = [
  'maxFileSize',
  'maxFiles',
  'accept',
  'locale',
  'uppyLocale',
  'strings',
  'theme',
  'note',
  'metaFields',
] as const;

/**
 * Uploads files into a gallery of the media service, with per-file metadata, progress, retries and clear
 * errors, plus an import from a URL.
 *
 * @summary Drag-and-drop uploader for a gallery (Uppy Dashboard inside the shadow root).
 *
 * @attr base-url - API base URL ending in `v2/`.
 * @attr fid - Target gallery.
 * @attr rrid - Target gallery by the caller's own id (when no `fid` is set).
 * @attr upload-token - Upload token for one gallery (when no `token` is set).
 * @attr token - Temporary or application token (needs asset.upload).
 * @attr max-file-size - Largest file in bytes the Dashboard accepts.
 * @attr max-files - Most files per batch.
 * @attr accept - Comma list of MIME types, wildcards or extensions: `image/*,video/*,.pdf`.
 * @attr insert-position - `bottom` (default), `top` or a 1-based position.
 * @attr locale - Language of the element's and the Dashboard's words: `en`, `de`, `fr` (`de-AT` uses `de`); default: the page's `lang`, else English.
 * @attr theme - `light`, `dark` or `auto` (default: follows `prefers-color-scheme`); the Dashboard follows it.
 * @attr note - A line of guidance shown in the drop zone, above the line of limits the element writes from `accept`, `max-file-size` and `max-files`.
 * @attr meta-fields - Metadata editable per file: comma list of caption, description, tags, reference_id.
 * @attr limit - Files uploading at once (default 3). Files up to 5 MiB go in one request; larger ones in chunks of 5 to 50 MiB (growing while the network is fast), each resumable: pause and resume per file or for all, and a failed or cut chunk is sent again from where the server stands.
 * @attr poll-interval - Milliseconds between status polls of a URL import (default 1000).
 * @attr no-url-import - Hides the "upload from a URL" form.
 * @attr no-recovery - Turns off recovery: by default the queue, each file's bytes (IndexedDB) and where its upload stands survive a reload or a crash, and the Dashboard shows the files as recovered, ready to resume from what the server holds. Files over 512 MiB keep no bytes: they come back as placeholders to pick again, then resume likewise.
 * @attr sources - More places to add files from, space- or comma-separated: `camera` (photo or video from a webcam), `screen` (screenshot or screen recording). Each loads on first use, as its own chunk.
 * @attr image-editor - Offers crop and rotate for images before upload (loads on first use, as its own chunk).
 *
 * @fires gallery-upload-start - Files start uploading; `detail.files`.
 * @fires gallery-upload-progress - Bytes sent for one file; `detail.file`, `bytesUploaded`, `bytesTotal`, `percentage`.
 * @fires gallery-upload-success - One file became an asset; `detail.file`, `rid`, `fid`, `asset`. Bubbles and is composed, so a `<gallery-view>` anywhere on the page can refresh.
 * @fires gallery-upload-error - One file failed for good; `detail.file`, `status`, `code`, `message` (readable).
 * @fires gallery-upload-retry - One file is sent again after a passing failure (5xx, 429, no answer, an expired upload URL, which is replaced by a fresh one); `detail.file`, `attempt`. Up to ten retries, 0.3 to 8 s apart, each continuing from the bytes the server holds, before a failure counts.
 * @fires gallery-upload-complete - A batch ended; `detail.successful`, `detail.failed`.
 *
 * @csspart dashboard - The Uppy Dashboard's container.
 * @csspart errors - The list of failed files with their messages.
 * @csspart error - One failed file.
 * @csspart retry-status - The line (a polite live region) saying how many files are being retried.
 * @csspart url-form - The "upload from a URL" row.
 * @csspart url-label - Its label.
 * @csspart url-input - Its URL field.
 * @csspart url-caption - Its optional caption field.
 * @csspart url-submit - Its import button.
 * @csspart url-progress - The import's progress bar.
 *
 * @cssprop [--gallery-uploader-background=#ffffff] - Background of the Dashboard and the forms (dark: #1f2329).
 * @cssprop [--gallery-uploader-color=#1f2329] - Text colour (dark: #eef0f3).
 * @cssprop [--gallery-uploader-muted=#525a66] - Secondary text colour (dark: #b6bcc6).
 * @cssprop [--gallery-uploader-border=#c7ccd4] - Border colour (dark: #3d444f).
 * @cssprop [--gallery-uploader-accent=#1a5fc8] - Buttons and links (dark: #7fb0ff).
 * @cssprop [--gallery-uploader-error=#b42318] - Error text and border (dark: #ff9a8f).
 * @cssprop [--gallery-uploader-focus=2px solid var(--gallery-uploader-accent)] - Focus outline of `:focus-visible` (an `outline` shorthand).
 * @cssprop [--gallery-uploader-radius=8px] - Corner radius.
 * @cssprop [--gallery-uploader-height=420px] - Height of the Dashboard.
 * @cssprop [--gallery-uploader-empty-height=var(--gallery-uploader-height)] - Height of the empty drop zone (no file added yet); 240px where the element is under 480px wide.
 * @cssprop [--gallery-uploader-drop-background=color-mix(in srgb, var(--gallery-uploader-accent) 4%, var(--gallery-uploader-background))] - Background of the empty drop zone.
 * @cssprop [--gallery-uploader-icon-color=var(--gallery-uploader-accent)] - Colour of the drop zone's upload icon.
 * @cssprop [--gallery-font-family=system-ui, sans-serif] - Font of the element's own parts.
 */
export class GalleryUploader extends LitElement {
  static override styles = uploaderStyles;

  static override properties = {
    baseUrl: { attribute: 'base-url' },
    fid: {},
    rrid: {},
    uploadToken: { attribute: 'upload-token' },
    token: {},
    maxFileSize: { attribute: 'max-file-size', type: Number },
    maxFiles: { attribute: 'max-files', type: Number },
    accept: {},
    insertPosition: { attribute: 'insert-position' },
    locale: {},
    uppyLocale: { attribute: false },
    strings: { attribute: false },
    theme: { reflect: true },
    note: {},
    metaFields: { attribute: 'meta-fields' },
    limit: { type: Number },
    pollInterval: { attribute: 'poll-interval', type: Number },
    noUrlImport: { attribute: 'no-url-import', type: Boolean },
    noRecovery: { attribute: 'no-recovery', type: Boolean },
    sources: {},
    imageEditor: { attribute: 'image-editor', type: Boolean },
    _errors: { state: true },
  };

  /** API base URL ending in `v2/`. */
  declare baseUrl: string;
  /** Target gallery. */
  declare fid: string | undefined;
  /** Target gallery by the caller's own id (used when no fid is set). */
  declare rrid: string | undefined;
  /** Upload token for one gallery: used when no `token` is set, and sent with every upload. */
  declare uploadToken: string | undefined;
  /** Temporary or application token (needs asset.upload). */
  declare token: string | undefined;
  /** Largest file in bytes the Dashboard accepts (the server has its own limit). */
  declare maxFileSize: number | undefined;
  /** Most files per batch. */
  declare maxFiles: number | undefined;
  /** Comma list of MIME types, wildcards or extensions: `image/*,video/*,.pdf`. */
  declare accept: string | undefined;
  /** Where new assets go: `bottom` (default), `top` or a 1-based position. */
  declare insertPosition: string;
  /** Language of the element's words (`en`, `de`, `fr`; `de-AT` uses `de`); default: the page's `lang`, else English. */
  declare locale: string | undefined;
  /** The app's own words, over those of the locale (any subset of the keys). */
  declare strings: Partial<UploaderStrings> | undefined;
  /** An Uppy locale object (e.g. from @uppy/locales), passed through to Uppy and the Dashboard. */
  declare uppyLocale: UppyLocaleLike | undefined;
  /** `light`, `dark`, or `auto` (the visitor's preference, the default); the Dashboard follows it. */
  declare theme: 'light' | 'dark' | 'auto';
  /** A line of guidance shown in the drop zone, above the line of limits. */
  declare note: string | undefined;
  /** Comma list of metadata editable per file before upload: caption, description, tags, reference_id. */
  declare metaFields: string;
  /** Uploads running at once. Read when Uppy is built. */
  declare limit: number;
  /** Milliseconds between status polls of a URL import. */
  declare pollInterval: number;
  /** Hides the "upload from a URL" form. */
  declare noUrlImport: boolean;
  /** Turns off keeping the queue across a reload or crash. Read when Uppy is built. */
  declare noRecovery: boolean;
  /** More sources of files, space- or comma-separated: `camera`, `screen`. Read when Uppy is built. */
  declare sources: string | undefined;
  /** Offers crop and rotate for images before upload. Read when Uppy is built. */
  declare imageEditor: boolean;
  declare _errors: ShownError[];

  readonly #localize = new LocalizeController<UploaderWords>(this, en, loaders);
  readonly #uploads = new UploadController(
    this,
    () => this.#config(),
    () => this.#localize.ready,
  );
  /** The words Uppy and the Dashboard were last given: a table arriving later must reach them too. */
  #wordsInUppy: UploaderWords | undefined;
  readonly #imports = new UrlImportController(
    this,
    () => this.#config(),
    () => this.pollInterval,
  );

  constructor() {
    super();
    this.baseUrl = '';
    this.insertPosition = 'bottom';
    this.theme = 'auto';
    this.metaFields = 'caption,description';
    this.limit = 3;
    this.pollInterval = 1000;
    this.noUrlImport = false;
    this.noRecovery = false;
    this.imageEditor = false;
    this._errors = [];
    // Our own events feed the visible error list; a new batch starts with a clean one.
    this.addEventListener('gallery-upload-start', (event: GalleryUploadStartEvent) => {
      if (event.target === this && event.detail.files.some((file) => file.source === 'local'))
        this._errors = [];
    });
    this.addEventListener('gallery-upload-error', (event: GalleryUploadErrorEvent) => {
      if (event.target !== this) return;
      const name = event.detail.file?.name ?? '';
      this._errors = [...this._errors, { name, message: event.detail.message }];
    });
  }

  /** The Uppy instance (undefined until the Dashboard is mounted, and while disconnected). */
  get uppy() {
    return this.#uploads.uppy;
  }

  /** Resolves with the Uppy instance once the Dashboard is mounted. */
  get ready() {
    return this.#uploads.ready;
  }

  /** Starts uploading the files added so far (what the Dashboard's upload button does). */
  async upload() {
    const uppy = await this.ready;
    return uppy.upload();
  }

  /** Adds files to the queue as if the user picked them (a camera capture, a paste handled by the page). */
  async addFiles(files: Iterable<File>): Promise<void> {
    const uppy = await this.ready;
    for (const file of files) {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'gallery-uploader' });
    }
  }

  /** Imports a file from a URL into the gallery (asset.upload_from_url); resolves when it ended. */
  importUrl(input: string, caption?: string): Promise<void> {
    return this.#imports.start(input, caption);
  }

  /** The Uppy locale: the page's own, else the Dashboard strings of our table (none for English). */
  #uppyLocale(): UppyLocaleLike | undefined {
    if (this.uppyLocale) return this.uppyLocale;
    const strings = this.#localize.words.uppy;
    // Uppy's forms: 0 for the singular, 1 for the plural.
    const pluralize = (count: number) => (this.#localize.pluralCategory(count) === 'one' ? 0 : 1);
    return strings && { strings, pluralize };
  }

  #config(): UploaderConfig {
    const metaFields = this.metaFields
      .split(',')
      .map((field) => field.trim())
      .filter((field): field is UploadMetaField => (UPLOAD_META_FIELDS as readonly string[]).includes(field));
    const accept = this.accept
      ?.split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    return {
      baseUrl: this.baseUrl,
      token: this.token || undefined,
      uploadToken: this.uploadToken || undefined,
      fid: this.fid || undefined,
      rrid: this.rrid || undefined,
      maxFileSize: this.maxFileSize,
      maxFiles: this.maxFiles,
      accept,
      insertPosition: this.insertPosition || 'bottom',
      uppyLocale: this.#uppyLocale(),
      theme: this.theme === 'dark' || this.theme === 'auto' ? this.theme : 'light',
      note: this.note,
      metaFields,
      limit: this.limit > 0 ? this.limit : 3,
      recovery: !this.noRecovery,
      sources: sourcesOf(this.sources),
      imageEditor: this.imageEditor,
      strings: this.#localize.words,
      language: this.#localize.language,
      filesLimit: (count) => this.#localize.plural('limitFiles', count),
    };
  }

  protected override firstUpdated(): void {
    const target = this.renderRoot.querySelector<HTMLElement>('.dashboard');
    if (target) this.#uploads.attach(target);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const words = this.#localize.words;
    if (UPPY_OPTIONS.some((name) => changed.has(name)) || words !== this.#wordsInUppy) this.#uploads.sync();
    this.#wordsInUppy = words;
  }

  /** Resolves once the element rendered in its language (whose words may load first). */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#localize.ready;
    return super.getUpdateComplete();
  }

  override render() {
    const strings = this.#localize.words;
    return html`
      <div class="dashboard" part="dashboard" role="region" aria-label=${strings.dashboardLabel}></div>
      <div role="alert">${this.#renderErrors(strings)}</div>
      ${this.#renderRetrying()}
      ${this.token && !this.noUrlImport ? this.#renderUrlForm(strings) : nothing}
    `;
  }

  #renderErrors(strings: UploaderStrings) {
    if (this._errors.length === 0) return nothing;
    return html`
      <section class="errors" part="errors">
        <h2>${strings.errorsHeading}</h2>
        <ul>
          ${this._errors.map(
            (error) =>
              html`<li part="error">${error.name ? html`<strong>${error.name}</strong>: ` : nothing}${error.message}</li>`,
          )}
        </ul>
        <button type="button" @click=${() => (this._errors = [])}>${strings.dismissErrors}</button>
      </section>
    `;
  }

  #renderRetrying() {
    const count = this.#uploads.retrying;
    // Always in the DOM: a live region that appears together with its text is often not announced.
    return html`<p class="retrying" part="retry-status" role="status" ?hidden=${count === 0}>
      ${count > 0 ? this.#localize.term('retrying', { count }) : nothing}
    </p>`;
  }

  #renderUrlForm(strings: UploaderStrings) {
    const view = this.#imports.view;
    const running = this.#imports.running;
    const progress =
      view?.state === 'running'
        ? this.#localize.term('urlProgress', { name: view.name, percent: view.percent })
        : '';
    return html`
      <form class="url-form" part="url-form" @submit=${this.#onUrlSubmit}>
        <label class="url-label" part="url-label" for="url-input">${strings.urlLegend}</label>
        <input
          id="url-input"
          part="url-input"
          name="url"
          type="url"
          required
          placeholder="https://"
          ?disabled=${running}
        />
        <input
          class="url-caption"
          part="url-caption"
          name="caption"
          type="text"
          placeholder=${strings.urlCaptionLabel}
          aria-label=${strings.urlCaptionLabel}
          ?disabled=${running}
        />
        ${
          running
            ? html`<button type="button" @click=${() => this.#imports.cancel()}>${strings.urlCancel}</button>`
            : html`<button part="url-submit" type="submit">${strings.urlSubmit}</button>`
        }
        ${
          view
            ? html`<div class="url-status" role="status">
                ${
                  progress
                    ? html`<progress part="url-progress" max="100" .value=${view.percent} aria-label=${progress}></progress>
                        ${progress}`
                    : view.message
                }
              </div>`
            : nothing
        }
      </form>
    `;
  }

  #onUrlSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const input = String(data.get('url') ?? '').trim();
    const caption = String(data.get('caption') ?? '').trim();
    if (!input) return;
    void this.importUrl(input, caption || undefined).then(() => form.reset());
  };
}
