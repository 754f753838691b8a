// Picks the language of an element's words (its `locale`, else the document's `lang`, else English) and
// loads the tables of languages other than English on demand, so an element's initial chunk carries English only.

/** The first candidate whose language we have words for (`de-AT` gives `de`); English when none fits. */
export function resolveLanguage(
  available: readonly string[],
  ...candidates: (string | null | undefined)[]
): string {
  for (const candidate of candidates) {
    const language = candidate?.toLowerCase().split('-')[0];
    if (language && available.includes(language)) return language;
  }
  return 'en';
}

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export type TableLoaders<T> = Record<string, () => Promise<T>>;

/** Loaded tables (or their loading) by loader, shared by every element on the page. */
const tables = new Map<() => Promise<unknown>, unknown>();

/**
 * The words of `host` for `locale` with the app's `overrides` on top. A language other than English
 * loads on first use; until it arrives the host gets English and renders again once it is there.
 */
export function translate<T extends object>(
  host: { requestUpdate(): void },
  english: T,
  loaders: TableLoaders<T>,
  locale: string | undefined,
  overrides: Partial<T> | undefined,
): T {
  // No document while a server renders the element: the locale alone decides there.
  const page = globalThis.document?.documentElement.lang;
  const load = loaders[resolveLanguage(['en', ...Object.keys(loaders)], locale, page)];
  let table = load ? tables.get(load) : english;
  if (load && !table) {
    const done = (words: T) => tables.set(load, words);
    table = load().then(done, () => done(english));
    tables.set(load, table);
  }
  if (table instanceof Promise) {
    void table.then(() => host.requestUpdate());
    table = english;
  }
  return { ...(table as T), ...overrides };
}
