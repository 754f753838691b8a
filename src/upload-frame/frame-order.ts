// Position arithmetic for reordering the visitor's own items inside a gallery that holds others too.

/**
 * The 1-based gallery position that puts `rid` where `target` is now (before it when moving up,
 * after it when moving down), given the whole gallery order. Undefined when either is missing.
 */
export function positionFor(order: readonly string[], rid: string, target: string): number | undefined {
  const from = order.indexOf(rid);
  const to = order.indexOf(target);
  if (from < 0 || to < 0 || from === to) return undefined;
  return to + 1;
}

/** The order after moving `rid` to the 1-based `position` (what the server does). */
export function moved(order: readonly string[], rid: string, position: number): string[] {
  const rest = order.filter((each) => each !== rid);
  const index = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, index), rid, ...rest.slice(index)];
}
