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
  /** The last merge of a table with the host's `strings`, reused while neither changes. */
  #merged: { table: T; overrides: Partial<T> | undefined; words: T } | undefined;
  /** The loading the host already waits for, so it is asked to render once per arrival. */
  #awaited: Promise<unknown> | undefined;

  constructor(host: LocalizeHost<T>, english: T, loaders: TableLoaders<T> = {}) {
    this.#host = host;
    this.#english = english;
    this.#loaders = loaders;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The language in use: `locale`, else the page's `lang`, else English. */
  get language(): string {
    // No document while a server renders the element: the locale alone decides there.
    const page = globalThis.document?.documentElement.lang;
    return resolveLanguage(['en', ...Object.keys(this.#loaders)], this.#host.locale, page);
  }

  /**
   * The words in use, the host's `strings` on top. A language other than English loads on first use;
   * until it is here the words are English and the host renders again once it arrives.
   */
  get words(): T {
    const table = this.#table();
    const overrides = this.#host.strings;
    const merged = this.#merged;
    if (merged?.table === table && merged.overrides === overrides) return merged.words;
    const words = overrides ? { ...table, ...overrides } : table;
    this.#merged = { table, overrides, words };
    return words;
  }

  /** Resolves once the words of the language in use are here (at once when they are). */
  get ready(): Promise<unknown> {
    const load = this.#loaders[this.language];
    const table = load && tables.get(load);
    return table instanceof Promise ? table : Promise.resolve(this.words);
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
    this.#merged = undefined;
  }

  #table(): T {
    const load = this.#loaders[this.language];
    if (!load) return this.#english;
    let table = tables.get(load);
    if (!table) {
      const done = (words: T) => tables.set(load, words);
      // A table that fails to load leaves the element in English rather than without words.
      table = load().then(done, () => done(this.#english));
      tables.set(load, table);
    }
    if (!(table instanceof Promise)) return table as T;
    if (this.#awaited !== table) {
      this.#awaited = table;
      void table.then(() => this.#host.requestUpdate());
    }
    return this.#english;
  }
}
