// The lightbox, loaded on demand (it is not needed to show the grid): which item it shows, keyboard and
// swipe navigation, the focus trap and the return of focus, neighbour preloading, its template and styles.
// The dialog is a native modal <dialog>: top layer, the rest of the page inert.
import {
  css,
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import type { GalleryItem } from '../../api/types.ts';
import type { LocalizeController } from '../shared/localize-controller.ts';
import type { LightboxField } from './lightbox-fields.ts';
import type { GalleryViewStrings, LightboxStrings } from './locales/en.ts';
import type { imageSource, itemLabel, originalUrl } from './media.ts';

/** English words of the lightbox: they load with it (the element's table holds those of the grid). */
const english: LightboxStrings = {
  viewer: 'Media viewer',
  position: '{label} ({index} of {count})',
  counter: '{index} / {count}',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  download: 'Download',
  itemLoading: 'Loading…',
};

/**
 * What the element lends the lightbox: helpers and event dispatch. This chunk then shares no module with
 * the element's entry, which would otherwise split into one more (separately compressed) file.
 */
export interface LightboxKit {
  imageSource: typeof imageSource;
  itemLabel: typeof itemLabel;
  originalUrl: typeof originalUrl;
  icons: { note: TemplateResult; file: TemplateResult };
  /** The element's words in its current language (the lightbox adds its English ones). */
  localize: LocalizeController<GalleryViewStrings>;
  /** The metadata shown under the item, in order. */
  fields: readonly LightboxField[];
  /** Dispatches `gallery-item-open`; false when a listener cancelled it. */
  opened(index: number, item: GalleryItem): boolean;
  /** Dispatches `gallery-lightbox-close`. */
  closed(rid: string | null): void;
}

export interface LightboxHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  itemCount(): number;
  itemAt(index: number): GalleryItem | undefined;
  /** Asks for the page holding an index (the lightbox can walk past the loaded pages). */
  ensureIndex(index: number): void;
  /** The tile of an index when it is rendered (virtualized tiles come and go). */
  tileFor(index: number): HTMLElement | null;
}

/** Horizontal travel (px) that makes a swipe. */
const SWIPE = 40;

export class Lightbox implements ReactiveController {
  /** The index shown, -1 when closed. */
  index = -1;
  private readonly host: LightboxHost;
  private opener: HTMLElement | null = null;
  private swipeStart: { x: number; y: number } | null = null;
  private preloaded = new Set<string>();

  private readonly kit: LightboxKit;

  constructor(host: LightboxHost, kit: LightboxKit) {
    this.host = host;
    this.kit = kit;
    kit.localize.addEnglish(english);
    host.addController(this);
  }

  get isOpen(): boolean {
    return this.index >= 0;
  }

  hostDisconnected(): void {
    this.dialog()?.close();
    this.index = -1;
  }

  /** Opens on an index unless a listener cancels `gallery-item-open`. */
  async open(index: number, opener?: HTMLElement | null): Promise<boolean> {
    if (!this.announce(index)) return false;
    if (!this.isOpen) this.opener = opener ?? activeElementDeep();
    this.index = index;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.dialog();
    // showModal() would focus the first control, a video's own player when the item is a video, which
    // keeps the arrow keys for seeking: a fresh lightbox starts on its close button instead.
    const opening = dialog !== null && !dialog.open;
    if (opening) dialog.showModal();
    this.focusInitial(opening);
    this.preloadAround(index);
    return true;
  }

  close(): void {
    this.dialog()?.close();
  }

  /** Goes to another index (clamped); keeps the lightbox open. */
  go(index: number): void {
    const count = this.host.itemCount();
    const target = Math.max(0, Math.min(count - 1, index));
    if (!this.isOpen || target === this.index) return;
    this.index = target;
    this.host.ensureIndex(target);
    this.announce(target);
    this.preloadAround(target);
    this.host.requestUpdate();
  }

  /** The dialog closed (button, Esc, backdrop, close()): hand focus back where it belongs. */
  onClose = (): void => {
    const index = this.index;
    const rid = this.host.itemAt(index)?.rid ?? null;
    this.index = -1;
    this.host.requestUpdate();
    // The tile of the item last shown, else the tile that opened the lightbox, else the gallery.
    const target = this.host.tileFor(index) ?? (this.opener?.isConnected ? this.opener : null);
    (target ?? this.host).focus();
    this.opener = null;
    this.kit.closed(rid);
  };

  onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Tab') {
      this.trapTab(event);
      return;
    }
    // A focused player keeps its own arrow keys (seeking, volume).
    const target = event.composedPath()[0];
    if (target instanceof HTMLMediaElement) return;
    const moves: Record<string, number> = {
      ArrowRight: this.index + 1,
      ArrowDown: this.index + 1,
      ArrowLeft: this.index - 1,
      ArrowUp: this.index - 1,
      Home: 0,
      End: this.host.itemCount() - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    this.go(next);
  };

  onPointerDown = (event: PointerEvent): void => {
    this.swipeStart = { x: event.clientX, y: event.clientY };
  };

  onPointerUp = (event: PointerEvent): void => {
    const start = this.swipeStart;
    this.swipeStart = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    this.go(dx < 0 ? this.index + 1 : this.index - 1);
  };

  /** A click on the backdrop (the dialog box itself, outside its content) closes. */
  onClick = (event: MouseEvent): void => {
    if (event.target === this.dialog()) this.close();
  };

  /** The dialog; empty while closed so a closed lightbox costs no media requests. */
  render(): TemplateResult {
    const index = this.index;
    const item = this.isOpen ? this.host.itemAt(index) : undefined;
    const count = this.host.itemCount();
    const { localize } = this.kit;
    const t = localize.words;
    const position = { index: index + 1, count };
    const label = item
      ? localize.term('position', { ...position, label: this.kit.itemLabel(item) })
      : t.viewer;
    const content = html`<div class="stage" part="lightbox-stage" @pointerdown=${this.onPointerDown} @pointerup=${this.onPointerUp}>
        ${lightboxMedia(item, this.kit)}
      </div>
      <div class="meta" part="lightbox-meta">
        ${this.kit.fields.map((field) => metaLine(item, field))}
        <p part="lightbox-counter">${localize.term('counter', position)}</p>
      </div>
      <button class="nav prev" part="lightbox-prev" type="button" aria-label=${t.previous}
        aria-disabled=${index <= 0 ? 'true' : 'false'} @click=${() => this.go(index - 1)}>‹</button>
      <button class="nav next" part="lightbox-next" type="button" aria-label=${t.next}
        aria-disabled=${index >= count - 1 ? 'true' : 'false'} @click=${() => this.go(index + 1)}>›</button>
      <button class="nav close" part="lightbox-close" type="button" aria-label=${t.close} data-autofocus
        @click=${() => this.close()}>×</button>`;
    return html`<dialog class="lightbox" part="lightbox" aria-label=${label} @close=${this.onClose}
      @keydown=${this.onKeydown} @click=${this.onClick}>${this.isOpen ? content : nothing}</dialog>`;
  }

  private announce(index: number): boolean {
    const item = this.host.itemAt(index);
    if (!item) return true;
    return this.kit.opened(index, item);
  }

  private dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog');
  }

  private focusables(): HTMLElement[] {
    const dialog = this.dialog();
    if (!dialog) return [];
    return [...dialog.querySelectorAll<HTMLElement>('button, a[href], video, audio, [tabindex="0"]')];
  }

  private focusInitial(opening: boolean): void {
    const dialog = this.dialog();
    const inside = dialog?.contains(activeElementDeep());
    if (opening || !inside) dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }

  /** Tab and Shift+Tab cycle inside the dialog, never out to the browser's own interface. */
  private trapTab(event: KeyboardEvent): void {
    const list = this.focusables();
    if (list.length === 0) return;
    const current = list.indexOf(activeElementDeep() as HTMLElement);
    const next = event.shiftKey
      ? current <= 0
        ? list.length - 1
        : current - 1
      : current === list.length - 1
        ? 0
        : current + 1;
    event.preventDefault();
    list[next]?.focus();
  }

  /** The next and previous images start downloading now, so moving on shows them at once. */
  private preloadAround(index: number): void {
    for (const near of [index + 1, index - 1]) {
      this.host.ensureIndex(near);
      const item = this.host.itemAt(near);
      const source = item && this.kit.imageSource(item, 1200);
      if (!source || this.preloaded.has(source.src)) continue;
      this.preloaded.add(source.src);
      const image = new Image();
      image.sizes = '100vw';
      if (source.srcset) image.srcset = source.srcset;
      image.src = source.src;
    }
  }
}

