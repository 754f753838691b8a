// Draws a tile of the grid: templates that are pure functions of an item. Every text from the API goes
// through Lit text bindings, never innerHTML, so captions cannot inject markup or scripts. Loaded with
// the virtualizer (layout.ts): nothing draws a tile before it.
import { html, nothing, render, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { GalleryItem } from '../../api/types.ts';
import { FILE, icon, NOTE, PLAY } from './icons.ts';
import { clockTime, imageSource, itemLabel } from './media.ts';

export interface TileOptions {
  layout: 'grid' | 'masonry' | 'list';
  captions: boolean;
  /** The `sizes` attribute: the tile's rendered width. */
  sizes: string;
  /** Spoken before the label of video and audio tiles, in the element's language. */
  kinds: { video: string; audio: string };
  onActivate: (index: number, tile: HTMLElement) => void;
}

const placeholder = html`<div class="media"></div>`;

/**
 * Draws an item, or the placeholder of one whose page has not arrived, into a tile element. The element
 * is reused for other items as the grid scrolls (recycle.ts), so every attribute of the tile is set here.
 * A `hurried` tile (passing by in a fling) shows its caption but not yet its image.
 */
export function drawTile(
  element: HTMLElement,
  item: GalleryItem | undefined,
  index: number,
  options: TileOptions,
  hurried = false,
): void {
  setAttributes(element, {
    class: item ? 'tile' : 'tile placeholder',
    part: item ? 'tile' : 'tile placeholder',
    role: 'listitem',
    'aria-hidden': item ? null : 'true',
    'data-index': String(index),
    'data-rid': item ? item.rid : null,
    'data-type': item ? item.type : null,
  });
  render(item ? tile(item, index, options, hurried) : placeholder, element);
}

function setAttributes(element: HTMLElement, attributes: Record<string, string | null>): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/**
 * The picture of an image or video tile: none yet while hurried, an icon when the item has no stills.
 * Keyed by item: a reused tile gets a new <img> rather than a new src, since Chromium keeps painting the
 * old picture until the new one has loaded, and a fast scroll would show the previous item's photo.
 */
function picture(item: GalleryItem, options: TileOptions, hurried: boolean): unknown {
  if (hurried) return nothing;
  const source = imageSource(item);
  if (!source) return fileIcon(item);
  return keyed(
    item.rid,
    html`<img
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
    />`,
  );
}

function fileIcon(item: GalleryItem): TemplateResult {
  return html`<span class="icon" part="icon">
    ${icon(item.type === 'audio' ? NOTE : FILE)}<span part="filename">${item.filename}</span>
  </span>`;
}

/** The inside of an item's tile. */
function tile(item: GalleryItem, index: number, options: TileOptions, hurried: boolean): TemplateResult {
  const label = itemLabel(item);
  const kind = item.type === 'video' ? options.kinds.video : item.type === 'audio' ? options.kinds.audio : '';
  const media =
    item.type === 'image' || item.type === 'video' ? picture(item, options, hurried) : fileIcon(item);
  const caption = typeof item.caption === 'string' ? item.caption : '';
  // A video's or a sound's length, once the server has read it: on the tile and in its name.
  const length =
    kind && typeof item.duration === 'number' && item.duration > 0 ? clockTime(item.duration) : '';
  const name = kind ? `${kind}: ${label}${length ? `, ${length}` : ''}` : label;
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
  return html`<button
      class="media"
      part="tile-button"
      type="button"
      aria-label=${name}
      @click=${(event: Event) => options.onActivate(index, event.currentTarget as HTMLElement)}
    >
      ${media}
      ${item.type === 'video' ? html`<span class="badge" part="play-badge" aria-hidden="true">${icon(PLAY)}</span>` : nothing}
      ${length ? html`<span class="duration" part="duration" aria-hidden="true">${length}</span>` : nothing}
    </button>
    ${text}`;
}
