// Tracks the gallery's content width: the virtualizer's grid needs tile sizes in pixels, and `sizes` on
// each image should name the width the tile really has. It watches a zero-height probe, not the host:
// the host's height follows the virtualizer's, and watching it would report ResizeObserver loops.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class WidthController implements ReactiveController {
  width = 0;
  /** --gallery-gap in px, read with the width (reading styles on every render would force a recalc). */
  gap = 8;
  private readonly host: ReactiveControllerHost & HTMLElement;
  private observer: ResizeObserver | null = null;
  private frame = 0;
  private target: Element | null = null;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries.at(-1)?.contentRect.width ?? 0);
      // Sub-pixel jitter would re-layout the whole grid for nothing.
      if (Math.abs(width - this.width) < 1) return;
      this.width = width;
      this.gap =
        Number.parseFloat(getComputedStyle(this.target ?? this.host).getPropertyValue('--gallery-gap')) || 8;
      // Re-rendering inside the observer's delivery would resize observed nodes (ours and the
      // virtualizer's) in the same pass: the browser reports a ResizeObserver loop. Next frame instead.
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.host.requestUpdate());
    });
    if (this.target) this.observer.observe(this.target);
  }

  /** The element to measure (the element's probe), once it is rendered. */
  observe(target: Element): void {
    if (target === this.target) return;
    if (this.target) this.observer?.unobserve(this.target);
    this.target = target;
    this.observer?.observe(target);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.frame);
    this.observer?.disconnect();
    this.observer = null;
  }
}
