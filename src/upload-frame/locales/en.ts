// The words of the upload frame's list of the visitor's uploads (the frame speaks English only).

export interface FrameStrings {
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
