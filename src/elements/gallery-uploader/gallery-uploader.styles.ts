// Styles of <gallery-uploader>: our theme variables, laid over the Dashboard's colours once Uppy's own
// stylesheets (uppy-kit.ts) are adopted before them, and the box that holds the Dashboard's place until then.
import { css, unsafeCSS } from 'lit';

/** An arrow rising out of a tray (24 px grid, stroked), used as a mask so it takes the theme's colour. */
const UPLOAD_ICON = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="1.6" ' +
    'stroke-linecap="round" stroke-linejoin="round"><path d="M12 15V4M7.5 8.5 12 4l4.5 4.5"/>' +
    '<path d="M4 14.5v3.5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3.5"/></svg>',
)}")`;

const hostStyles = css`
  :host {
    --gallery-uploader-background: #ffffff;
    --gallery-uploader-color: #1f2329;
    --gallery-uploader-muted: #525a66;
    --gallery-uploader-border: #c7ccd4;
    --gallery-uploader-accent: #1a5fc8;
    --gallery-uploader-error: #b42318;
    --gallery-uploader-radius: 8px;
    --gallery-uploader-height: 420px;
    --gallery-uploader-focus: 2px solid var(--gallery-uploader-accent);
    color-scheme: light;
    display: block;
    /* The drop zone's height follows the element's own width, not the viewport's. */
    container-type: inline-size;
    color: var(--gallery-uploader-color);
    font-family: var(--gallery-font-family, system-ui, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    color-scheme: dark;
    --gallery-uploader-background: #1f2329;
    --gallery-uploader-color: #eef0f3;
    --gallery-uploader-muted: #b6bcc6;
    --gallery-uploader-border: #3d444f;
    --gallery-uploader-accent: #7fb0ff;
    --gallery-uploader-error: #ff9a8f;
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      color-scheme: dark;
      --gallery-uploader-background: #1f2329;
      --gallery-uploader-color: #eef0f3;
      --gallery-uploader-muted: #b6bcc6;
      --gallery-uploader-border: #3d444f;
      --gallery-uploader-accent: #7fb0ff;
      --gallery-uploader-error: #ff9a8f;
    }
  }

  .dashboard {
    --_empty-height: var(--gallery-uploader-empty-height, var(--gallery-uploader-height));
    --_drop-background: var(
      --gallery-uploader-drop-background,
      color-mix(in srgb, var(--gallery-uploader-accent) 4%, var(--gallery-uploader-background))
    );
  }
  /* On a phone 420 px of empty drop zone is mostly blank screen: the zone stays compact until files come. */
  @container (max-width: 479px) {
    .dashboard {
      --_empty-height: var(--gallery-uploader-empty-height, 240px);
    }
  }
  /* Until Uppy has loaded, an empty box of the empty Dashboard's size keeps the page from jumping. */
  .dashboard:empty {
    box-sizing: border-box;
    height: var(--_empty-height);
    border: 1px dashed var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
    background: var(--gallery-uploader-background);
  }
  /* The Dashboard sets its size inline; the variable lets a page choose it without a property. */
  .dashboard .uppy-Dashboard-inner {
    width: 100% !important;
    height: var(--gallery-uploader-height) !important;
    background-color: var(--gallery-uploader-background);
    border-color: var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
  }
  .dashboard .uppy-Dashboard-AddFiles-title,
  .dashboard .uppy-DashboardContent-title {
    color: var(--gallery-uploader-color);
  }
  .dashboard .uppy-Dashboard-browse,
  .dashboard .uppy-DashboardContent-addMore,
  .dashboard .uppy-DashboardContent-back {
    color: var(--gallery-uploader-accent);
  }
  /* Uppy's green upload button in both themes gives way to the accent, as every other button does. */
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload,
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload:hover {
    background-color: var(--gallery-uploader-accent);
    color: var(--gallery-uploader-background);
  }
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload:hover {
    filter: brightness(0.92);
  }

  /* The status bar's buttons float over its right end: long progress text ends in an ellipsis before them
     instead of running under them on a phone. */
  .dashboard .uppy-StatusBar.is-uploading .uppy-StatusBar-content {
    min-width: 0;
    padding-inline-end: 4.5rem;
  }
  .dashboard .uppy-StatusBar-status,
  .dashboard .uppy-StatusBar-statusSecondary {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  /* The empty Dashboard: one dashed, faintly tinted drop zone (no frame around it), its content centred:
     an upload icon, the main line, then the note and the limits. */
  .dashboard .uppy-Dashboard-inner:has(> .uppy-Dashboard-innerWrap > .uppy-Dashboard-AddFiles) {
    height: var(--_empty-height) !important;
    border-color: transparent;
  }
  .dashboard .uppy-Dashboard-innerWrap > .uppy-Dashboard-AddFiles {
    box-sizing: border-box;
    height: 100%;
    margin: 0;
    padding: 1rem;
    gap: 0.35rem;
    border: 1.5px dashed var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
    background: var(--_drop-background);
  }
  .dashboard .uppy-Dashboard-innerWrap > .uppy-Dashboard-AddFiles:hover {
    border-color: var(--gallery-uploader-accent);
  }
  .dashboard .uppy-Dashboard-AddFiles-title {
    margin: 0;
    padding: 0 1rem;
    font-size: 1.0625rem;
    font-weight: 500;
    line-height: 1.4;
  }
  .dashboard .uppy-Dashboard-AddFiles-title .uppy-Dashboard-browse {
    font-weight: 500;
  }
  /* The icon is a mask, so it takes the theme's colour. */
  .dashboard .uppy-Dashboard-innerWrap > .uppy-Dashboard-AddFiles .uppy-Dashboard-AddFiles-title::before {
    content: '';
    display: block;
    width: 2.5rem;
    height: 2.5rem;
    margin: 0 auto 0.75rem;
    background-color: var(--gallery-uploader-icon-color, var(--gallery-uploader-accent));
    mask: ${unsafeCSS(UPLOAD_ICON)} center / contain no-repeat;
  }
  /* Uppy shows its note only in tall Dashboards, pinned to the bottom edge; ours sits under the title. */
  .dashboard .uppy-Dashboard-AddFiles-info {
    display: block;
    position: static;
    margin: 0;
    padding: 0;
  }
  /* The list of sources (camera, screen) grows to fill the zone; without any it must take no room. */
  .dashboard .uppy-Dashboard-AddFiles-list:not(:has(button)) {
    display: none;
  }
  .dashboard .uppy-Dashboard-note {
    max-width: 36rem;
    padding: 0 1rem;
    font-size: 0.875rem;
    line-height: 1.45;
    white-space: pre-line;
  }
  /* The Dashboard has no colour variables, only its own [data-uppy-theme=dark] rules (set from our theme
     attribute); these rules come later with the same specificity, so our properties win in both themes. */
  .dashboard .uppy-Dashboard-AddFiles {
    border-color: var(--gallery-uploader-border);
  }
  .dashboard .uppy-Dashboard-note,
  .dashboard .uppy-Dashboard-Item-status,
  .dashboard .uppy-Dashboard-dropFilesHereHint {
    color: var(--gallery-uploader-muted);
  }
  .dashboard .uppy-Dashboard-Item-name,
  .dashboard .uppy-Dashboard-FileCard-label,
  .dashboard .uppy-DashboardContent-bar,
  .dashboard .uppy-StatusBar {
    color: var(--gallery-uploader-color);
  }
  .dashboard .uppy-DashboardContent-bar,
  .dashboard .uppy-Dashboard-FileCard-actions,
  .dashboard .uppy-Dashboard-FileCard-info,
  .dashboard .uppy-DashboardContent-panelBody,
  .dashboard .uppy-StatusBar {
    background-color: var(--gallery-uploader-background);
    border-color: var(--gallery-uploader-border);
  }
  .dashboard .uppy-Dashboard-FileCard-input {
    background-color: var(--gallery-uploader-background);
    color: var(--gallery-uploader-color);
    border-color: var(--gallery-uploader-border);
  }
  :focus-visible,
  .dashboard .uppy-u-reset:focus-visible {
    outline: var(--gallery-uploader-focus);
    outline-offset: 2px;
  }

  .retrying {
    margin: 0.5rem 0 0;
    color: var(--gallery-uploader-muted);
  }
  .retrying[hidden] {
    display: none;
  }
  .errors {
    margin: 0.5rem 0 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--gallery-uploader-error);
    border-radius: var(--gallery-uploader-radius);
    background: var(--gallery-uploader-background);
    color: var(--gallery-uploader-error);
  }
  .errors h2 {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  .errors ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
  .errors button,
  .url-form button {
    font: inherit;
    min-height: 2.25rem;
    padding: 0 0.9rem;
    border-radius: 6px;
    border: 1px solid var(--gallery-uploader-border);
    background: var(--gallery-uploader-background);
    color: var(--gallery-uploader-color);
    cursor: pointer;
  }
  /* "Upload from a URL": one row under the Dashboard, in its type size; it wraps on narrow screens. */
  .url-form {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 0.75rem;
    margin: 0.75rem 0 0;
    padding: 0.625rem 0.75rem;
    border: 1px solid var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
    background: var(--gallery-uploader-background);
    font-size: 0.875rem;
    line-height: 1.4;
  }
  .url-label {
    flex: none;
    font-weight: 500;
  }
  .url-form input {
    box-sizing: border-box;
    min-width: 0;
    min-height: 2.25rem;
    font: inherit;
    padding: 0 0.6rem;
    border: 1px solid var(--gallery-uploader-border);
    border-radius: 6px;
    background: var(--gallery-uploader-background);
    color: var(--gallery-uploader-color);
  }
  .url-form input::placeholder {
    color: var(--gallery-uploader-muted);
  }
  #url-input {
    flex: 3 1 13rem;
  }
  .url-caption {
    flex: 2 1 9rem;
  }
  .url-form button {
    flex: none;
  }
  .url-form button[type='submit'] {
    background: var(--gallery-uploader-accent);
    border-color: var(--gallery-uploader-accent);
    color: var(--gallery-uploader-background);
    font-weight: 500;
  }
  .url-status {
    flex-basis: 100%;
    color: var(--gallery-uploader-muted);
  }
  .url-status progress {
    display: block;
    width: 100%;
    margin-bottom: 0.25rem;
    accent-color: var(--gallery-uploader-accent);
  }
`;

export const uploaderStyles = hostStyles;
