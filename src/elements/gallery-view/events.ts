// The view's typed DOM events: they bubble and cross shadow roots so a page can follow the gallery
// (deep links, analytics, its own error banner) without holding a reference to the element.
import type { GalleryItem } from '../../api/types.ts';

export interface GalleryItemOpenDetail {
  rid: string;
  /** Position in the gallery, 0-based. */
  index: number;
  item: GalleryItem;
}

export interface GalleryLoadDetail {
  /** The page of gallery.get_items that arrived (1-based). */
  page: number;
  /** Items in the whole gallery as the server counted them. */
  itemsCount: number;
}

export interface GalleryErrorDetail {
  /** HTTP status, 0 when no response arrived. */
  status: number;
  /** The API's error code (`permission_denied`, `not_found`, …) or `network_error`. */
  code: string;
  message: string;
}

const init = { bubbles: true, composed: true } as const;

/**
 * An item is being shown: the lightbox opened on it or moved to it (or, without the lightbox, the tile
 * was activated). Cancelable: `preventDefault()` keeps the lightbox closed so an app can route instead.
 */
export class GalleryItemOpenEvent extends Event {
  static readonly type = 'gallery-item-open';
  constructor(readonly detail: GalleryItemOpenDetail) {
    super(GalleryItemOpenEvent.type, { ...init, cancelable: true });
  }
}

/** The lightbox closed; focus is back in the grid. */
export class GalleryLightboxCloseEvent extends Event {
  static readonly type = 'gallery-lightbox-close';
  readonly detail: { rid: string | null };
  constructor(rid: string | null) {
    super(GalleryLightboxCloseEvent.type, init);
    this.detail = { rid };
  }
}

/** A page of items arrived from the server. */
export class GalleryLoadEvent extends Event {
  static readonly type = 'gallery-load';
  constructor(readonly detail: GalleryLoadDetail) {
    super(GalleryLoadEvent.type, init);
  }
}

/** Loading failed; the element shows its error state (first page) or an error bar (later pages). */
export class GalleryErrorEvent extends Event {
  static readonly type = 'gallery-error';
  constructor(readonly detail: GalleryErrorDetail) {
    super(GalleryErrorEvent.type, init);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'gallery-item-open': GalleryItemOpenEvent;
    'gallery-lightbox-close': GalleryLightboxCloseEvent;
    'gallery-load': GalleryLoadEvent;
    'gallery-error': GalleryErrorEvent;
  }
}
