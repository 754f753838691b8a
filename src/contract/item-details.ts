// The names gallery.get_items `details` takes, and the record fields they may leave out.
import { ASSET_TEXT_FIELDS, type AssetTextField } from './asset-record.ts';

/** Record fields `details` may leave out (the rest of the record is always there). */
export const DETAIL_FIELDS = [
  ...(Object.keys(ASSET_TEXT_FIELDS) as AssetTextField[]),
  'tags',
  'attached',
] as const;

/** The details names of the spec, in its order. */
const SPEC_DETAILS = [
  'caption',
  'description',
  'music_tags',
  'exif_tags',
  'long_description',
  'related_link_text',
  'related_link_url',
  'reference_id',
  'tags',
  'metauser_timeline',
  'appears_in_albums',
  'storyboard',
  'attached',
  'attached_versions',
] as const;

/** Every name gallery.get_items `details` may ask for (also the default): the spec's, then our own fields. */
export const ITEM_DETAILS: readonly string[] = [
  ...SPEC_DETAILS,
  ...Object.keys(ASSET_TEXT_FIELDS).filter((field) => !(SPEC_DETAILS as readonly string[]).includes(field)),
];
