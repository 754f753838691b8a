// The upload frame's words in English (inline) and the shape of every language's table: the page's own
// lines, and those of the list of the visitor's uploads.

export interface FrameStrings {
  /** The page's title (the browser tab, a screen reader's first words). */
  pageTitle: string;
  uploadHeading: string;
  camera: string;
  list: string;
  position: string;
  caption: string;
  description: string;
  save: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  removeLabel: string;
  empty: string;
  saved: string;
  orderSaved: string;
  removed: string;
  failed: string;
  unreachable: string;
}

export const en: FrameStrings = {
  pageTitle: 'Upload media',
  uploadHeading: 'Add media',
  camera: 'Take a photo or video',
  list: 'Your uploads',
  position: '{label}, {index} of {count}',
  caption: 'Caption',
  description: 'Description',
  save: 'Save',
  moveUp: 'Move {label} up',
  moveDown: 'Move {label} down',
  remove: 'Remove',
  removeLabel: 'Remove {label}',
  empty: 'Nothing uploaded yet.',
  saved: 'Saved {name}.',
  orderSaved: 'Order saved.',
  removed: 'Removed {name}.',
  failed: 'Could not save: {message}',
  unreachable: 'Could not reach the server. Check your connection and try again.',
};
