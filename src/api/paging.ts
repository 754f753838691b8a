// Async iteration over paged list operations: pages in order, stopping after the last one or on abort.

/** How one paged operation is read: fetch a page, find its items and the number of pages. */
export interface PagedSource<R, I> {
  fetchPage(page: number, signal: AbortSignal | undefined): Promise<R>;
  items(response: R): readonly I[];
  pageCount(response: R): number;
}

/** A bound on the pages one iteration may request, so a misbehaving server cannot make it loop forever. */
export const MAX_PAGES = 100_000;

/**
 * Yields each page's response from `startPage` on. Stops after the page whose number reaches the
 * reported page count, after an empty page, or when `signal` aborts (rejecting with its reason).
 */
export async function* iteratePages<R, I>(
  source: PagedSource<R, I>,
  startPage = 1,
  signal?: AbortSignal,
): AsyncGenerator<R, void, undefined> {
  let page = Math.max(1, Math.floor(startPage));
  for (let fetched = 0; fetched < MAX_PAGES; fetched++) {
    signal?.throwIfAborted();
    const response = await source.fetchPage(page, signal);
    signal?.throwIfAborted();
    yield response;
    const count = Number(source.pageCount(response));
    if (source.items(response).length === 0 || !(page < count)) return;
    page++;
  }
}

/** Yields every item of every page, in order (see {@link iteratePages} for when it stops). */
export async function* iterateItems<R, I>(
  source: PagedSource<R, I>,
  startPage = 1,
  signal?: AbortSignal,
): AsyncGenerator<I, void, undefined> {
  for await (const response of iteratePages(source, startPage, signal)) {
    for (const item of source.items(response)) {
      signal?.throwIfAborted();
      yield item;
    }
  }
}
