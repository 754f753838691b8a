// Picks what a tile or the lightbox shows from an item's versions: srcset candidates, sizes, poster,
// intrinsic size and a text label. Plain functions so the rules are testable without the element.
import type { AssetVersion, GalleryItem } from '../../api/types.ts';

export interface ImageSource {
  src: string;
  /** `url 600w, …` or '' when no version has a known width. */
  srcset: string;
  width: number | undefined;
  height: number | undefined;
}

/** Versions that are no picture: the file itself, a video's HLS renditions, a subtitle's WebVTT. */
const NOT_STILL = new Set(['original', 'hls', 'vtt']);

/** A stills-capable version: the generated JPEGs (for videos: frames of the poster), with a width. */
const isStill = (name: string, version: AssetVersion | undefined): version is AssetVersion =>
  !!version?.url && !NOT_STILL.has(name);

/**
 * Candidates for an image or a video's poster, smallest first. The original joins for images only
 * (a video's original is the video). Versions without a width cannot be described in a srcset.
 */
export function imageSource(item: GalleryItem, preferWidth = 600): ImageSource | null {
  // Tiles re-render on every scroll range change: compute each item's sources once while it is near.
  const byWidth = cache.get(item);
  const cached = byWidth?.get(preferWidth);
  if (byWidth && cached !== undefined) {
    // Most recently used last, so the oldest entry is the first one to drop.
    cache.delete(item);
    cache.set(item, byWidth);
    return cached;
  }
  const source = computeSource(item, preferWidth);
  const entry = byWidth ?? new Map<number, ImageSource | null>();
  entry.set(preferWidth, source);
  cache.set(item, entry);
  if (cache.size > CACHE_ITEMS) cache.delete(cache.keys().next().value as GalleryItem);
  return source;
}

/**
 * Sources of the items used lately, not of every item ever seen: a srcset is a few hundred bytes, and
 * keeping one for each of 10,000 items held a quarter of the page's live heap after a scroll to the end
 * (13.4 MB, now 10.0 MB; bench/gallery-10k), which every major collection marks. A few screens of tiles
 * fit many times over.
 */
const CACHE_ITEMS = 1000;
const cache = new Map<GalleryItem, Map<number, ImageSource | null>>();

function computeSource(item: GalleryItem, preferWidth: number): ImageSource | null {
  const versions = (item.versions ?? {}) as Record<string, AssetVersion | undefined>;
  const stills: AssetVersion[] = [];
  for (const [name, version] of Object.entries(versions)) if (isStill(name, version)) stills.push(version);
  const original = versions.original;
  if (item.type === 'image' && original?.url) stills.push(original);
  if (stills.length === 0 && item.thumbnail?.url) stills.push({ ...item.thumbnail, filesize: 0 });
  if (stills.length === 0) return null;

  const sized = stills.filter((v) => (v.width ?? 0) > 0).sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  // One candidate per width: the browser needs distinct descriptors.
  const unique = sized.filter((v, i) => i === 0 || v.width !== sized[i - 1]?.width);
  const fallback = unique.find((v) => (v.width ?? 0) >= preferWidth) ?? unique.at(-1) ?? stills[0]!;
  const { width, height } = intrinsicSize(item, unique.at(-1));
  return {
    src: fallback.url,
    srcset: unique.map((v) => `${v.url} ${v.width}w`).join(', '),
    width,
    height,
  };
}

/** Width and height to reserve the box with (the asset's own, else its largest version's). */
function intrinsicSize(
  item: GalleryItem,
  largest: AssetVersion | undefined,
): { width: number | undefined; height: number | undefined } {
  const w = item.width ?? largest?.width ?? undefined;
  const h = item.height ?? largest?.height ?? undefined;
  return w && h ? { width: w, height: h } : { width: undefined, height: undefined };
}

/** Width / height, 1 when unknown (used by the masonry layout before the image arrives). */
export function aspectRatio(item: GalleryItem | undefined): number {
  if (!item) return 1;
  const source = imageSource(item);
  const ratio = source?.width && source.height ? source.width / source.height : 1;
  // Extremely thin panoramas would make unusable tiles.
  return Math.min(4, Math.max(0.25, ratio));
}

/** The text that names an item: its caption, else its file name. */
export function itemLabel(item: GalleryItem): string {
  return (typeof item.caption === 'string' && item.caption.trim()) || item.filename || item.rid;
}

/** The URL of the original file (what the lightbox plays or offers for download). */
export function originalUrl(item: GalleryItem): string | undefined {
  return (item.versions as Record<string, AssetVersion | undefined> | undefined)?.original?.url;
}

/** A duration as a clock reads it: `0:07`, `3:25`, `1:02:03`. */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
