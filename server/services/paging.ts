// Paging of the list operations: which page is asked for, how many items a page holds, and the paging
// block of the answer.
import type { ItemsData } from '../../src/contract/wire.ts';

/** Items on a page when the caller does not say. */
export const DEFAULT_PER_PAGE = 50;

export interface Paging {
  page: number;
  items_per_page: number;
  /** How many items come before the page. */
  offset: number;
  /** The answer's `items_data` for a list of `count` items. */
  data(count: number): ItemsData;
}

/** Page 1 and 50 items unless asked; larger pages than `maxPerPage` are cut to it. */
export function pageOf(params: { page?: number; items_per_page?: number }, maxPerPage: number): Paging {
  const page = params.page ?? 1;
  const perPage = Math.min(params.items_per_page ?? DEFAULT_PER_PAGE, maxPerPage);
  return {
    page,
    items_per_page: perPage,
    offset: (page - 1) * perPage,
    data: (count) => ({
      page,
      items_per_page: perPage,
      items_count: count,
      pages_count: Math.ceil(count / perPage),
    }),
  };
}
