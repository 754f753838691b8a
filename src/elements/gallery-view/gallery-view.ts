// <gallery-view>: a gallery's items as a virtualized grid, masonry or list, with a lightbox.
import type { RangeChangedEvent } from '@lit-labs/virtualizer/events.js';
import { type CSSResult, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { GalleryItem } from '../../api/types.ts';
import { LocalizeController } from '../shared/localize-controller.ts';
import { GalleryItemOpenEvent, GalleryLightboxCloseEvent } from './events.ts';
import { styles } from './gallery-view.styles.ts';
import { FILE, icon, NOTE } from './icons.ts';
import { type GalleryLayout, loadVirtualizer, type Virtualizer, virtualizer } from './layout.ts';
import type { Lightbox } from './lightbox.ts';
import { DEFAULT_DETAILS, LIGHTBOX_FIELDS } from './lightbox-fields.ts';
import { en, type GalleryViewStrings } from './locales/en.ts';
import { loaders } from './locales/index.ts';
import { imageSource, itemLabel, originalUrl } from './media.ts';
import { PagesController, type PagesQuery } from './pages-controller.ts';
import type { ScrollSpeed } from './scroll-speed.ts';
import type { TileOptions } from './tile.ts';
import type { TileLayout } from './tile-layout.ts';
import type { WidthController } from './width-controller.ts';

export type { GalleryLayout, GalleryViewStrings };

export type GalleryViewState = 'loading' | 'ready' | 'empty' | 'error';

/** The tile options in effect (`key`) and the function that draws tiles with them. */
interface TileDrawer {
  key: string;
  layout: TileOptions['layout'];
  draw: (tile: HTMLElement, item: GalleryItem | undefined, index: number, hurried: boolean) => void;
}

/** Boolean attributes that default to on: `lightbox="off"` (or false/no/0) turns them off. */
const onByDefault = {
  fromAttribute: (value: string | null) => value === null || !/^(false|off|no|0)$/i.test(value.trim()),
  toAttribute: (value: boolean) => (value ? '' : 'off'),
};

/**
 * Shows the items of a gallery (or items an app passes in) and opens them in a lightbox.
 *
 * @summary A fast, accessible media gallery for API v2 galleries.
 *
 * Scrolling: only the tiles near the screen exist, and the ones scrolling out are reused for those
 * scrolling in. In a fling (faster than three screens a second) tiles show their caption and wait for their
 * image until the scroll slows down, so a flick to the end of 10,000 items does not download 10,000 images.
 *
 * Keyboard: Tab walks the tiles, Enter or Space opens one; in the lightbox the arrows move, Home and End
 * go to the first and last item, `+` `-` `0` zoom in, out and back, `F` toggles full screen, Tab stays
 * inside, Esc closes and focus returns to the item's tile.
 *
 * Lightbox: an image shows at most at its natural size (never blown up), as large as the screen allows,
 * from the smallest version that is sharp at the screen's pixel ratio. Double tap or double click zooms to
 * the natural size (2x when it already shows at that size) at the pointer and back; pinch and ctrl/⌘+wheel
 * zoom; a zoomed image pans by dragging, within its edges, and loads the original. Unzoomed, a swipe
 * sideways moves and a swipe down closes. The toolbar has the slideshow (it loops from the last item to
 * the first, waits while the tab is hidden and stops when the visitor presses a key, touches the image or
 * zooms), zoom, full screen (where the browser allows it), download of the original, and close.
 *
 * Address: opening an item sets `#rid=<rid>` with a new history entry, so Back closes the lightbox and
 * closing it otherwise steps back over that entry; a page loaded with `#rid=<rid>` opens that item once
 * the gallery has it (looking through its pages), and does nothing when the gallery has no such item.
 * Only one `<gallery-view>` on a page owns the hash: the first connected with the lightbox and `history`
 * on; others leave the address alone (until the owner disconnects). `history="off"` opts out, for pages
 * that use the hash themselves.
 *
 * @attr base-url - API base URL ending in `v2/`.
 * @attr fid - The gallery to show.
 * @attr token - Read-only application token or temporary token.
 * @attr upload-token - Upload token of this gallery (used when no `token` is set).
 * @attr details - Metadata to ask gallery.get_items for (comma list; default `caption,copyright,description,attached_versions`: what the lightbox shows).
 * @attr items-per-page - Page size of gallery.get_items (default 50).
 * @attr layout - `grid` (default), `masonry` or `list`.
 * @attr columns - Fixed column count; 0 (default) fits as many `tile-width` columns as there is room for.
 * @attr tile-width - Smallest tile width in px (default 200).
 * @attr lightbox - On by default; `lightbox="off"` makes tiles only fire `gallery-item-open`.
 * @attr history - On by default: the lightbox keeps `#rid=<rid>` in the address; `history="off"` leaves the address alone.
 * @attr slideshow-interval - Milliseconds each item stays in the slideshow (default 4000).
 * @attr captions - On by default; `captions="off"` hides them.
 * @attr theme - `light`, `dark` or `auto` (default: follows `prefers-color-scheme`).
 * @attr locale - Language of the element's words: `en`, `de`, `fr` (`de-AT` uses `de`); default: the page's `lang`, else English.
 * @attr state - Reflected, read-only: `loading`, `ready`, `empty` or `error`.
 * @attr loading - Reflected, read-only: present while a page is being fetched.
 *
 * @fires gallery-item-open - An item is shown (lightbox opened or moved; tile activated). Cancelable.
 * @fires gallery-lightbox-close - The lightbox closed.
 * @fires gallery-load - A page of items arrived.
 * @fires gallery-error - Loading failed.
 *
 * @slot loading - Replaces the skeleton shown while the first page loads.
 * @slot empty - Replaces the text of an empty gallery.
 * @slot error - Replaces the error text (the retry button stays).
 *
 * @csspart grid - The scrolling list of tiles.
 * @csspart tile - One item.
 * @csspart placeholder - A tile (also `tile`) whose page is still loading.
 * @csspart tile-button - The activating area of a tile.
 * @csspart image - A tile's image.
 * @csspart play-badge - The play sign on video tiles.
 * @csspart duration - The length of a video or sound on its tile (`0:42`), once the server has read it.
 * @csspart icon - The icon of audio and other files.
 * @csspart filename - The file name on tiles of files without a preview.
 * @csspart caption - A tile's caption.
 * @csspart description - Descriptions in the list layout.
 * @csspart skeleton - The loading state.
 * @csspart empty - The empty state.
 * @csspart error - The error state and the error bar of a later page.
 * @csspart retry-button - The retry button of the error state and bar.
 * @csspart lightbox - The lightbox dialog.
 * @csspart lightbox-frame - Everything inside the dialog (what goes full screen); has the class `zoomed` while zoomed.
 * @csspart lightbox-toolbar - The bar at the top: counter and controls.
 * @csspart lightbox-slideshow - The slideshow's play/pause button (`aria-pressed` while playing).
 * @csspart lightbox-zoom - The zoom button (`aria-pressed` while zoomed); images only.
 * @csspart lightbox-fullscreen - The full screen button; absent where the browser does not allow it.
 * @csspart lightbox-stage - The area showing the current item (it takes the pointer gestures).
 * @csspart lightbox-image - The image in the lightbox.
 * @csspart lightbox-video - The video in the lightbox (its HLS renditions through hls.js, else its original).
 * @csspart lightbox-subtitles - The subtitle language menu under a video that has `subtitle-<lang>` attachments.
 * @csspart lightbox-audio - The audio player in the lightbox.
 * @csspart lightbox-loading - Shown while the item loads.
 * @csspart lightbox-meta - The caption and description area.
 * @csspart lightbox-caption - The item's caption.
 * @csspart lightbox-description - The item's description.
 * @csspart lightbox-counter - "3 / 12", in the toolbar.
 * @csspart lightbox-download - The links that download the original (in the toolbar, and under the icon of a file).
 * @csspart lightbox-prev - The previous button.
 * @csspart lightbox-next - The next button.
 * @csspart lightbox-close - The close button.
 *
 * @cssprop [--gallery-fg=light-dark(#1d1f23, #eceef1)] - Text colour.
 * @cssprop [--gallery-bg=light-dark(transparent, #16181c)] - Background.
 * @cssprop [--gallery-muted=light-dark(#50555e, #b4b9c2)] - Secondary text.
 * @cssprop [--gallery-tile-bg=light-dark(#eceef1, #2a2d33)] - Tile and skeleton background.
 * @cssprop [--gallery-accent=light-dark(#1f5fd1, #8ab4ff)] - Links, focus and buttons.
 * @cssprop [--gallery-focus=2px solid var(--gallery-accent)] - Focus outline of `:focus-visible` (an `outline` shorthand).
 * @cssprop [--gallery-radius=6px] - Tile corners.
 * @cssprop [--gallery-gap=8px] - Space between tiles (px).
 * @cssprop [--gallery-tile-fit=cover] - object-fit of grid images.
 * @cssprop [--gallery-lightbox-bg=rgb(12 13 15)] - Lightbox backdrop.
 * @cssprop [--gallery-lightbox-fg=#f4f5f7] - Lightbox text.
 * @cssprop [--gallery-lightbox-focus=2px solid #8ab4ff] - Focus outline in the (dark) lightbox.
 * @cssprop [--gallery-font=system-ui, sans-serif] - Font family.
 */
export class GalleryView extends LitElement {
  static override styles = styles;

  static override properties = {
    baseUrl: { attribute: 'base-url' },
    fid: {},
    token: {},
    uploadToken: { attribute: 'upload-token' },
    details: {},
    itemsPerPage: { attribute: 'items-per-page', type: Number },
    layout: { reflect: true },
    columns: { type: Number },
    tileWidth: { attribute: 'tile-width', type: Number },
    lightbox: { converter: onByDefault },
    history: { converter: onByDefault },
    slideshowInterval: { attribute: 'slideshow-interval', type: Number },
    captions: { converter: onByDefault },
    theme: { reflect: true },
    locale: {},
    strings: { attribute: false },
    items: { attribute: false },
    state: { reflect: true },
    loading: { type: Boolean, reflect: true },
  };

  /** API base URL ending in `v2/`. */
  declare baseUrl: string;
  declare fid: string;
  /** Read-only application token or temporary token, sent as `api_token`. */
  declare token: string;
  /** Upload token of this gallery, sent as `upload_token` (when no `token` is set). */
  declare uploadToken: string;
  /** Metadata gallery.get_items should include (comma list); by default what the lightbox shows. */
  declare details: string;
  declare itemsPerPage: number;
  declare layout: GalleryLayout;
  /** Fixed column count; 0 fits as many `tile-width` columns as there is room for. */
  declare columns: number;
  /** Smallest tile width in px when `columns` is 0. */
  declare tileWidth: number;
  declare lightbox: boolean;
  /** The lightbox may keep `#rid=<rid>` in the address (see the class notes on owning the hash). */
  declare history: boolean;
  /** Milliseconds each item stays in the slideshow. */
  declare slideshowInterval: number;
  declare captions: boolean;
  /** `light`, `dark`, or `auto` (the visitor's preference). */
  declare theme: 'auto' | 'light' | 'dark';
  /** Language of the element's words (`en`, `de`, `fr`; `de-AT` uses `de`); default: the page's `lang`. */
  declare locale: string | undefined;
  /** The app's own words, over those of the locale (any subset of the keys). */
  declare strings: Partial<GalleryViewStrings> | undefined;
  /** Items the app provides itself; when set, nothing is fetched. */
  declare items: GalleryItem[] | undefined;
  /** Reflected for styling: `loading`, `ready`, `empty` or `error`. */
  declare state: GalleryViewState;
  /** Reflected while any page is being fetched. */
  declare loading: boolean;

  private readonly localize = new LocalizeController<GalleryViewStrings>(this, en, loaders);
  private readonly pages = new PagesController(this, () => this.query());
  /** Created with the first opening: the lightbox module loads only when needed (or when idle). */
  private lightboxInstance: Lightbox | null = null;
  /** The watchers of the width and the scroll speed: they come with the virtualizer (layout.ts). */
  private size: WidthController | null = null;
  private speed: ScrollSpeed | null = null;
  /** The grid's layout for the current inputs, kept while they stay the same (set in willUpdate). */
  private layoutCache: TileLayout | null = null;
  /** Tiles are redrawn when this changes, so it changes only with what tiles show (see tileDrawer). */
  private drawer: TileDrawer | null = null;

  constructor() {
    super();
    this.baseUrl = '';
    this.fid = '';
    this.token = '';
    this.uploadToken = '';
    this.details = DEFAULT_DETAILS;
    this.itemsPerPage = 50;
    this.layout = 'grid';
    this.columns = 0;
    this.tileWidth = 200;
    this.lightbox = true;
    this.history = true;
    this.slideshowInterval = 4000;
    this.captions = true;
    this.theme = 'auto';
    this.items = undefined;
    this.state = 'loading';
    this.loading = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!virtualizer) void loadVirtualizer().then(() => this.requestUpdate());
    // The lightbox once the grid is up, so the first opening does not wait for it (and a `#rid=` in the
    // address opens its item).
    if (this.lightbox) void loadVirtualizer().then(() => this.lightboxReady());
  }

  /** Loads the gallery again from its first page (the view stays until the new items arrive). */
  refresh(): void {
    if (this.items) this.requestUpdate();
    else this.pages.reload();
  }

  /** Opens the lightbox on an item (deep links); resolves false when the rid is not in the gallery. */
  async open(rid: string): Promise<boolean> {
    const index = this.items
      ? this.items.findIndex((item) => item.rid === rid)
      : await this.pages.indexOf(rid);
    if (index < 0) return false;
    return this.activate(index, null);
  }

  /** Closes the lightbox if it is open. */
  close(): void {
    this.lightboxInstance?.close();
  }

  /** The words in use: the locale's table with `strings` on top. */
  get text(): GalleryViewStrings {
    return this.localize.words;
  }

  itemCount(): number {
    return this.viewItems().length;
  }

  itemAt(index: number): GalleryItem | undefined {
    return this.viewItems()[index];
  }

  ensureIndex(index: number): void {
    if (!this.items) this.pages.ensureIndex(index);
  }

  tileFor(index: number): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(
      `.tile[data-index="${index}"]:not(.placeholder) .media`,
    );
  }

  private query(): PagesQuery | null {
    if (!this.baseUrl || !this.fid || this.items) return null;
    return {
      baseUrl: this.baseUrl,
      fid: this.fid,
      token: this.token || undefined,
      uploadToken: this.uploadToken || undefined,
      details: this.details,
      itemsPerPage: this.itemsPerPage > 0 ? Math.floor(this.itemsPerPage) : 50,
    };
  }

  private viewItems(): readonly (GalleryItem | undefined)[] {
    return this.items ?? this.pages.items;
  }

  protected override updated(): void {
    // The grid's watchers start with the virtualizer: the skeleton before it needs neither.
    const v = virtualizer;
    if (!v || this.size) return;
    this.size = new v.WidthController(this);
    this.speed = new v.ScrollSpeed(this);
    const probe = this.renderRoot.querySelector('.probe');
    if (probe) this.size.observe(probe);
  }

  /** Adds styles that arrive with a lazy chunk (tiles, lightbox) to the shadow root, once. */
  private adopt(styles: CSSResult): void {
    const root = this.renderRoot as ShadowRoot;
    const sheet = styles.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (virtualizer) this.adopt(virtualizer.tileStyles);
    const source = ['baseUrl', 'fid', 'token', 'uploadToken', 'details', 'itemsPerPage', 'items'] as const;
    if (source.some((name) => changed.has(name)) && !this.items) this.pages.reload();
    if (this.items) this.state = this.items.length > 0 ? 'ready' : 'empty';
    else this.state = this.pages.status === 'idle' ? 'empty' : this.pages.status;
    this.loading = this.state === 'loading' || this.pages.pending > 0;
    const v = virtualizer;
    const size = this.size;
    if (v && size && size.width > 0) {
      const inputs = {
        layout: this.layout,
        width: size.width,
        gap: size.gap,
        columns: this.columns,
        tileWidth: this.tileWidth,
        captions: this.captions,
      };
      this.layoutCache = v.tileLayout(v, inputs, this.layoutCache);
      this.drawer = this.tileDrawer(v, this.layoutCache.sizes);
    }
  }

  /** Resolves once the gallery rendered in its language (whose words may load first). */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.localize.ready;
    return super.getUpdateComplete();
  }

  private async activate(index: number, tileElement: HTMLElement | null): Promise<boolean> {
    if (this.lightbox) return (await this.lightboxReady()).open(index, tileElement);
    const item = this.itemAt(index);
    if (item) this.dispatchEvent(new GalleryItemOpenEvent({ rid: item.rid, index, item }));
    return false;
  }

  private async lightboxReady(): Promise<Lightbox> {
    if (this.lightboxInstance) return this.lightboxInstance;
    const { Lightbox, lightboxStyles } = await import('./lightbox.ts');
    if (!this.lightboxInstance) {
      this.adopt(lightboxStyles);
      this.lightboxInstance = new Lightbox(this, {
        imageSource,
        itemLabel,
        originalUrl,
        icons: { note: icon(NOTE), file: icon(FILE) },
        localize: this.localize,
        fields: LIGHTBOX_FIELDS,
        opened: (index, item) => this.dispatchEvent(new GalleryItemOpenEvent({ rid: item.rid, index, item })),
        closed: (rid) => this.dispatchEvent(new GalleryLightboxCloseEvent(rid)),
      });
    }
    return this.lightboxInstance;
  }

  /** The function that draws a tile, the same one as long as the tile options stay the same. */
  private tileDrawer(v: Virtualizer, sizes: string): TileDrawer {
    const t = this.text;
    const layout = this.layout === 'masonry' || this.layout === 'list' ? this.layout : 'grid';
    const key = [layout, this.captions, sizes, t.video, t.audio].join('\n');
    if (this.drawer?.key === key) return this.drawer;
    const options: TileOptions = {
      layout,
      captions: this.captions,
      sizes,
      kinds: { video: t.video, audio: t.audio },
      onActivate: (index, element) => void this.activate(index, element),
    };
    return {
      key,
      layout,
      draw: (tile, item, index, hurried) => v.drawTile(tile, item, index, options, hurried),
    };
  }

  private onRange = (event: RangeChangedEvent): void => {
    if (!this.items) this.pages.ensure(event.first, event.last);
  };

  protected override render(): TemplateResult {
    return html`<div class="probe" aria-hidden="true"></div>
      <div class="sr" role="status" aria-live="polite">${this.announcement()}</div>
      ${this.renderBody()} ${this.renderLightbox()}`;
  }

  private announcement(): string {
    const count = this.itemCount();
    const t = this.text;
    switch (this.state) {
      case 'loading':
        return t.loading;
      case 'empty':
        return t.empty;
      case 'error':
        return this.errorText();
      default:
        return this.loading ? t.loadingMore : this.localize.plural('items', count);
    }
  }

  private errorText(): string {
    const error = this.pages.error;
    const t = this.text;
    if (!error) return '';
    if (error.status === 403) return t.forbidden;
    if (error.status === 404) return t.notFound;
    if (error.status === 0) return t.network;
    return this.localize.term('failed', { message: error.message });
  }

  private renderBody(): TemplateResult {
    const t = this.text;
    const retry = html`<button class="retry" part="retry-button" type="button" @click=${() => this.pages.retry()}>
      ${t.retry}
    </button>`;
    if (this.state === 'error') {
      return html`<div class="state" part="error" data-status=${this.pages.error?.status ?? 0}>
        <slot name="error"><p>${this.errorText()}</p></slot>${retry}
      </div>`;
    }
    if (this.state === 'empty') {
      return html`<div class="state" part="empty"><slot name="empty"><p>${t.empty}</p></slot></div>`;
    }
    const v = virtualizer;
    const layout = this.layoutCache;
    const draw = this.drawer;
    const speed = this.speed;
    if (this.state === 'loading' || !v || !speed || !this.size?.width || !layout || !draw) {
      return html`<div part="skeleton" aria-hidden="true">
        <slot name="loading"><div class="skeleton">${Array.from({ length: 8 }, () => html`<div></div>`)}</div></slot>
      </div>`;
    }
    const pageError = this.pages.error && !this.items;
    // `captioned`: a tile without a caption keeps the caption's line empty (styles), so the images of a
    // row line up whichever tiles have captions.
    const captioned = this.captions && draw.layout !== 'list' ? 'captioned' : '';
    return html`<div class="grid ${draw.layout} ${captioned}" part="grid" role="list" aria-label=${t.gallery} @rangeChanged=${this.onRange}>
        <div virtualizer-sizer aria-hidden="true"></div>
        ${v.recycle({
          items: this.viewItems() as (GalleryItem | undefined)[],
          layout: layout.value,
          draw: draw.draw,
          settlesIn: speed.settlesIn,
        })}
      </div>
      ${pageError ? html`<div class="error-bar" part="error"><span>${this.errorText()}</span>${retry}</div>` : nothing}`;
  }

  private renderLightbox(): TemplateResult | typeof nothing {
    return this.lightbox && this.lightboxInstance ? this.lightboxInstance.render() : nothing;
  }
}
