// French words of <gallery-view> (a lazy chunk: only pages in French load it).
import type { GalleryViewStrings } from './en.ts';

export const fr: GalleryViewStrings = {
  loading: 'Chargement de la galerie…',
  loadingMore: 'Chargement d’autres éléments…',
  empty: 'Cette galerie est vide.',
  itemsOne: '{count} élément',
  itemsOther: '{count} éléments',
  forbidden: 'Vous n’êtes pas autorisé à voir cette galerie.',
  notFound: 'Cette galerie n’existe pas.',
  network: 'La galerie est injoignable. Vérifiez la connexion et réessayez.',
  failed: 'La galerie n’a pas pu être chargée ({message}).',
  retry: 'Réessayer',
  gallery: 'Galerie',
  video: 'Vidéo',
  audio: 'Audio',
  viewer: 'Visionneuse',
  position: '{label} ({index} sur {count})',
  counter: '{index} / {count}',
  previous: 'Précédent',
  next: 'Suivant',
  close: 'Fermer',
  download: 'Télécharger',
  itemLoading: 'Chargement…',
};
