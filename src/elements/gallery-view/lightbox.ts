// The lightbox, loaded on demand (it is not needed to show the grid): which item it shows, keyboard and
// toolbar, the focus trap and the return of focus, neighbour preloading, full screen; zoom and gestures,
// the slideshow and the address bar live beside it. The dialog is a native modal <dialog>: top layer,
// the rest of the page inert.
import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import type { GalleryItem } from '../../api/types.ts';
import { LightboxHistory } from './lightbox-history.ts';
import { Slideshow } from './lightbox-slideshow.ts';
import {
  downloadUrl,
  english,
  icons,
  type LightboxKit,
  lightboxMedia,
  metaLine,
  stageSizes,
  tool,
} from './lightbox-view.ts';
import { Zoom } from './lightbox-zoom.ts';
import type { LightboxStrings } from './locales/en.ts';

export { lightboxStyles } from './lightbox.styles.ts';
export type { LightboxKit } from './lightbox-view.ts';

export interface LightboxHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly updateComplete: Promise<boolean>;
  /** `history` attribute: the lightbox may own the URL hash. */
  readonly history: boolean;
  /** `slideshow-interval` attribute, in ms. */
  readonly slideshowInterval: number;
  /** `ready` once the first items are there. */
  readonly state: string;
  itemCount(): number;
  itemAt(index: number): GalleryItem | undefined;
  /** Asks for the page holding an index (the lightbox can walk past the loaded pages). */
  ensureIndex(index: number): void;
  /** The tile of an index when it is rendered (virtualized tiles come and go). */
  tileFor(index: number): HTMLElement | null;
  /** Opens on an item by rid, looking through the gallery's pages. */
  open(rid: string): Promise<boolean>;
}

/** Travel (px) that makes a swipe: sideways to move, downwards to close. */
const SWIPE = 40;
const SWIPE_CLOSE = 90;
/** Keys that zoom (without ctrl or ⌘, which the browser keeps for its own zoom). */
const ZOOM_KEYS: Record<string, number> = { '+': 1.5, '=': 1.5, '-': 1 / 1.5, _: 1 / 1.5 };

export class Lightbox implements ReactiveController {
  /** The index shown, -1 when closed. */
  index = -1;
  private readonly host: LightboxHost;
  private readonly kit: LightboxKit;
  private opener: HTMLElement | null = null;
  private preloaded = new Set<string>();
  private fullscreen = false;
  readonly zoom: Zoom;
  readonly slideshow: Slideshow;
  private readonly address: LightboxHistory;

  constructor(host: LightboxHost, kit: LightboxKit) {
    this.host = host;
    this.kit = kit;
    kit.localize.addEnglish(english);
    this.zoom = new Zoom({
      image: () => this.root().querySelector<HTMLImageElement>('[part="lightbox-image"]'),
      area: () => this.root().querySelector('.stage')?.getBoundingClientRect() ?? null,
      naturalWidth: () => {
        const item = this.host.itemAt(this.index);
        return (item && this.kit.imageSource(item, 1200)?.width) || 0;
      },
      zoomChanged: () => {
        this.slideshow.stop();
        this.host.requestUpdate();
      },
      swiped: (dx, dy) => this.swiped(dx, dy),
      tappedOutside: () => this.close(),
      touched: () => this.slideshow.stop(),
    });
    this.slideshow = new Slideshow({
      interval: () => this.host.slideshowInterval,
      advance: () => this.show(this.index + 1 < this.host.itemCount() ? this.index + 1 : 0),
      changed: () => this.host.requestUpdate(),
    });
    this.address = new LightboxHistory({
      get isConnected() {
        return host.isConnected;
      },
      wantsHistory: () => this.host.history,
      ready: () => this.host.state === 'ready',
      isOpen: () => this.isOpen,
      open: (rid) => this.host.open(rid),
      close: () => this.close(),
    });
    host.addController(this);
  }

  get isOpen(): boolean {
    return this.index >= 0;
  }

  hostConnected(): void {
    this.slideshow.connect();
    this.address.connect();
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
  }

  hostDisconnected(): void {
    this.slideshow.disconnect();
    // Taken off the page while open: its history entry goes now, not when the dialog's close event
    // comes (a task later, when another gallery may already have read the address).
    if (this.isOpen) this.address.closed();
    this.address.disconnect();
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    this.index = -1;
    this.dialog()?.close();
  }

