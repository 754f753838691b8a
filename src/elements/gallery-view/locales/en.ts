// The words of <gallery-view> in English (inline in its chunk, but the lightbox's English lives in its own
// lazy chunk) and the shape of every language's table.

export interface ViewStrings {
  loading: string;
  loadingMore: string;
  empty: string;
  itemsOne: string;
  itemsOther: string;
  forbidden: string;
  notFound: string;
  network: string;
  failed: string;
  retry: string;
  gallery: string;
  video: string;
  audio: string;
}

/** The lightbox's words: English in lightbox.ts, the other languages in their locale table. */
export interface LightboxStrings {
  viewer: string;
  position: string;
  counter: string;
  previous: string;
  next: string;
  close: string;
  download: string;
  itemLoading: string;
  /** The lightbox toolbar's controls. */
  downloadOriginal: string;
  zoom: string;
  fullscreen: string;
  slideshow: string;
  /** A video's subtitle menu and its choice of none. */
  subtitles: string;
  subtitlesOff: string;
}

export type GalleryViewStrings = ViewStrings & LightboxStrings;

export const en = {
  loading: 'Loading gallery…',
  loadingMore: 'Loading more items…',
  empty: 'This gallery is empty.',
  itemsOne: '{count} item',
  itemsOther: '{count} items',
  forbidden: 'You are not allowed to see this gallery.',
  notFound: 'This gallery does not exist.',
  network: 'The gallery could not be reached. Check the connection and try again.',
  failed: 'The gallery could not be loaded ({message}).',
  retry: 'Try again',
  gallery: 'Gallery',
  video: 'Video',
  audio: 'Audio',
} satisfies ViewStrings as GalleryViewStrings;
