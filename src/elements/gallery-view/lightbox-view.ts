// The lightbox's templates, pure functions of what the controller hands them: the toolbar and its icons,
// the media of an item (an image sized never above its natural size, a player, a file), and its English words.
import { html, nothing, type SVGTemplateResult, svg, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { GalleryItem } from '../../api/types.ts';
import { cssProperties } from '../shared/css-properties.ts';
import type { LocalizeController } from '../shared/localize-controller.ts';
import type { LightboxField } from './lightbox-fields.ts';
import { hlsUrl, lightboxVideo, subtitleTracks } from './lightbox-video.ts';
import type { GalleryViewStrings, LightboxStrings } from './locales/en.ts';
import type { ImageSource, imageSource, itemLabel, originalUrl } from './media.ts';

/** English words of the lightbox: they load with it (the element's table holds those of the grid). */
export const english: LightboxStrings = {
  viewer: 'Media viewer',
  position: '{label} ({index} of {count})',
  counter: '{index} / {count}',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  download: 'Download',
  itemLoading: 'Loading…',
  downloadOriginal: 'Download original',
  zoom: 'Zoom',
  fullscreen: 'Full screen',
  slideshow: 'Slideshow',
  subtitles: 'Subtitles',
  subtitlesOff: 'Off',
};

/**
 * What the element lends the lightbox: helpers and event dispatch. This chunk then shares no module with
 * the element's entry, which would otherwise split into one more (separately compressed) file.
 */
export interface LightboxKit {
  imageSource: typeof imageSource;
  itemLabel: typeof itemLabel;
  originalUrl: typeof originalUrl;
  icons: { note: TemplateResult; file: TemplateResult };
  /** The element's words in its current language (the lightbox adds its English ones). */
  localize: LocalizeController<GalleryViewStrings>;
  /** The metadata shown under the item, in order. */
  fields: readonly LightboxField[];
  /** Dispatches `gallery-item-open`; false when a listener cancelled it. */
  opened(index: number, item: GalleryItem): boolean;
  /** Dispatches `gallery-lightbox-close`. */
  closed(rid: string | null): void;
}

/** One metadata line under the item, as text; nothing when the item has no such text. */
export function metaLine(item: GalleryItem | undefined, { name, part, className, prefix }: LightboxField) {
  const value = item?.[name];
  return typeof value === 'string' && value
    ? html`<p part=${part} class=${className ?? nothing}>${prefix ?? ''}${value}</p>`
    : nothing;
}

/** Line icons on a 24 px grid, drawn with the text colour. */
const icon = (paths: SVGTemplateResult) =>
  html`<svg class="glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${paths}</svg>`;

export const icons = {
  previous: icon(svg`<path d="M15 5l-7 7 7 7"/>`),
  next: icon(svg`<path d="M9 5l7 7-7 7"/>`),
  close: icon(svg`<path d="M6 6l12 12M18 6L6 18"/>`),
  zoomIn: icon(svg`<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L20 20M8 10.5h5M10.5 8v5"/>`),
  zoomOut: icon(svg`<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L20 20M8 10.5h5"/>`),
  enterFullscreen: icon(svg`<path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"/>`),
  exitFullscreen: icon(svg`<path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5"/>`),
  download: icon(svg`<path d="M12 4v11M7 10l5 5 5-5M5 20h14"/>`),
  play: icon(svg`<path d="M8 5.5v13l10.5-6.5z"/>`),
  pause: icon(svg`<path d="M9 5v14M15 5v14"/>`),
};

/** A toolbar button: 44 px, labelled, a toggle when `pressed` is given. */
export function tool(options: {
  part: string;
  label: string;
  icon: TemplateResult;
  pressed?: boolean;
  keys?: string;
  autofocus?: boolean;
  onClick: () => void;
}): TemplateResult {
  return html`<button class="tool" part=${options.part} type="button" aria-label=${options.label}
    title=${options.label} aria-pressed=${options.pressed === undefined ? nothing : String(options.pressed)}
    aria-keyshortcuts=${options.keys ?? nothing} ?data-autofocus=${options.autofocus ?? false}
    @click=${options.onClick}>${options.icon}</button>`;
}

/** The original's URL asking the server for an attachment (browsers ignore `download` across origins). */
export function downloadUrl(original: string): string {
  try {
    const url = new URL(original, document.baseURI);
    url.searchParams.set('download', '1');
    return url.href;
  } catch {
    return original;
  }
}

/**
 * The `sizes` of the lightbox image: the width it is shown at, at most its natural width, so the browser
 * picks the smallest version that is sharp at the screen's pixel ratio. The stage is the viewport less
 * the toolbar and caption (96 px is about both; erring large only picks a sharper version). Zoomed, the
 * natural width asks for the original (or the largest version).
 */
export function stageSizes(source: ImageSource, zoomed: boolean): string {
  const { width, height } = source;
  if (!width || !height) return '100vw';
  if (zoomed) return `${width}px`;
  return `min(${width}px, 100vw, (100vh - 96px) * ${(width / height).toFixed(4)})`;
}

/** What the stage shows: the image at screen size, the video from its original, a player, a link. */
export function lightboxMedia(
  item: GalleryItem | undefined,
  kit: LightboxKit,
  zoomed: boolean,
): TemplateResult {
  const { imageSource, itemLabel, originalUrl, icons: fileIcons } = kit;
  if (!item) return html`<p part="lightbox-loading">${kit.localize.words.itemLoading}</p>`;
  const label = itemLabel(item);
  const original = originalUrl(item);
  if (item.type === 'video' && original) {
    return lightboxVideo({
      rid: item.rid,
      label,
      hls: hlsUrl(item),
      original,
      poster: imageSource(item, 1200)?.src,
      tracks: subtitleTracks(item),
      words: kit.localize.words,
      locale: kit.localize.language,
    });
  }
  if (item.type === 'audio' && original) {
    return html`<figure class="icon">
      ${fileIcons.note}<figcaption>${item.filename}</figcaption>
      <audio part="lightbox-audio" src=${original} controls preload="metadata" aria-label=${label}></audio>
    </figure>`;
  }
  const source = item.type === 'image' ? imageSource(item, 1200) : null;
  if (source) {
    const { width, height } = source;
    // Keyed: the next item gets a new <img>, never the previous picture (or its zoom) until it loads.
    return keyed(
      item.rid,
      html`<img
        part="lightbox-image"
        src=${source.src}
        srcset=${source.srcset || nothing}
        sizes=${stageSizes(source, zoomed)}
        width=${width ?? nothing}
        height=${height ?? nothing}
        ?data-sized=${!!(width && height)}
        ${cssProperties(width && height ? { '--w': `${width}px`, '--r': String(width / height) } : {})}
        alt=${label}
        draggable="false"
      />`,
    ) as TemplateResult;
  }
  return html`<div class="icon">
    ${fileIcons.file}<span>${item.filename}</span>
    ${original ? html`<a href=${downloadUrl(original)} download=${item.filename} part="lightbox-download">${kit.localize.words.download}</a>` : nothing}
  </div>`;
}
