// German words of the upload frame (a lazy chunk: only frames in German load it).
import type { FrameStrings } from './en.ts';

export const de: FrameStrings = {
  pageTitle: 'Medien hochladen',
  uploadHeading: 'Medien hinzufügen',
  camera: 'Foto oder Video aufnehmen',
  list: 'Ihre Uploads',
  position: '{label}, {index} von {count}',
  caption: 'Bildunterschrift',
  description: 'Beschreibung',
  save: 'Speichern',
  moveUp: '{label} nach oben verschieben',
  moveDown: '{label} nach unten verschieben',
  remove: 'Entfernen',
  removeLabel: '{label} entfernen',
  empty: 'Noch nichts hochgeladen.',
  saved: '{name} gespeichert.',
  orderSaved: 'Reihenfolge gespeichert.',
  removed: '{name} entfernt.',
  failed: 'Speichern nicht möglich: {message}',
  unreachable: 'Der Server ist nicht erreichbar. Bitte Verbindung prüfen und erneut versuchen.',
};
