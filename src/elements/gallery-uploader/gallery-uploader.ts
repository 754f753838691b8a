// <gallery-uploader>: the class (registers nothing; define.ts claims the tag). Uppy's Dashboard inside the
// shadow root uploads files to a gallery through fresh signed upload URLs; a small form imports from a URL.
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { GalleryUploadErrorEvent, GalleryUploadStartEvent } from './events.ts';
import { uploaderStyles } from './gallery-uploader.styles.ts';
import { format, stringsFor, type UploaderStrings, type UppyLocaleLike } from './strings.ts';
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
 * @fires gallery-upload-start - Files start uploading; `detail.files`.
 * @fires gallery-upload-progress - Bytes sent for one file; `detail.file`, `bytesUploaded`, `bytesTotal`, `percentage`.
 * @fires gallery-upload-success - One file became an asset; `detail.file`, `rid`, `fid`, `asset`. Bubbles and is composed, so a `<gallery-view>` anywhere on the page can refresh.
 * @fires gallery-upload-error - One file failed for good; `detail.file`, `status`, `code`, `message` (readable).
 * @fires gallery-upload-complete - A batch ended; `detail.successful`, `detail.failed`.
 *
 * @csspart dashboard - The Uppy Dashboard's container.
 * @csspart errors - The list of failed files with their messages.
 * @csspart error - One failed file.
 * @csspart url-form - The "upload from a URL" form.
 * @csspart url-input - Its URL field.
 * @csspart url-submit - Its import button.
 * @csspart url-progress - The import's progress bar.
 *
 * @cssprop --gallery-uploader-background - Background of the Dashboard and the forms.
 * @cssprop --gallery-uploader-color - Text colour.
 * @cssprop --gallery-uploader-muted - Secondary text colour.
 * @cssprop --gallery-uploader-border - Border colour.
 * @cssprop --gallery-uploader-accent - Buttons and links.
 * @cssprop --gallery-uploader-error - Error text and border.
 * @cssprop --gallery-uploader-radius - Corner radius.
 * @cssprop --gallery-uploader-height - Height of the Dashboard (default 420px).
 * @cssprop --gallery-font-family - Font of the element's own parts.
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
    theme: { reflect: true },
    note: {},
    metaFields: { attribute: 'meta-fields' },
    limit: { type: Number },
    pollInterval: { attribute: 'poll-interval', type: Number },
    noUrlImport: { attribute: 'no-url-import', type: Boolean },
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
  /** Language of the element's words (`en`, `de`, `fr`; others fall back to English). */
  declare locale: string | undefined;
  /** An Uppy locale object (e.g. from @uppy/locales), passed through to Uppy and the Dashboard. */
  declare uppyLocale: UppyLocaleLike | undefined;
  declare theme: 'light' | 'dark' | 'auto';
  /** A line of guidance shown in the Dashboard. */
  declare note: string | undefined;
  /** Comma list of metadata editable per file before upload: caption, description, tags, reference_id. */
  declare metaFields: string;
  /** Uploads running at once. Read when Uppy is built. */
  declare limit: number;
  /** Milliseconds between status polls of a URL import. */
  declare pollInterval: number;
  /** Hides the "upload from a URL" form. */
  declare noUrlImport: boolean;
  declare _errors: ShownError[];

  readonly #uploads = new UploadController(this, () => this.#config());
  readonly #imports = new UrlImportController(
    this,
    () => this.#config(),
    () => this.pollInterval,
  );

  constructor() {
    super();
    this.baseUrl = '';
    this.insertPosition = 'bottom';
    this.theme = 'light';
    this.metaFields = 'caption,description';
    this.limit = 3;
    this.pollInterval = 1000;
    this.noUrlImport = false;
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

  get #strings(): UploaderStrings {
    const fallback = typeof document === 'undefined' ? undefined : document.documentElement.lang;
    return stringsFor(this.locale || fallback || undefined);
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
      locale: this.locale ?? '',
      uppyLocale: this.uppyLocale,
      theme: this.theme === 'dark' || this.theme === 'auto' ? this.theme : 'light',
      note: this.note,
      metaFields,
      limit: this.limit > 0 ? this.limit : 3,
      strings: this.#strings,
    };
  }

  protected override firstUpdated(): void {
    const target = this.renderRoot.querySelector<HTMLElement>('.dashboard');
    if (target) this.#uploads.attach(target);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (UPPY_OPTIONS.some((name) => changed.has(name))) this.#uploads.sync();
  }

  override render() {
    const strings = this.#strings;
    return html`
      <div class="dashboard" part="dashboard" role="region" aria-label=${strings.dashboardLabel}></div>
      <div role="alert">${this.#renderErrors(strings)}</div>
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

  #renderUrlForm(strings: UploaderStrings) {
    const view = this.#imports.view;
    const running = this.#imports.running;
    return html`
      <form class="url-form" part="url-form" @submit=${this.#onUrlSubmit}>
        <fieldset>
          <legend>${strings.urlLegend}</legend>
          <div class="row">
            <label
              >${strings.urlLabel}
              <input part="url-input" name="url" type="url" required placeholder="https://" ?disabled=${running}
            /></label>
            <label>${strings.urlCaptionLabel} <input name="caption" type="text" ?disabled=${running} /></label>
            ${
              running
                ? html`<button type="button" @click=${() => this.#imports.cancel()}>${strings.urlCancel}</button>`
                : html`<button part="url-submit" type="submit">${strings.urlSubmit}</button>`
            }
          </div>
          ${
            view
              ? html`<div class="url-status" role="status">
                ${
                  view.state === 'running'
                    ? html`<progress
                        part="url-progress"
                        max="100"
                        .value=${view.percent}
                        aria-label=${format(strings.urlProgress, { name: view.name, percent: view.percent })}
                      ></progress>
                      ${format(strings.urlProgress, { name: view.name, percent: view.percent })}`
                    : view.message
                }
              </div>`
              : nothing
          }
        </fieldset>
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
