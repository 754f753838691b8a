// Brings the thumbnails of the visitor's new uploads into the frame's list: the server makes an asset's
// versions after the upload has answered, so the first list shows a placeholder. While an image or video
// of the list has none, the gallery is read again, a bounded number of times over about half a minute.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FrameItem } from './frame-api.ts';

/** Waits between reads (ms): quick at first, when most thumbnails arrive, then slower; then it gives up. */
export const THUMBNAIL_DELAYS = [300, 600, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000] as const;

/** An item that will have a thumbnail once its versions are made (audio and other files never do). */
export const awaitsThumbnail = (item: FrameItem): boolean =>
  !item.thumbnail?.url && (item.type === 'image' || item.type === 'video');

export interface ThumbnailWatchOptions {
  /** Reads the gallery's items. */
  read: (signal: AbortSignal) => Promise<FrameItem[]>;
  /** The items the list shows now. */
  shown: () => readonly FrameItem[];
  /** Gives the list the thumbnails (and versions) that have arrived, by rid. */
  arrived: (fresh: ReadonlyMap<string, FrameItem>) => void;
}

export class ThumbnailWatch implements ReactiveController {
  readonly #options: ThumbnailWatchOptions;
  #tries = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reading: AbortController | undefined;

  constructor(host: ReactiveControllerHost, options: ThumbnailWatchOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** After the list was loaded afresh (an upload landed): watch from the first delay again. */
  restart(): void {
    this.#stop();
    this.#tries = 0;
    this.#next();
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #next(): void {
    const delay = THUMBNAIL_DELAYS[this.#tries];
    if (delay === undefined || !this.#options.shown().some(awaitsThumbnail)) return;
    this.#tries++;
    this.#timer = setTimeout(() => void this.#read(), delay);
  }

  async #read(): Promise<void> {
    this.#timer = undefined;
    const reading = new AbortController();
    this.#reading = reading;
    try {
      const items = await this.#options.read(reading.signal);
      if (reading.signal.aborted) return;
      const fresh = new Map(items.filter((item) => item.thumbnail?.url).map((item) => [item.rid, item]));
      this.#options.arrived(fresh);
    } catch {
      // A failed read is one try spent; the next one may get through.
      if (reading.signal.aborted) return;
    }
    this.#reading = undefined;
    this.#next();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#reading?.abort();
    this.#reading = undefined;
  }
}