/** One metadata line under the item, as text; nothing when the item has no such text. */
function metaLine(item: GalleryItem | undefined, { name, part, className, prefix }: LightboxField) {
  const value = item?.[name];
  return typeof value === 'string' && value
    ? html`<p part=${part} class=${className ?? nothing}>${prefix ?? ''}${value}</p>`
    : nothing;
}

/** The focused element, looking through open shadow roots. */
export function activeElementDeep(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

/** What the lightbox stage shows: the image at screen size, the video from its original, a player, a link. */
export function lightboxMedia(item: GalleryItem | undefined, kit: LightboxKit): TemplateResult {
  const { imageSource, itemLabel, originalUrl, icons } = kit;
  if (!item) return html`<p part="lightbox-loading">${kit.localize.words.itemLoading}</p>`;
  const label = itemLabel(item);
  const original = originalUrl(item);
  if (item.type === 'video' && original) {
    const poster = imageSource(item, 1200);
    return html`<video
      part="lightbox-video"
      src=${original}
      poster=${poster?.src ?? nothing}
      controls
      playsinline
      preload="metadata"
      aria-label=${label}
    ></video>`;
  }
  if (item.type === 'audio' && original) {
    return html`<figure class="icon">
      ${icons.note}<figcaption>${item.filename}</figcaption>
      <audio part="lightbox-audio" src=${original} controls preload="metadata" aria-label=${label}></audio>
    </figure>`;
  }
  const source = item.type === 'image' ? imageSource(item, 1200) : null;
  if (source) {
    return html`<img
      part="lightbox-image"
      src=${source.src}
      srcset=${source.srcset || nothing}
      sizes="100vw"
      width=${source.width ?? nothing}
      height=${source.height ?? nothing}
      alt=${label}
      draggable="false"
    />`;
  }
  return html`<div class="icon">
    ${icons.file}<span>${item.filename}</span>
    ${original ? html`<a href=${original} download=${item.filename} part="lightbox-download">${kit.localize.words.download}</a>` : nothing}
  </div>`;
}

export const lightboxStyles = css`
  .lightbox button {
    font: inherit;
    border-radius: var(--gallery-radius);
    cursor: pointer;
  }
  .lightbox {
    box-sizing: border-box;
    width: 100vw;
    max-width: none;
    height: 100dvh;
    max-height: none;
    margin: 0;
    padding: 48px 56px 16px;
    border: 0;
    background: var(--gallery-lightbox-bg);
    color: var(--gallery-lightbox-fg);
    --gallery-accent: #8ab4ff;
  }
  .lightbox[open] {
    display: grid;
    grid-template-rows: minmax(0, 1fr) auto;
  }
  .lightbox::backdrop {
    background: transparent;
  }
  .stage {
    display: grid;
    /* Definite tracks: the media's max-width/max-height of 100% resolve against them and the media fits. */
    grid-template: minmax(0, 1fr) / minmax(0, 1fr);
    place-items: center;
    min-height: 0;
    touch-action: pan-y;
    user-select: none;
  }
  .stage img,
  .stage video {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
  .stage img {
    height: auto;
    width: auto;
  }
  .meta {
    padding-top: 8px;
    text-align: center;
  }
  .meta p {
    margin: 0 0 4px;
  }
  .lightbox a {
    color: var(--gallery-accent);
  }
  .lightbox .nav {
    position: absolute;
    width: 44px;
    height: 44px;
    border: 0;
    background: rgb(255 255 255 / 0.12);
    color: inherit;
    font-size: 24px;
    line-height: 1;
  }
  .nav[aria-disabled='true'] {
    opacity: 0.35;
  }
  .prev {
    left: 6px;
    top: 50%;
  }
  .next {
    right: 6px;
    top: 50%;
  }
  .close {
    right: 6px;
    top: 6px;
  }
`;
