// The arithmetic of zooming and panning the lightbox image, as plain functions of boxes and points so
// it is testable without a browser. A pan is the image's transform: translate(x, y) scale(scale) about
// its centre, scale 1 being the image fitted on screen.

export interface Point {
  x: number;
  y: number;
}

export interface Pan extends Point {
  scale: number;
}

/** A box in viewport pixels (DOMRect has these fields). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const FITTED: Pan = { scale: 1, x: 0, y: 0 };

/** Below this the image counts as fitted (pinches and steps land near 1, rarely on it). */
export const FITTED_ENOUGH = 1.05;

export const isZoomed = (pan: Pan): boolean => pan.scale > 1.001;

/**
 * The scales a fitted image of `fittedWidth` px can take: `natural` shows it pixel for pixel (1 when it is
 * already shown at its natural size), `toggle` is where a double tap or the zoom button goes (the
 * natural size, or twice the fitted size when that is the natural size), `max` twice the natural size.
 */
export function zoomLevels(
  naturalWidth: number,
  fittedWidth: number,
): { natural: number; toggle: number; max: number } {
  const natural = fittedWidth > 0 && naturalWidth > 0 ? Math.max(1, naturalWidth / fittedWidth) : 1;
  return { natural, toggle: natural >= FITTED_ENOUGH ? natural : 2, max: Math.max(2, natural * 2) };
}

/**
 * The pan at `scale` that keeps the image point under `point` where it is, for an image whose untransformed
 * box is `base` (zooming "at the pointer").
 */
export function zoomAt(pan: Pan, scale: number, point: Point, base: Box): Pan {
  const centre = boxCentre(base);
  // The point in the image's own (unscaled) pixels from its centre, then back on screen at the new scale.
  const qx = (point.x - centre.x - pan.x) / pan.scale;
  const qy = (point.y - centre.y - pan.y) / pan.scale;
  return { scale, x: point.x - centre.x - scale * qx, y: point.y - centre.y - scale * qy };
}

/**
 * Keeps the image on its `area` (the stage): an image larger than the area along an axis covers it
 * (its edges never come inside), a smaller one stays wholly inside. Scale is limited to [1, max].
 */
export function clampPan(pan: Pan, base: Box, area: Box, max: number): Pan {
  const scale = Math.min(max, Math.max(1, pan.scale));
  const centre = boxCentre(base);
  return {
    scale,
    x: clampAxis(pan.x, centre.x, base.width * scale, area.left, area.left + area.width),
    y: clampAxis(pan.y, centre.y, base.height * scale, area.top, area.top + area.height),
  };
}

/** The offset along one axis that keeps an image of `size` centred at `centre + offset` as clampPan says. */
function clampAxis(offset: number, centre: number, size: number, start: number, end: number): number {
  // Offsets putting the image's leading edge on the area's start, and its trailing edge on the area's end.
  const atStart = start + size / 2 - centre;
  const atEnd = end - size / 2 - centre;
  return Math.min(Math.max(atStart, atEnd), Math.max(Math.min(atStart, atEnd), offset));
}

/** Steps the scale by `factor` about `point`; near 1 it snaps back to the fitted image. */
export function zoomBy(pan: Pan, factor: number, point: Point, base: Box, area: Box, max: number): Pan {
  const scale = Math.min(max, pan.scale * factor);
  if (scale < FITTED_ENOUGH) return FITTED;
  return clampPan(zoomAt(pan, scale, point, base), base, area, max);
}

export const boxCentre = (box: Box): Point => ({
  x: box.left + box.width / 2,
  y: box.top + box.height / 2,
});

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

export const inside = (point: Point, box: Box): boolean =>
  point.x >= box.left &&
  point.x <= box.left + box.width &&
  point.y >= box.top &&
  point.y <= box.top + box.height;
