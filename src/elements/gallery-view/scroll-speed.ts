// Tells whether the gallery is being flung: scrolled faster than a visitor can look at its pictures.
// Tiles drawn meanwhile wait for their images until the scroll slows down (recycle.ts), as Glide pauses
// its requests during a RecyclerView fling and Flutter defers image loading above a velocity.
//
// Why (bench/gallery-10k): a fling to the end of 10,000 items started a download and a decode for nearly
// every tile that passed (the browser's lazy-loading margin is wider than a screen), and the collector's
// weak processing of those thousands of image resources paused the page for 40-50 ms at a time.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Above this many viewport heights per second, images wait: about Flutter's threshold on a phone. */
const FAST_VIEWPORTS_PER_SECOND = 3;
/** Two scroll events further apart than this are a jump (End key, scrollbar click), not a fling. */
const SAMPLE_GAP_MS = 100;
/** How long after the last fast scroll event the scroll counts as slowed down. */
const SETTLE_MS = 150;

export class ScrollSpeed implements ReactiveController {
  private readonly host: ReactiveControllerHost & HTMLElement;
  private readonly last = new WeakMap<EventTarget, { time: number; top: number }>();
  private fastUntil = 0;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    // Scroll events do not bubble: one capturing listener sees the page and every scrolling ancestor.
    document.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
  }

  hostDisconnected(): void {
    document.removeEventListener('scroll', this.onScroll, { capture: true });
  }

  /** Milliseconds until the scroll counts as slow again; 0 when it is slow now. */
  settlesIn = (): number => Math.max(0, this.fastUntil - performance.now());

  private onScroll = (event: Event): void => {
    const target = event.target;
    const isPage = target === document || target === document.documentElement;
    // A scrolling panel elsewhere on the page does not move the gallery.
    if (!isPage && !(target instanceof Element && target.contains(this.host))) return;
    const top = isPage ? window.scrollY : (target as Element).scrollTop;
    const time = performance.now();
    const previous = this.last.get(target!);
    this.last.set(target!, { time, top });
    if (previous && isFling(top - previous.top, time - previous.time, window.innerHeight))
      this.fastUntil = time + SETTLE_MS;
  };
}

/**
 * Whether scrolling `distance` px in `elapsed` ms, between two scroll events, is a fling on a viewport
 * `height` px tall. Events further apart than SAMPLE_GAP_MS are a jump (End, the scrollbar), not one.
 */
export function isFling(distance: number, elapsed: number, height: number): boolean {
  if (elapsed <= 0 || elapsed > SAMPLE_GAP_MS) return false;
  return (Math.abs(distance) / elapsed) * 1000 > FAST_VIEWPORTS_PER_SECOND * height;
}
