// Zoom and pan of the lightbox image and the pointer gestures of its stage (Pointer Events, so mouse, pen
// and touch alike): double tap or double click, two-pointer pinch and ctrl/⌘+wheel zoom at the pointer,
// dragging pans a zoomed image within its edges, a swipe moves or closes an unzoomed one, a tap beside the
// image closes. The transform is written to the image directly: a gesture re-renders nothing.
import {
  type Box,
  clampPan,
  distance,
  FITTED,
  FITTED_ENOUGH,
  inside,
  isZoomed,
  midpoint,
  type Pan,
  type Point,
  zoomAt,
  zoomBy,
  zoomLevels,
} from './lightbox-geometry.ts';

export interface ZoomHost {
  /** The image shown, when the item is an image. */
  image(): HTMLImageElement | null;
  /** The box the zoomed image may cover (the stage). */
  area(): Box | null;
  /** The image's natural width in CSS pixels (0 when unknown). */
  naturalWidth(): number;
  /** The image turned zoomed or fitted: the toolbar and the image's source follow. */
  zoomChanged(): void;
  /** A one-pointer drag over an unzoomed image ended this far from where it started. */
  swiped(dx: number, dy: number): void;
  /** A tap or click landed beside the image. */
  tappedOutside(): void;
  /** The visitor put a pointer on the stage (the slideshow pauses). */
  touched(): void;
}

/** Travel (px) below which a pointer's down and up make a tap, and time (ms) within which. */
const TAP_MOVE = 10;
const TAP_MS = 500;
/** Two taps within this time (ms) and distance (px) make a double tap. */
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_MOVE = 40;

type Gesture =
  | { kind: 'drag'; from: Pan; start: Point; time: number }
  | { kind: 'pinch'; from: Pan; span: number; centre: Point };

export class Zoom {
  pan: Pan = FITTED;
  private readonly host: ZoomHost;
  private readonly pointers = new Map<number, Point>();
  private gesture: Gesture | null = null;
  private lastTap: (Point & { time: number }) | null = null;
  private shown: HTMLImageElement | null = null;

  constructor(host: ZoomHost) {
    this.host = host;
  }

  get zoomed(): boolean {
    return isZoomed(this.pan);
  }

  /** After each render: another image (another item) starts fitted. */
  sync(): void {
    const image = this.host.image();
    if (image === this.shown) return;
    this.shown = image;
    this.pan = FITTED;
    this.pointers.clear();
    this.gesture = null;
    this.lastTap = null;
  }

  /** Zoom in one step (or out, factor < 1) about the centre of the screen. */
  step(factor: number): void {
    const geometry = this.geometry();
    if (!geometry) return;
    const { base, area, levels } = geometry;
    const centre = { x: area.left + area.width / 2, y: area.top + area.height / 2 };
    this.set(zoomBy(this.pan, factor, centre, base, area, levels.max), true);
  }

  /** Fitted to natural size (or 2x) about `point` (default: the image's centre), zoomed back to fitted. */
  toggle(point?: Point): void {
    const geometry = this.geometry();
    if (!geometry) return;
    if (this.zoomed) {
      this.set(FITTED, true);
      return;
    }
    const { base, area, levels } = geometry;
    const at = point ?? { x: base.left + base.width / 2, y: base.top + base.height / 2 };
    this.set(clampPan(zoomAt(this.pan, levels.toggle, at, base), base, area, levels.max), true);
  }

  reset(animate = true): void {
    if (this.zoomed || this.pan !== FITTED) this.set(FITTED, animate);
  }

