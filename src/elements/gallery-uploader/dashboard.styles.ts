// The Dashboard's looks under our theme: colours and sizes from the element's custom properties, the empty
// drop zone (icon, main line, note and limits, centred), the status bar. Adopted after Uppy's own sheets,
// with the Dashboard (uppy-kit.ts), so they weigh nothing before Uppy loads; each rule here has the same
// specificity as Uppy's or more, and comes later, so it wins in both themes.
import { css, unsafeCSS } from 'lit';

/** An arrow rising out of a tray (24 px grid, stroked), used as a mask so it takes the theme's colour. */
const UPLOAD_ICON = unsafeCSS(
  `url("data:image/svg+xml,${encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="1.6" ' +
      'stroke-linecap="round" stroke-linejoin="round"><path d="M12 15V4M7.5 8.5 12 4l4.5 4.5"/>' +
      '<path d="M4 14.5v3.5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3.5"/></svg>',
  )}")`,
);

// The Dashboard sets its size inline; the variable lets a page choose it without a property.
const sizeAndColours = css`
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
`;

// Uppy's green upload button in both themes gives way to the accent, as every other button does.
const uploadButton = css`
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload,
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload:hover {
    background-color: var(--gallery-uploader-accent);
    color: var(--gallery-uploader-background);
  }
  .dashboard .uppy-StatusBar.is-waiting .uppy-StatusBar-actionBtn--upload:hover {
    filter: brightness(0.92);
  }
`;

// The status bar's buttons float over its right end: long progress text ends in an ellipsis before them
// instead of running under them on a phone.
const statusBar = css`
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
`;

// The empty Dashboard: one dashed, faintly tinted drop zone (no frame around it), its content centred: an
// upload icon, the main line, then the note and the limits.
const emptyZone = css`
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
`;

// The icon is a mask, so it takes the theme's colour.
const icon = css`
  .dashboard .uppy-Dashboard-innerWrap > .uppy-Dashboard-AddFiles .uppy-Dashboard-AddFiles-title::before {
    content: '';
    display: block;
    width: 2.5rem;
    height: 2.5rem;
    margin: 0 auto 0.75rem;
    background-color: var(--gallery-uploader-icon-color, var(--gallery-uploader-accent));
    mask: ${UPLOAD_ICON} center / contain no-repeat;
  }
`;

// Uppy shows its note only in tall Dashboards, pinned to the bottom edge; ours sits under the title.
const note = css`
  .dashboard .uppy-Dashboard-AddFiles-info {
    display: block;
    position: static;
    margin: 0;
    padding: 0;
  }
`;

// The list of sources (camera, screen) grows to fill the zone; without any it must take no room.
const sources = css`
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
`;

// The Dashboard has no colour variables, only its own [data-uppy-theme=dark] rules (set from our theme
// attribute); these rules come later with the same specificity, so our properties win in both themes.
const colours = css`
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
`;

export const dashboardStyles = [
  sizeAndColours,
  uploadButton,
  statusBar,
  emptyZone,
  icon,
  note,
  sources,
  colours,
];
