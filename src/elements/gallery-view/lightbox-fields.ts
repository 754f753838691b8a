// The metadata the lightbox shows under an item, in its order: the one list the element's default `details`
// (what gallery.get_items is asked for) is made of, so a field the lightbox shows is a field it gets.

export interface LightboxField {
  /** The record's field, a `details` name of gallery.get_items. */
  readonly name: 'caption' | 'copyright' | 'description';
  readonly part: string;
  readonly className?: string;
  /** Text before the value. */
  readonly prefix?: string;
}

export const LIGHTBOX_FIELDS: readonly LightboxField[] = [
  { name: 'caption', part: 'lightbox-caption' },
  { name: 'copyright', part: 'lightbox-caption', className: 'copyright', prefix: '© ' },
  { name: 'description', part: 'lightbox-description' },
];

/**
 * The default `details`: `caption,copyright,description,attached_versions` (the last gives a video's
 * subtitle files, which the lightbox offers as text tracks).
 */
export const DEFAULT_DETAILS = [...LIGHTBOX_FIELDS.map((field) => field.name), 'attached_versions'].join(',');
