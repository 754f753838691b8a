// The script-tag entry: registers <gallery-uploader>, <gallery-view> and <live-player>, loading each
// element's code only when the page uses it, and the rest once the page is idle.
//
// Why a loader: the uploader carries Uppy and the player hls.js; a page that shows one gallery should
// not download them before its first paint. This file has no static imports or exports, so the built
// bundle also runs as a classic `<script src>` (dynamic import() resolves against the script's URL).

type Loader = () => Promise<unknown>;

const LOADERS: Record<string, Loader> = {
  'gallery-view': () => import('./elements/gallery-view/define.ts'),
  'live-player': () => import('./elements/live-player/define.ts'),
  'gallery-uploader': () => import('./elements/gallery-uploader/define.ts'),
};

const started = new Map<string, Promise<unknown>>();

function load(tag: string): Promise<unknown> {
  let loading = started.get(tag);
  if (!loading) {
    const loader = LOADERS[tag];
    loading = loader ? loader() : Promise.resolve();
    started.set(tag, loading);
  }
  return loading;
}

/** Loads the elements used under `root` now. */
function discover(root: ParentNode): void {
  for (const tag of Object.keys(LOADERS)) if (root.querySelector(tag)) void load(tag);
}

if (typeof window !== 'undefined' && typeof customElements !== 'undefined') {
  discover(document);
  // Elements added later (by an app, a router) load when they appear.
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const tag = node.localName;
        if (tag in LOADERS) void load(tag);
        discover(node);
      }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // Then register the rest, so customElements.get() answers for all three without delaying the page.
  const idle = (callback: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(callback) : setTimeout(callback, 200);
  const rest = () => idle(() => Object.keys(LOADERS).forEach((tag) => void load(tag)));
  if (document.readyState === 'complete') rest();
  else window.addEventListener('load', rest, { once: true });
}
