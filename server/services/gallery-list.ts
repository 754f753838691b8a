// gallery.list: a page of galleries by search and tags, and the tag cloud of the galleries a caller may read.
import type { AnswerOf, ServerParams } from '../../src/contract/index.ts';
import type { Caller } from '../auth/credentials.ts';
import type { ServerContext } from '../context.ts';
import type { GalleryFilter } from '../store/galleries.ts';
import type { GalleryEntries } from './gallery-entries.ts';
import { pageOf } from './paging.ts';

/** gallery.list pages hold at most this many galleries. */
const LIST_PAGE = 100;

/**
 * Tag -> number of galleries carrying it (case as first seen); `notags` counts untagged galleries. The spec
 * reserves the `notags` key for that count, so a real tag spelt "notags" (any case) is left out of the cloud
 * rather than merged into, or overwriting, the untagged count.
 */
export function tagCloud(tagLists: readonly string[]): Record<string, number> {
  const counts = new Map<string, { name: string; count: number }>();
  let untagged = 0;
  for (const tags of tagLists) {
    const list = tags.split(',').filter((tag) => tag !== '');
    if (list.length === 0) untagged += 1;
    for (const tag of list) {
      const key = tag.toLowerCase();
      if (key === 'notags') continue;
      const entry = counts.get(key) ?? { name: tag, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  // fromEntries defines own data properties: a tag such as `__proto__` stays a plain key.
  return Object.fromEntries([
    ...[...counts.values()].map(({ name, count }) => [name, count] as const),
    ['notags', untagged] as const,
  ]);
}

/** The filter of a search (`caption=term`, `description=term`, `caption=rrid:X`, free text) and filter_tags. */
export function galleryFilter(
  search: string,
  filterTags: string,
  fids: readonly string[] | null,
): GalleryFilter {
  const filter: GalleryFilter = fids ? { fids } : {};
  const exact = /^(caption|description)=(.*)$/s.exec(search);
  if (exact) {
    const term = (exact[2] ?? '').trim();
    filter.exact = { column: exact[1] === 'caption' ? 'name' : 'description', term };
    // `caption=rrid:X` names the gallery upload.iframe?rrid=X made, as the hosted service's plugins ask
    // for it: that gallery, exactly, comes first.
    if (exact[1] === 'caption' && term.startsWith('rrid:')) filter.exact.rrid = term.slice('rrid:'.length);
  } else if (search !== '') filter.search = search;
  const tags = filterTags.split(',').map((tag) => tag.trim());
  const excluded = tags.filter((tag) => tag.startsWith('-')).map((tag) => tag.slice(1).trim());
  filter.withTags = tags.filter((tag) => tag !== '' && !tag.startsWith('-'));
  filter.withoutTags = excluded.filter((tag) => tag !== '');
  return filter;
}

export class GalleryListing {
  constructor(
    private readonly ctx: ServerContext,
    private readonly entries: GalleryEntries,
  ) {}

  list(caller: Caller, params: ServerParams<'gallery.list'>): AnswerOf<'gallery.list'> {
    const fids = this.ctx.access.readableGalleries(caller);
    const filter = galleryFilter(params.search?.trim() ?? '', params.filter_tags ?? '', fids);
    const paging = pageOf(params, LIST_PAGE);
    const store = this.entries.store;
    const count = store.count(filter);
    const rows = store.list(filter, paging.items_per_page, paging.offset);
    const { pages_count, ...data } = paging.data(count);
    return {
      workspace: '',
      galleries: rows.map((row) => this.entries.toEntry(row)),
      tag_cloud: tagCloud(store.allTags(filter.fids)),
      items_data: { ...data, page_count: pages_count },
    };
  }
}