  onPointerDown = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    // Links, buttons and players on the stage keep their own clicks.
    if ((event.target as Element | null)?.closest?.('a, button, video, audio')) return;
    this.host.touched();
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      (event.currentTarget as Element).setPointerCapture(event.pointerId);
    } catch {
      // Synthetic events have no active pointer to capture; the stage still sees their moves.
    }
    this.begin(event.timeStamp);
  };

  onPointerMove = (event: PointerEvent): void => {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const gesture = this.gesture;
    if (gesture?.kind === 'pinch') this.pinch(gesture);
    else if (gesture?.kind === 'drag') this.drag(gesture, { x: event.clientX, y: event.clientY });
  };

  onPointerUp = (event: PointerEvent): void => {
    if (!this.pointers.delete(event.pointerId)) return;
    const gesture = this.gesture;
    const point = { x: event.clientX, y: event.clientY };
    if (gesture?.kind === 'pinch') {
      // One finger left on the glass goes on panning from where the pinch left the image.
      if (this.pointers.size > 0) this.begin(event.timeStamp);
      else {
        this.gesture = null;
        if (this.pan.scale < FITTED_ENOUGH) this.set(FITTED, true);
      }
      return;
    }
    this.gesture = null;
    if (gesture?.kind !== 'drag') return;
    const dx = point.x - gesture.start.x;
    const dy = point.y - gesture.start.y;
    const still = Math.hypot(dx, dy) < TAP_MOVE;
    if (event.type === 'pointerup' && still && event.timeStamp - gesture.time < TAP_MS) {
      this.tap(point, event.timeStamp);
    } else if (!isZoomed(gesture.from)) {
      // The image followed the pointer: it goes back, and the lightbox decides what the swipe meant.
      this.apply(FITTED, true);
      if (event.type === 'pointerup' && !still) this.host.swiped(dx, dy);
    }
  };

  /** ctrl/⌘+wheel (and a trackpad pinch, which Chromium sends as one) zooms; the wheel pans a zoomed image. */
  onWheel = (event: WheelEvent): void => {
    const geometry = this.geometry();
    if (!geometry) return;
    const { base, area, levels } = geometry;
    const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      this.host.touched();
      const factor = Math.min(2, Math.max(0.5, Math.exp(-event.deltaY * lines * 0.01)));
      this.set(
        zoomBy(this.pan, factor, { x: event.clientX, y: event.clientY }, base, area, levels.max),
        false,
      );
    } else if (this.zoomed) {
      event.preventDefault();
      const { scale, x, y } = this.pan;
      const moved = { scale, x: x - event.deltaX * lines, y: y - event.deltaY * lines };
      this.set(clampPan(moved, base, area, levels.max), false);
    }
  };

  private begin(time: number): void {
    const [first, second] = [...this.pointers.values()];
    if (first && second) {
      this.gesture = {
        kind: 'pinch',
        from: this.pan,
        span: distance(first, second),
        centre: midpoint(first, second),
      };
    } else if (first) {
      this.gesture = { kind: 'drag', from: this.pan, start: first, time };
    }
  }

  private pinch(gesture: Extract<Gesture, { kind: 'pinch' }>): void {
    const geometry = this.geometry();
    const [first, second] = [...this.pointers.values()];
    if (!geometry || !first || !second || gesture.span === 0) return;
    const { base, area, levels } = geometry;
    const scale = Math.min(
      levels.max,
      Math.max(1, (gesture.from.scale * distance(first, second)) / gesture.span),
    );
    // The image point that was under the fingers' midpoint stays under it as the fingers move and spread.
    const anchored = zoomAt(gesture.from, scale, gesture.centre, base);
    const centre = midpoint(first, second);
    const moved = {
      scale,
      x: anchored.x + centre.x - gesture.centre.x,
      y: anchored.y + centre.y - gesture.centre.y,
    };
    this.set(clampPan(moved, base, area, levels.max), false);
  }

  private drag(gesture: Extract<Gesture, { kind: 'drag' }>, point: Point): void {
    const dx = point.x - gesture.start.x;
    const dy = point.y - gesture.start.y;
    if (isZoomed(gesture.from)) {
      const geometry = this.geometry();
      if (!geometry) return;
      const { base, area, levels } = geometry;
      const moved = { scale: gesture.from.scale, x: gesture.from.x + dx, y: gesture.from.y + dy };
      this.set(clampPan(moved, base, area, levels.max), false);
      return;
    }
    // Unzoomed, the image follows a sideways drag (a swipe to the next item) or a downward one (to close).
    const sideways = Math.abs(dx) >= Math.abs(dy);
    this.apply({ scale: 1, x: sideways ? dx : 0, y: sideways ? 0 : Math.max(0, dy) }, false);
  }

  private tap(point: Point, time: number): void {
    const image = this.host.image();
    const last = this.lastTap;
    if (!image || !inside(point, image.getBoundingClientRect())) {
      this.lastTap = null;
      this.host.tappedOutside();
      return;
    }
    if (last && time - last.time < DOUBLE_TAP_MS && distance(last, point) < DOUBLE_TAP_MOVE) {
      this.lastTap = null;
      this.toggle(point);
      return;
    }
    this.lastTap = { ...point, time };
  }

  private set(pan: Pan, animate: boolean): void {
    const was = this.zoomed;
    this.pan = pan;
    this.apply(pan, animate);
    if (was !== this.zoomed) this.host.zoomChanged();
  }

  private apply(pan: Pan, animate: boolean): void {
    const image = this.host.image();
    if (!image) return;
    image.classList.toggle('animate', animate);
    const fitted = pan.scale === 1 && pan.x === 0 && pan.y === 0;
    image.style.transform = fitted ? '' : `translate(${pan.x}px, ${pan.y}px) scale(${pan.scale})`;
  }

  /**
   * The image's untransformed box (its used size, centred in its parent: a running transition or the
   * current transform does not change either), the area it may cover, and its zoom levels; null when no
   * image is shown or laid out.
   */
  private geometry(): { base: Box; area: Box; levels: ReturnType<typeof zoomLevels> } | null {
    const image = this.host.image();
    const area = this.host.area();
    const parent = image?.parentElement;
    if (!image || !area || !parent) return null;
    const style = getComputedStyle(image);
    const width = Number.parseFloat(style.width);
    const height = Number.parseFloat(style.height);
    if (!(width > 0 && height > 0)) return null;
    const room = parent.getBoundingClientRect();
    const base = {
      left: room.left + (room.width - width) / 2,
      top: room.top + (room.height - height) / 2,
      width,
      height,
    };
    return { base, area, levels: zoomLevels(this.host.naturalWidth(), width) };
  }
}
