// How every element and the upload frame speak: the language (the host's `locale`, else the page's `lang`,
// `de-AT` speaking `de`, else English), tables of other languages loaded on first use so an element's
// initial chunk carries English only, `{placeholder}` filling, plural forms by Intl.PluralRules, and a
// render of the host once a table arrives.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Loads the table of one language (a lazy chunk), by language: `{ de: () => import('./de.ts')… }`. */
export type TableLoaders<T> = Readonly<Record<string, () => Promise<T>>>;

/** The values of `{name}` placeholders. */
export type Values = Readonly<Record<string, string | number>>;

/** What the controller reads from its host: the language asked for and the app's own words. */
export interface LocalizeHost<T> extends ReactiveControllerHost {
  readonly locale?: string | undefined;
  readonly strings?: Partial<T> | undefined;
}

/** The keys of a table that hold words (a table may carry other data, such as Uppy's strings). */
type WordKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** `items` when the table has `itemsOther` (and `itemsOne`, `itemsFew`, … for the language's forms). */
type PluralKey<T> = { [K in keyof T]: K extends `${infer Base}Other` ? Base : never }[keyof T] & string;

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

/** Fills `{name}` placeholders in one pass: a value holding `{other}` or `$&` stays as it is. */
export function format(template: string, values: Values = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** Loaded tables (or their loading) by loader, shared by every element on the page. */
const tables = new Map<() => Promise<unknown>, unknown>();

export class LocalizeController<T extends object> implements ReactiveController {
  readonly #host: LocalizeHost<T>;
  #english: T;
  readonly #loaders: TableLoaders<T>;
  /** The words of the last update: a table and the host's `strings` merged, kept while neither changes. */
  #words: { table: T; overrides: Partial<T> | undefined; words: T } | undefined;
  /** The loading the host already waits for, so it is asked to render once per arrival. */
  #awaited: Promise<unknown> | undefined;

  constructor(host: LocalizeHost<T>, english: T, loaders: TableLoaders<T> = {}) {
    this.#host = host;
    this.#english = english;
    this.#loaders = loaders;
    host.addController(this);
  }

  hostConnected(): void {}

  /** Before each render: the table of the language in use starts loading if need be; the words are kept. */
  hostUpdate(): void {
    this.#load();
    this.#words = this.#merge();
  }

  /** The language in use: `locale`, else the page's `lang`, else English. */
  get language(): string {
    // No document while a server renders the element: the locale alone decides there.
    const page = globalThis.document?.documentElement.lang;
    return resolveLanguage(['en', ...Object.keys(this.#loaders)], this.#host.locale, page);
  }

  /**
   * The words in use, the host's `strings` on top; the same object while neither changes. A language
   * other than English loads on the host's next update; until it is here the words are English and the
   * host renders again once it arrives. Reading them changes nothing (render() reads them).
   */
  get words(): T {
    return this.#merge().words;
  }

  /** Resolves once the words of the language in use are here (at once when they are). */
  get ready(): Promise<unknown> {
    const loading = this.#load();
    return loading instanceof Promise ? loading : Promise.resolve();
  }

  /** One entry of the words, its placeholders filled. */
  term(key: WordKey<T>, values?: Values): string {
    return format(this.words[key] as string, values);
  }

  /**
   * The form of `key` for `count` in the language in use: `itemsOne` for 1 in English, `itemsOther`
   * for 5, and `itemsOther` whenever the table has no entry for the language's category.
   */
  plural(key: PluralKey<T>, count: number, values: Values = {}): string {
    const category = this.pluralCategory(count);
    const words = this.words as Record<string, unknown>;
    const form = words[`${key}${category[0]?.toUpperCase()}${category.slice(1)}`] ?? words[`${key}Other`];
    return format(String(form), { count, ...values });
  }

  /** Intl.PluralRules' category of `count` in the language in use: `one`, `few`, `other`, … */
  pluralCategory(count: number): Intl.LDMLPluralRule {
    return new Intl.PluralRules(this.language).select(count);
  }

  /** English words of a part loaded later (the lightbox's), under the table's own. */
  addEnglish(words: Partial<T>): void {
    this.#english = { ...words, ...this.#english };
  }

  /** The table of the language in use: loaded, or English meanwhile. */
  #table(): T {
    const load = this.#loaders[this.language];
    const table = load ? tables.get(load) : this.#english;
    return table && !(table instanceof Promise) ? (table as T) : this.#english;
  }

  #merge(): { table: T; overrides: Partial<T> | undefined; words: T } {
    const table = this.#table();
    const overrides = this.#host.strings;
    const kept = this.#words;
    if (kept?.table === table && kept.overrides === overrides) return kept;
    return { table, overrides, words: overrides ? { ...table, ...overrides } : table };
  }

  /** Starts loading the table of the language in use (once per page); its loading, if under way. */
  #load(): unknown {
    const load = this.#loaders[this.language];
    if (!load) return undefined;
    let table = tables.get(load);
    if (!table) {
      const done = (words: T) => tables.set(load, words);
      // A table that fails to load leaves the element in English rather than without words.
      table = load().then(done, () => done(this.#english));
      tables.set(load, table);
    }
    if (table instanceof Promise && this.#awaited !== table) {
      this.#awaited = table;
      void table.then(() => this.#host.requestUpdate());
    }
    return table;
  }
}
