// Styles of <gallery-uploader> before Uppy loads: the theme's custom properties, the box that holds the
// empty Dashboard's place, the error list and the URL row. The Dashboard's own looks under the theme come
// with it (dashboard.styles.ts).
import { css } from 'lit';

// The element is the container of its queries: the drop zone's height follows the element's own width,
// not the viewport's.
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
`;

// On a phone 420 px of empty drop zone is mostly blank screen: the zone stays compact until files come.
// Until Uppy has loaded, a box of the empty Dashboard's size and look keeps the page from jumping.
const placeholder = css`
  .dashboard {
    --_empty-height: var(--gallery-uploader-empty-height, var(--gallery-uploader-height));
    --_drop-background: var(
      --gallery-uploader-drop-background,
      color-mix(in srgb, var(--gallery-uploader-accent) 4%, var(--gallery-uploader-background))
    );
  }
  @container (max-width: 479px) {
    .dashboard {
      --_empty-height: var(--gallery-uploader-empty-height, 240px);
    }
  }
  .dashboard:empty {
    box-sizing: border-box;
    height: var(--_empty-height);
    border: 1.5px dashed var(--gallery-uploader-border);
    border-radius: var(--gallery-uploader-radius);
    background: var(--_drop-background);
  }
`;

const ownParts = css`
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
`;

// "Upload from a URL": one row under the Dashboard, in its type size; it wraps on narrow screens.
const urlRow = css`
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

export const uploaderStyles = [hostStyles, placeholder, ownParts, urlRow];
