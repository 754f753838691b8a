// Tracks the host's content width: the virtualizer's grid needs tile sizes in pixels, and `sizes` on
// each image should name the width the tile really has.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class WidthController implements ReactiveController {
  width = 0;
  private readonly host: ReactiveControllerHost & HTMLElement;
  private observer: ResizeObserver | null = null;
  private frame = 0;

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
      // Re-rendering inside the observer's delivery would resize observed nodes (ours and the
      // virtualizer's) in the same pass: the browser reports a ResizeObserver loop. Next frame instead.
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.host.requestUpdate());
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.frame);
    this.observer?.disconnect();
    this.observer = null;
  }
}
