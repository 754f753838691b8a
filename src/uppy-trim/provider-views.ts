// Stands in for `@uppy/core/provider-views` when the Dashboard is bundled (vite.config.ts). The Dashboard
// imports one thing from it, the default icon of a source plugin that brings none; the module it lives in
// drags in the whole remote-provider browser (about 18 KB gzip) that bundlers cannot drop, because the
// class beside it has a static field read from package.json. We offer no remote providers.
import { h } from 'preact';

/** The same upload-arrow icon as Uppy's. */
export function defaultPickerIcon() {
  return h(
    'svg',
    { 'aria-hidden': 'true', focusable: 'false', width: '30', height: '30', viewBox: '0 0 30 30' },
    h('path', {
      d: 'M15 30c8.284 0 15-6.716 15-15 0-8.284-6.716-15-15-15C6.716 0 0 6.716 0 15c0 8.284 6.716 15 15 15zm4.258-12.676v6.846h-8.426v-6.846H5.204l9.82-12.364 9.82 12.364H19.26z',
    }),
  );
}
