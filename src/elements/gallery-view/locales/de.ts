// German words of <gallery-view> (a lazy chunk: only pages in German load it).
import type { GalleryViewStrings } from './en.ts';

export const de: GalleryViewStrings = {
  loading: 'Galerie wird geladen…',
  loadingMore: 'Weitere Einträge werden geladen…',
  empty: 'Diese Galerie ist leer.',
  itemsOne: '{count} Eintrag',
  itemsOther: '{count} Einträge',
  forbidden: 'Sie dürfen diese Galerie nicht sehen.',
  notFound: 'Diese Galerie gibt es nicht.',
  network: 'Die Galerie ist nicht erreichbar. Bitte Verbindung prüfen und erneut versuchen.',
  failed: 'Die Galerie konnte nicht geladen werden ({message}).',
  retry: 'Erneut versuchen',
  gallery: 'Galerie',
  video: 'Video',
  audio: 'Audio',
  viewer: 'Medienansicht',
  position: '{label} ({index} von {count})',
  counter: '{index} / {count}',
  previous: 'Zurück',
  next: 'Weiter',
  close: 'Schließen',
  download: 'Herunterladen',
  itemLoading: 'Wird geladen…',
};
