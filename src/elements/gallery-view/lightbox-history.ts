// The lightbox in the address bar: `#rid=<rid>` while an item is shown, so the URL can be shared; opening
// adds one history entry, so the Back button closes; closing otherwise (button, Escape) steps back over
// that entry, so no stray entries remain; a page loaded with `#rid=` opens that item once it is there.
//
// One hash, one owner: of the <gallery-view> elements with the lightbox and `history` on, the first to
// connect owns the hash (the next one takes over when it disconnects); the others leave it alone.

export interface HistoryHost {
  readonly isConnected: boolean;
  /** The element's `history` and `lightbox` are both on. */
  wantsHistory(): boolean;
  /** The gallery's items can be looked up (its first page arrived, or the app gave items). */
  ready(): boolean;
  isOpen(): boolean;
  open(rid: string): Promise<boolean>;
  close(): void;
}

/** Our mark in `history.state`, merged into whatever the page keeps there. */
const MARK = 'galleryLightbox';

/** Every connected history, in the order they connected: the first that wants it owns the hash. */
const connected: LightboxHistory[] = [];

/**
 * True from a close's history.back() until its popstate: the address still names the closed item
 * meanwhile, and a gallery connecting then must not take it for a deep link.
 */
let steppingBack = false;

/** The rid of a `#rid=` hash, or null. */
export function hashRid(hash: string): string | null {
  const match = /^#rid=([^&]+)/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export class LightboxHistory {
  private readonly host: HistoryHost;
  /** A rid from the address the page was loaded with (or navigated to), waiting for the items. */
  private pending: string | null = null;
  /** This element's mark, so it never takes another element's or the page's entries for its own. */
  private readonly id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

  constructor(host: HistoryHost) {
    this.host = host;
  }

  connect(): void {
    if (!connected.includes(this)) connected.push(this);
    window.addEventListener('popstate', this.onPopState);
    this.pending = steppingBack ? null : hashRid(location.hash);
  }

  disconnect(): void {
    const index = connected.indexOf(this);
    if (index >= 0) connected.splice(index, 1);
    window.removeEventListener('popstate', this.onPopState);
  }

  /** Whether this element owns the hash now. */
  get owner(): boolean {
    return connected.find((history) => history.host.isConnected && history.host.wantsHistory()) === this;
  }

  /** After each update: a deep link waiting for the items opens once they are there (once). */
  update(): void {
    const rid = this.pending;
    if (!rid || !this.host.ready()) return;
    this.pending = null;
    if (this.owner && !this.host.isOpen()) void this.host.open(rid).catch(() => false);
  }

  /** The lightbox opened on `rid`: a new entry, unless the address already names it (a deep link). */
  opened(rid: string): void {
    if (!this.owner) return;
    if (hashRid(location.hash) === rid) {
      // Loaded (or navigated) with this hash: mark the entry; closing clears the hash rather than leave.
      safely(() => history.replaceState(this.state(false), '', location.href));
    } else safely(() => history.pushState(this.state(true), '', withHash(rid)));
  }

  /** The lightbox moved to another item: the same entry names it. */
  moved(rid: string): void {
    if (this.ours()) safely(() => history.replaceState(history.state, '', withHash(rid)));
  }

  /** The lightbox closed by itself (not by Back): leave the entry it made. */
  closed(): void {
    if (!this.ours()) return;
    const pushed = (history.state as Record<string, { pushed?: boolean }>)[MARK]?.pushed;
    if (pushed) {
      steppingBack = true;
      window.addEventListener('popstate', () => (steppingBack = false), { once: true });
      history.back();
    } else safely(() => history.replaceState(this.state(null), '', withHash(null)));
  }

  /** Back (or Forward) left our entry: close; a `#rid=` arrived while closed: open it. */
  private onPopState = (): void => {
    if (!this.owner) return;
    if (this.host.isOpen()) {
      if (!this.ours()) this.host.close();
      return;
    }
    const rid = hashRid(location.hash);
    if (rid) {
      this.pending = rid;
      this.update();
    }
  };

  private ours(): boolean {
    const state = history.state as Record<string, { id?: string }> | null;
    return state?.[MARK]?.id === this.id;
  }

  /** history.state with our mark set (or removed, `pushed` null), keeping the page's own fields. */
  private state(pushed: boolean | null): unknown {
    const current = history.state;
    const base = current && typeof current === 'object' ? { ...current } : {};
    delete (base as Record<string, unknown>)[MARK];
    return pushed === null ? base : { ...base, [MARK]: { id: this.id, pushed } };
  }
}

/**
 * Runs a history change that a document may refuse (a sandboxed frame, an opaque origin): the lightbox
 * works the same without the address.
 */
function safely(change: () => void): void {
  try {
    change();
  } catch {
    // The address stays as it was.
  }
}

/** The current address with `#rid=<rid>`, or without a hash (null). */
function withHash(rid: string | null): string {
  const url = new URL(location.href);
  url.hash = rid === null ? '' : `rid=${encodeURIComponent(rid)}`;
  return url.href;
}
