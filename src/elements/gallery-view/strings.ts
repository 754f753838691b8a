// The words of <gallery-view> in English (inline, but the lightbox's words live in its own lazy chunk);
// German and French load on demand from locales/.
import type { TableLoaders } from '../shared/i18n.ts';

interface ViewStrings {
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

export const loaders: TableLoaders<GalleryViewStrings> = {
  de: () => import('./locales/de.ts').then((module) => module.de),
  fr: () => import('./locales/fr.ts').then((module) => module.fr),
};
