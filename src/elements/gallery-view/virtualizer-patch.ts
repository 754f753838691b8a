// Works around @lit-labs/virtualizer 2.1.1 (pinned): `_positionChildren` reads the `_children` getter,
// a walk over every rendered child, once per child. That is quadratic in the tiles on screen and cost
// 20+ ms per scroll frame on a 6-column grid (bench/gallery-10k); one walk per pass is enough.
// The class is not exported; its instance hangs on the host element under the exported `virtualizerRef`.

type Positioner = ((this: object, positions: unknown) => void) & { once?: true };

export function patchVirtualizer(instance: object | undefined): void {
  if (!instance) return;
  const proto = Object.getPrototypeOf(instance) as { _positionChildren?: Positioner };
  const original = proto._positionChildren;
  // A later release may rename or fix it: then there is nothing to do.
  if (typeof original !== 'function' || original.once) return;
  const patched: Positioner = function (this: object, positions: unknown) {
    const children = (this as { _children: Element[] })._children;
    // An own property shadows the prototype getter for this one pass.
    Object.defineProperty(this, '_children', { value: children, configurable: true });
    try {
      original.call(this, positions);
    } finally {
      delete (this as { _children?: Element[] })._children;
    }
  };
  patched.once = true;
  proto._positionChildren = patched;
}
