// The lightbox's slideshow: while playing, the next item follows every `interval` ms, and after the last
// one the first (it loops, as photo slideshows do). Waiting stops while the tab is hidden and starts over
// when it shows again; the lightbox stops the slideshow when the visitor takes over (keys, pointer, zoom).

export interface SlideshowHost {
  /** Milliseconds an item stays. */
  interval(): number;
  /** Shows the next item (or the first after the last). */
  advance(): void;
  /** Playing or stopped changed (the control follows). */
  changed(): void;
}

/** Never faster than this (ms), whatever the attribute says: a page must stay usable. */
const SHORTEST = 200;
/** When the attribute gives no usable interval (ms). */
const DEFAULT_INTERVAL = 4000;

export class Slideshow {
  playing = false;
  private readonly host: SlideshowHost;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: SlideshowHost) {
    this.host = host;
  }

  connect(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  disconnect(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.stop();
  }

  toggle(): void {
    if (this.playing) this.stop();
    else this.play();
  }

  play(): void {
    if (this.playing) return;
    this.playing = true;
    this.host.changed();
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.playing) return;
    this.playing = false;
    this.host.changed();
  }

  /** The item changed (by the slideshow or otherwise): it gets a full interval. */
  restart(): void {
    if (this.playing) this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.playing || document.visibilityState === 'hidden') return;
    const interval = this.host.interval();
    const wait = Number.isFinite(interval) && interval > 0 ? Math.max(SHORTEST, interval) : DEFAULT_INTERVAL;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.host.advance();
    }, wait);
  }

  private onVisibility = (): void => {
    if (document.visibilityState === 'hidden') {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else this.schedule();
  };
}