  hostUpdated(): void {
    this.zoom.sync();
    this.address.update();
  }

  /** Opens on an index unless a listener cancels `gallery-item-open`. */
  async open(index: number, opener?: HTMLElement | null): Promise<boolean> {
    if (!this.announce(index)) return false;
    const wasOpen = this.isOpen;
    if (!wasOpen) this.opener = opener ?? activeElementDeep();
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
    const rid = this.host.itemAt(index)?.rid;
    if (rid) {
      if (wasOpen) this.address.moved(rid);
      else this.address.opened(rid);
    }
    return true;
  }

  close(): void {
    this.dialog()?.close();
  }

  /** The visitor goes to another index (clamped): the slideshow stops. */
  go(index: number): void {
    this.slideshow.stop();
    this.show(index);
  }

  /** Shows another index (clamped); keeps the lightbox open. */
  private show(index: number): void {
    const count = this.host.itemCount();
    const target = Math.max(0, Math.min(count - 1, index));
    if (!this.isOpen || target === this.index) return;
    this.index = target;
    this.host.ensureIndex(target);
    this.announce(target);
    this.preloadAround(target);
    this.slideshow.restart();
    const rid = this.host.itemAt(target)?.rid;
    if (rid) this.address.moved(rid);
    this.host.requestUpdate();
  }

  /** The dialog closed (button, Esc, Back, close()): hand focus back where it belongs. */
  onClose = (): void => {
    // Closed by a disconnect: hostDisconnected has done what is left to do.
    if (!this.isOpen) return;
    const index = this.index;
    const rid = this.host.itemAt(index)?.rid ?? null;
    this.index = -1;
    this.slideshow.stop();
    if (this.fullscreenElement()) void document.exitFullscreen().catch(() => undefined);
    this.address.closed();
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
    // A focused player keeps its own keys (seeking, volume).
    const target = event.composedPath()[0];
    if (target instanceof HTMLMediaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === 'Shift') return;
    // Any other key is the visitor taking over, except the ones pressing the slideshow's own button.
    const onSlideshow = target instanceof Element && target.matches('[part="lightbox-slideshow"]');
    if (!(onSlideshow && (event.key === 'Enter' || event.key === ' '))) this.slideshow.stop();
    const action = this.keyAction(event.key);
    if (!action) return;
    event.preventDefault();
    action();
  };

  private keyAction(key: string): (() => void) | undefined {
    const moves: Record<string, number> = {
      ArrowRight: this.index + 1,
      ArrowDown: this.index + 1,
      ArrowLeft: this.index - 1,
      ArrowUp: this.index - 1,
      Home: 0,
      End: this.host.itemCount() - 1,
    };
    const move = moves[key];
    if (move !== undefined) return () => this.go(move);
    const factor = ZOOM_KEYS[key];
    if (factor !== undefined) return () => this.zoom.step(factor);
    if (key === '0') return () => this.zoom.reset();
    if ((key === 'f' || key === 'F') && document.fullscreenEnabled) return () => this.toggleFullscreen();
    return undefined;
  }

