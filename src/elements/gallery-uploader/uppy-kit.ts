// Everything of Uppy the uploader needs, in one module that the element loads with import() when its
// Dashboard is due: Uppy, the Dashboard, our chunked uploader, their stylesheets, our looks of the Dashboard
// (adopted into the shadow root then; a page-level stylesheet would never reach it) and its line of limits.
import coreCss from '@uppy/core/css/style.min.css?inline';
import dashboardCss from '@uppy/dashboard/css/style.min.css?inline';

export { default as Uppy } from '@uppy/core';
export { default as Dashboard } from '@uppy/dashboard';
export { default as ChunkedUpload } from '../../chunked-upload/plugin.ts';
export { dashboardStyles } from './dashboard.styles.ts';
export { limitsHint } from './limits-hint.ts';

export const uppyCss = `${coreCss}\n${dashboardCss}`;
