// French words of the upload frame (a lazy chunk: only frames in French load it).
import type { FrameStrings } from './en.ts';

export const fr: FrameStrings = {
  pageTitle: 'Envoyer des médias',
  uploadHeading: 'Ajouter des médias',
  camera: 'Prendre une photo ou une vidéo',
  list: 'Vos envois',
  position: '{label}, {index} sur {count}',
  caption: 'Légende',
  description: 'Description',
  save: 'Enregistrer',
  moveUp: 'Monter {label}',
  moveDown: 'Descendre {label}',
  remove: 'Retirer',
  removeLabel: 'Retirer {label}',
  empty: 'Rien n’a encore été envoyé.',
  saved: '{name} enregistré.',
  orderSaved: 'Ordre enregistré.',
  removed: '{name} retiré.',
  failed: 'Enregistrement impossible : {message}',
  unreachable: 'Le serveur est injoignable. Vérifiez la connexion et réessayez.',
};