  /** Full screen on the frame (a <dialog> itself may not go full screen). */
  toggleFullscreen(): void {
    if (this.fullscreenElement()) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    const frame = this.root().querySelector<HTMLElement>('.frame');
    void frame?.requestFullscreen().catch(() => undefined);
  }

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
    const zoomed = this.zoom.zoomed;
    const content = html`<div class="frame ${zoomed ? 'zoomed' : ''}" part="lightbox-frame">
      ${this.renderToolbar(item, t, localize.term('counter', position), zoomed)}
      <div class="stage" part="lightbox-stage" @pointerdown=${this.zoom.onPointerDown}
        @pointermove=${this.zoom.onPointerMove} @pointerup=${this.zoom.onPointerUp}
        @pointercancel=${this.zoom.onPointerUp} @wheel=${{ handleEvent: this.zoom.onWheel, passive: false }}>
        <div class="fit">${lightboxMedia(item, this.kit, zoomed)}</div>
      </div>
      <button class="tool nav prev" part="lightbox-prev" type="button" aria-label=${t.previous}
        aria-disabled=${index <= 0 ? 'true' : 'false'} @click=${() => this.go(index - 1)}>${icons.previous}</button>
      <button class="tool nav next" part="lightbox-next" type="button" aria-label=${t.next}
        aria-disabled=${index >= count - 1 ? 'true' : 'false'} @click=${() => this.go(index + 1)}>${icons.next}</button>
      ${this.renderMeta(item)}
    </div>`;
    return html`<dialog class="lightbox" part="lightbox" aria-label=${label} @close=${this.onClose}
      @keydown=${this.onKeydown}>${this.isOpen ? content : nothing}</dialog>`;
  }

  private renderToolbar(
    item: GalleryItem | undefined,
    t: LightboxStrings,
    counter: string,
    zoomed: boolean,
  ): TemplateResult {
    const original = item && this.kit.originalUrl(item);
    const zoomable = item?.type === 'image' && !!this.kit.imageSource(item, 1200);
    return html`<div class="bar" part="lightbox-toolbar">
      <p class="count" part="lightbox-counter">${counter}</p>
      ${tool({
        part: 'lightbox-slideshow',
        label: t.slideshow,
        icon: this.slideshow.playing ? icons.pause : icons.play,
        pressed: this.slideshow.playing,
        onClick: () => this.slideshow.toggle(),
      })}
      ${
        zoomable
          ? tool({
              part: 'lightbox-zoom',
              label: t.zoom,
              icon: zoomed ? icons.zoomOut : icons.zoomIn,
              pressed: zoomed,
              keys: 'Plus - 0',
              onClick: () => this.zoom.toggle(),
            })
          : nothing
      }
      ${
        document.fullscreenEnabled
          ? tool({
              part: 'lightbox-fullscreen',
              label: t.fullscreen,
              icon: this.fullscreen ? icons.exitFullscreen : icons.enterFullscreen,
              pressed: this.fullscreen,
              keys: 'F',
              onClick: () => this.toggleFullscreen(),
            })
          : nothing
      }
      ${
        original
          ? html`<a class="tool" part="lightbox-download" href=${downloadUrl(original)} download=${item.filename}
              aria-label=${t.downloadOriginal} title=${t.downloadOriginal}>${icons.download}</a>`
          : nothing
      }
      ${tool({ part: 'lightbox-close', label: t.close, icon: icons.close, autofocus: true, onClick: () => this.close() })}
    </div>`;
  }

  private renderMeta(item: GalleryItem | undefined): TemplateResult {
    return html`<div class="meta" part="lightbox-meta">${this.kit.fields.map((field) => metaLine(item, field))}</div>`;
  }

  /** A swipe over the unzoomed image: sideways moves, downwards closes. */
  private swiped(dx: number, dy: number): void {
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) >= Math.abs(dy) * 1.5)
      this.go(dx < 0 ? this.index + 1 : this.index - 1);
    else if (dy >= SWIPE_CLOSE && dy >= Math.abs(dx) * 1.5) this.close();
  }

  private onFullscreenChange = (): void => {
    const now = this.fullscreenElement() !== null;
    if (now === this.fullscreen) return;
    this.fullscreen = now;
    this.host.requestUpdate();
  };

  private fullscreenElement(): Element | null {
    const root = this.root();
    const element = root instanceof ShadowRoot ? root.fullscreenElement : document.fullscreenElement;
    return element?.classList.contains('frame') ? element : null;
  }

  private announce(index: number): boolean {
    const item = this.host.itemAt(index);
    if (!item) return true;
    return this.kit.opened(index, item);
  }

  private root(): HTMLElement | DocumentFragment {
    return this.host.renderRoot;
  }

  private dialog(): HTMLDialogElement | null {
    return this.root().querySelector('dialog');
  }

  private focusables(): HTMLElement[] {
    const dialog = this.dialog();
    if (!dialog) return [];
    return [...dialog.querySelectorAll<HTMLElement>('button, a[href], video, audio, select, [tabindex="0"]')];
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
      // An image: the same sizes as the lightbox's <img>, so the browser picks (and caches) the same
      // version. A video's poster is its plain src.
      if (item.type === 'image' && source.srcset) {
        image.sizes = stageSizes(source, false);
        image.srcset = source.srcset;
      }
      image.src = source.src;
    }
  }
}

/** The focused element, looking through open shadow roots. */
export function activeElementDeep(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}
