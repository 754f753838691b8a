// How values travel in the query string, and the paging blocks several answers share.

/** A comma list on the wire: give a string as it is, or an array that the client joins with commas. */
export type List = string | readonly string[];

/** A yes/no input: booleans become `yes` / `no`; the words themselves are accepted too. */
export type YesNo = boolean | 'yes' | 'no';

/** Paging of gallery.get_items and asset.list (the spec names the page total `pages_count` here). */
export interface ItemsData {
  page: number;
  items_per_page: number;
  items_count: number;
  pages_count: number;
}

/** Paging of gallery.list (the spec names the page total `page_count` here). */
export interface GalleryListItemsData {
  page: number;
  items_per_page: number;
  items_count: number;
  page_count: number;
}
