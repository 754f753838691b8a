// The `recycle` directive: @lit-labs/virtualizer's `virtualize`, except that a tile scrolling out of the
// range is reused for one scrolling in, instead of being dropped while a new one is built.
//
// Why (bench/gallery-10k): `virtualize` renders the range through `repeat`, so a fling across 10,000
// items built and threw away some 10,000 tiles with their nodes, Lit parts and JS wrappers, and each
// range change re-rendered every tile of the range; scroll frames took 30-58 ms. A reused tile only takes
// new attribute values and text. (The 35-52 ms collections of that run came mostly from the images the
// tiles loaded: scroll-speed.ts.)
//
// Tiles that stay in the range are neither moved nor redrawn (a focused tile keeps its focus); a tile is
// redrawn only when its index, its item (a placeholder whose page arrived) or the `draw` function changes,
// and once more when it was drawn during a fling (`settlesIn`) and the scroll has slowed down.
import { virtualize } from '@lit-labs/virtualizer/virtualize.js';
import { type ChildPart, noChange } from 'lit';
import { type DirectiveResult, directive } from 'lit/directive.js';
import { getDirectiveClass } from 'lit/directive-helpers.js';
import { patchVirtualizer } from './virtualizer-patch.ts';

type VirtualizeConfig = NonNullable<Parameters<typeof virtualize>[0]>;

export interface RecycleConfig<T> {
  items: (T | undefined)[];
  layout: NonNullable<VirtualizeConfig['layout']>;
  /**
   * Draws item `index` (`undefined`: its page has not arrived) into a tile element, which may have shown
   * another item before; `hurried`: the tile is passing by in a fling, so it should not start loading its
   * image yet. A new function redraws every tile (new options, words or layout).
   */
  draw(tile: HTMLElement, item: T | undefined, index: number, hurried: boolean): void;
  /** Milliseconds until the scroll counts as slow again; 0 when it is slow (scroll-speed.ts). */
  settlesIn?: () => number;
}

interface Tile {
  element: HTMLElement;
  item: unknown;
  index: number;
  draw: RecycleConfig<unknown>['draw'] | null;
  /** Drawn during a fling: drawn again once the scroll slows down. */
  hurried: boolean;
}

/** Tiles kept aside after the range shrinks, for when it grows again (a few rows of any layout). */
const SPARE_TILES = 48;

// The package exports the directive, not its class; Lit's public helper gives the class of a result.
type VirtualizeDirectiveClass = ReturnType<typeof virtualize> extends DirectiveResult<infer C> ? C : never;
const VirtualizeDirective = getDirectiveClass(virtualize()) as VirtualizeDirectiveClass;

class RecycleDirective extends VirtualizeDirective {
  private host: Node | null = null;
  private end: Node | null = null;
  private draw: RecycleConfig<unknown>['draw'] | null = null;
  private settlesIn: () => number = () => 0;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** `tiles[i]` shows item `first + i`, in DOM order. */
  private first = 0;
  private tiles: Tile[] = [];
  /** The tiles' elements: what the virtualizer positions. */
  private elements: HTMLElement[] = [];
  private spare: Tile[] = [];
  private patched: object | null = null;

  // The base class renders the range (`_first`..`_last` of `_items`) here, on every range change and
  // host update, through `repeat`; this places tiles itself and leaves the part's value alone.
  override render(): typeof noChange {
    this.tune();
    this.place(this._first, this._last);
    return noChange;
  }

  override update(part: ChildPart, [config]: [RecycleConfig<unknown>]): unknown {
    this.host = part.parentNode;
    this.end = part.endNode;
    this.draw = config.draw;
    this.settlesIn = config.settlesIn ?? (() => 0);
    const result = super.update(part, [{ items: config.items, layout: config.layout }]);
    this.tune();
    return result;
  }

  /** The virtualizer is replaced when the kind of layout changes: each one is tuned once. */
  private tune(): void {
    const virtualizer = this._virtualizer;
    if (!virtualizer || this.patched === virtualizer) return;
    this.patched = virtualizer;
    patchVirtualizer(virtualizer, () => ({ first: this.first, elements: this.elements }));
  }

  /** Shows items `first..last`: keeps the tiles already showing them, reuses the others for the rest. */
  private place(first: number, last: number): void {
    const { host, draw } = this;
    if (!host || !draw) return;
    const items = this._items;
    last = Math.min(last, items.length - 1);
    const old = this.tiles;
    const oldFirst = this.first;
    const oldLast = oldFirst + old.length - 1;
    for (let index = oldFirst; index <= oldLast; index++) {
      if (index >= first && index <= last) continue;
      const tile = old[index - oldFirst]!;
      tile.element.remove();
      this.spare.push(tile);
    }
    const keptFirst = Math.max(first, oldFirst);
    const keptLast = Math.min(last, oldLast);
    const before = document.createDocumentFragment();
    const after = document.createDocumentFragment();
    const next: Tile[] = [];
    const hurried = this.settlesIn() > 0;
    let waiting = false;
    for (let index = first; index <= last; index++) {
      const kept = index >= keptFirst && index <= keptLast;
      const tile = kept ? old[index - oldFirst]! : this.takeTile();
      if (!kept) (index < keptFirst ? before : after).append(tile.element);
      const item = items[index];
      if (tile.index !== index || tile.item !== item || tile.draw !== draw) {
        draw(tile.element, item, index, hurried);
        tile.index = index;
        tile.item = item;
        tile.draw = draw;
        tile.hurried = hurried;
      }
      waiting ||= tile.hurried;
      next.push(tile);
    }
    if (before.firstChild)
      host.insertBefore(before, keptFirst <= keptLast ? old[keptFirst - oldFirst]!.element : this.end);
    if (after.firstChild) host.insertBefore(after, this.end);
    this.tiles = next;
    this.elements = next.map((tile) => tile.element);
    this.first = first;
    if (this.spare.length > SPARE_TILES) this.spare.length = SPARE_TILES;
    if (waiting) this.settleLater();
  }

  /** Draws the tiles of a fling again, with their images, once the scroll has slowed down. */
  private settleLater(): void {
    if (this.settleTimer !== undefined) return;
    this.settleTimer = setTimeout(
      () => {
        this.settleTimer = undefined;
        if (!this.isConnected || !this.draw) return;
        if (this.settlesIn() > 0) return this.settleLater();
        for (const tile of this.tiles) {
          if (!tile.hurried) continue;
          tile.hurried = false;
          this.draw(tile.element, tile.item, tile.index, false);
        }
      },
      Math.max(16, this.settlesIn()),
    );
  }

  private takeTile(): Tile {
    return (
      this.spare.pop() ?? {
        element: document.createElement('div'),
        item: undefined,
        index: -1,
        draw: null,
        hurried: false,
      }
    );
  }

  override disconnected(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    super.disconnected();
  }

  override reconnected(): void {
    super.reconnected();
    if (this.tiles.some((tile) => tile.hurried)) this.settleLater();
  }
}

/** Virtual scrolling of `items` into the parent element, reusing tile elements (see the top of the file). */
export const recycle = directive(RecycleDirective) as <T>(
  config: RecycleConfig<T>,
) => DirectiveResult<typeof RecycleDirective>;
