// Styles of <gallery-uploader>: our theme variables, laid over the Dashboard's colours once Uppy's own
// stylesheets (uppy-kit.ts) are adopted before them, and the box that holds the Dashboard's place until then.
import { css } from 'lit';

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

  /* Until Uppy has loaded, an empty box of the Dashboard's size keeps the page from jumping. */
  .dashboard:empty {
    box-sizing: border-box;
    height: var(--gallery-uploader-height);
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
  .dashboard .uppy-StatusBar-actionBtn--upload {
    background-color: var(--gallery-uploader-accent);
    color: var(--gallery-uploader-background);
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
    padding: 0.35rem 0.75rem;
    border-radius: 6px;
    border: 1px solid var(--gallery-uploader-border);
    background: var(--gallery-uploader-background);
    color: var(--gallery-uploader-color);
    cursor: pointer;
  }
  .url-form {
    margin: 0.75rem 0 0;
    padding: 0.5rem 0.75rem 0.75rem;
    border: 1px solid var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
    background: var(--gallery-uploader-background);
  }
  .url-form legend {
    padding: 0 0.25rem;
  }
  .url-form .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: end;
  }
  .url-form label {
    display: grid;
    gap: 0.2rem;
    flex: 1 1 14rem;
    color: var(--gallery-uploader-muted);
  }
  .url-form input {
    font: inherit;
    padding: 0.35rem 0.5rem;
    border: 1px solid var(--gallery-uploader-border);
    border-radius: 6px;
    background: var(--gallery-uploader-background);
    color: var(--gallery-uploader-color);
  }
  .url-form button[type='submit'] {
    background: var(--gallery-uploader-accent);
    border-color: var(--gallery-uploader-accent);
    color: var(--gallery-uploader-background);
  }
  .url-status {
    margin: 0.5rem 0 0;
  }
  .url-status progress {
    width: 100%;
  }
`;

export const uploaderStyles = hostStyles;
