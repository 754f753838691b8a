// Styles of the frame's list of own uploads: touch-sized controls, no horizontal overflow at 360 px.
import { css } from 'lit';

export const frameItemsStyles = css`
  :host {
    display: block;
  }
  /* The page's border-box rule stops at the shadow root: without this a 100%-wide field plus its padding
     and border sticks out of its row. */
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
  }
  li {
    display: grid;
    grid-template-columns: 72px minmax(0, 1fr);
    gap: 0.5rem 0.75rem;
    padding: 0.5rem;
    border: 1px solid var(--frame-border, #d0d4da);
    border-radius: 8px;
    background: var(--frame-bg, #fff);
  }
  li.dragging {
    opacity: 0.5;
  }
  li.drop-target {
    border-color: var(--frame-accent, #1a66d2);
    border-style: dashed;
  }
  .thumb {
    width: 72px;
    height: 54px;
    object-fit: cover;
    border-radius: 4px;
    background: var(--frame-border, #d0d4da);
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .fields {
    grid-column: 1 / -1;
    display: grid;
    gap: 0.5rem;
  }
  label {
    display: grid;
    gap: 0.25rem;
    font-size: 0.875rem;
  }
  input,
  textarea {
    font: inherit;
    width: 100%;
    min-height: 44px;
    padding: 0.5rem;
    border: 1px solid var(--frame-border, #d0d4da);
    border-radius: 4px;
    background: transparent;
    color: inherit;
  }
  .actions {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  button {
    font: inherit;
    min-height: 44px;
    min-width: 44px;
    padding: 0 0.75rem;
    border: 1px solid var(--frame-border, #d0d4da);
    border-radius: 6px;
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible,
  input:focus-visible,
  textarea:focus-visible,
  li:focus-visible {
    outline: 2px solid var(--frame-accent, #1a66d2);
    outline-offset: 2px;
  }
  button[disabled] {
    opacity: 0.5;
    cursor: default;
  }
  .status {
    min-height: 1.25rem;
    font-size: 0.875rem;
    color: var(--frame-muted, #5f6368);
  }
  .error {
    color: #b3261e;
  }
`;
