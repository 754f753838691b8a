// Templates of a tile and of the lightbox's content: pure functions of an item. Every text from the
// API goes through Lit text bindings, never innerHTML, so captions cannot inject markup or scripts.
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { GalleryItem } from '../../api/types.ts';
import { imageSource, itemLabel } from './media.ts';

export interface TileOptions {
  layout: 'grid' | 'masonry' | 'list';
  captions: boolean;
  /** The `sizes` attribute: the tile's rendered width. */
  sizes: string;
  /** Spoken before the label of video and audio tiles, in the element's language. */
  kinds: { video: string; audio: string };
  onActivate: (index: number, tile: HTMLElement) => void;
}

export const PLAY = svg`<path d="M8 5v14l11-7z"/>`;
export const NOTE = svg`<path d="M12 3v10.6A4 4 0 1 0 14 17V7h4V3z"/>`;
export const FILE = svg`<path d="M6 2h8l6 6v14H6zm7 1.5V9h5.5z"/>`;
export const icon = (path: TemplateResult) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${path}</svg>`;

/** Placeholder of an item whose page has not arrived yet. */
export function placeholderTile(): TemplateResult {
  return html`<div class="tile placeholder" part="tile placeholder" role="listitem" aria-hidden="true">
    <div class="media"></div>
  </div>`;
}

export function tile(item: GalleryItem, index: number, options: TileOptions): TemplateResult {
  const label = itemLabel(item);
  const kind = item.type === 'video' ? options.kinds.video : item.type === 'audio' ? options.kinds.audio : '';
  const source = item.type === 'image' || item.type === 'video' ? imageSource(item) : null;
  const media = source
    ? html`<img
        part="image"
        src=${source.src}
        srcset=${source.srcset || nothing}
        sizes=${source.srcset ? options.sizes : nothing}
        width=${source.width ?? nothing}
        height=${source.height ?? nothing}
        loading="lazy"
        decoding="async"
        alt=""
        draggable="false"
      />`
    : html`<span class="icon" part="icon">
        ${icon(item.type === 'audio' ? NOTE : FILE)}<span part="filename">${item.filename}</span>
      </span>`;
  const caption = typeof item.caption === 'string' ? item.caption : '';
  const description = typeof item.description === 'string' ? item.description : '';
  const text =
    options.layout === 'list'
      ? html`<div class="text">
          <p part="caption">${caption || item.filename}</p>
          ${description ? html`<p class="description" part="description">${description}</p>` : nothing}
        </div>`
      : options.captions && caption
        ? html`<p class="caption" part="caption">${caption}</p>`
        : nothing;
  return html`<div class="tile" part="tile" role="listitem" data-index=${index} data-rid=${item.rid} data-type=${item.type}>
    <button
      class="media"
      part="tile-button"
      type="button"
      aria-label=${kind ? `${kind}: ${label}` : label}
      @click=${(event: Event) => options.onActivate(index, event.currentTarget as HTMLElement)}
    >
      ${media}
      ${item.type === 'video' ? html`<span class="badge" part="play-badge" aria-hidden="true">${icon(PLAY)}</span>` : nothing}
    </button>
    ${text}
  </div>`;
}
