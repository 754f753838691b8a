// Tunes a virtualizer of @lit-labs/virtualizer 2.1.1 (pinned) whose children the recycler (recycle.ts)
// keeps in an array in index order, the same elements in the same order as the host's element children
// (the sizer aside). The first two changes only save work: the stock methods give the same result.
//
// The stock class, on every scroll frame (bench/gallery-10k): its `_children` getter walks the host's
// children, and `_positionChildren` reads that getter once per child, so a pass was quadratic in the
// tiles (20+ ms a frame on a 6-column grid); and it writes seven style properties on every child each
// pass, also on tiles that stay where they are, so the browser recomputed the styles of all of them.
//
// A third change fixes a fault: when the window changes width, the stock class re-lays the grid in a
// microtask of its own ResizeObserver's delivery; the grid's new height resizes the document, which that
// same observer also watches, within the same delivery, and the browser reports "ResizeObserver loop
// completed with undelivered notifications". The patched class re-lays on the next frame instead.

/** The rendered tiles: `elements[i]` shows item `first + i`. */
export interface TileRange {
  first: number;
  elements: readonly HTMLElement[];
}

interface ChildPosition {
  top: number;
  left: number;
  width?: number;
  height?: number;
  xOffset?: number;
  yOffset?: number;
}

/** Replaces two methods on the instance itself (own properties shadow the class's). */
export function patchVirtualizer(instance: object, tiles: () => TileRange): void {
  deferHostResize(instance as HostResizing);
  // What each tile was last placed at, for this virtualizer: an equal key means its styles are right.
  const placedAt = new WeakMap<HTMLElement, string>();
  Object.defineProperty(instance, '_children', {
    configurable: true,
    get: () => tiles().elements,
  });
  Object.defineProperty(instance, '_positionChildren', {
    configurable: true,
    writable: true,
    value: (positions: Map<number, ChildPosition> | null) => {
      if (!positions) return;
      const { first, elements } = tiles();
      positions.forEach(({ top, left, width, height, xOffset, yOffset }, index) => {
        const child = elements[index - first];
        if (!child) return;
        const key = `${left} ${top} ${width} ${height} ${xOffset} ${yOffset}`;
        if (placedAt.get(child) === key) return;
        placedAt.set(child, key);
        const style = child.style;
        style.position = 'absolute';
        style.boxSizing = 'border-box';
        style.transform = `translate(${left}px, ${top}px)`;
        if (width !== undefined) style.width = `${width}px`;
        if (height !== undefined) style.height = `${height}px`;
        style.left = xOffset === undefined ? '' : `${xOffset}px`;
        style.top = yOffset === undefined ? '' : `${yOffset}px`;
      });
    },
  });
}

interface HostResizing {
  _hostElementSizeChanged(): void;
}

/** Runs the stock reaction to a resize of the grid or its scroller on the next frame, once per frame. */
function deferHostResize(instance: HostResizing): void {
  const relayout = instance._hostElementSizeChanged.bind(instance);
  let frame = 0;
  Object.defineProperty(instance, '_hostElementSizeChanged', {
    configurable: true,
    writable: true,
    value: () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        relayout();
      });
    },
  });
}
