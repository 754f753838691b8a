// Repairs an accessibility gap of Uppy's Dashboard: with exactly one file its list container loses
// role="list" while the file keeps role="listitem" (axe: aria-required-parent).

/** Keeps role="list" on the Dashboard's file container; returns the function that stops watching. */
export function keepFileListRole(root: HTMLElement): () => void {
  const repair = () => {
    for (const list of root.querySelectorAll('.uppy-Dashboard-files:not([role])')) {
      list.setAttribute('role', 'list');
    }
  };
  // Preact leaves attributes it never set alone, so the repair survives the Dashboard's re-renders.
  const observer = new MutationObserver(repair);
  observer.observe(root, { childList: true, subtree: true });
  repair();
  return () => observer.disconnect();
}
