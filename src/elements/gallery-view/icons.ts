// The icons of tiles and of the lightbox: play, audio and file, as 24 px SVG paths.
import { html, svg, type TemplateResult } from 'lit';

export const PLAY = svg`<path d="M8 5v14l11-7z"/>`;
export const NOTE = svg`<path d="M12 3v10.6A4 4 0 1 0 14 17V7h4V3z"/>`;
export const FILE = svg`<path d="M6 2h8l6 6v14H6zm7 1.5V9h5.5z"/>`;
export const icon = (path: TemplateResult) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${path}</svg>`;
