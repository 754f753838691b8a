// The shared LocalizeController: the language it picks, {placeholder} filling, plural forms by
// Intl.PluralRules, the app's own words on top, and tables of other languages loaded on first use.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  format,
  LocalizeController,
  type LocalizeHost,
  resolveLanguage,
  type TableLoaders,
} from '../../src/elements/shared/localize-controller.ts';

interface Words {
  hello: string;
  itemsOne: string;
  itemsFew?: string;
  itemsOther: string;
}

const en: Words = { hello: 'Hello {name}', itemsOne: '{count} item', itemsOther: '{count} items' };
const de: Words = { hello: 'Hallo {name}', itemsOne: '{count} Eintrag', itemsOther: '{count} Einträge' };
const pl: Words = {
  hello: 'Cześć {name}',
  itemsOne: '{count} element',
  itemsFew: '{count} elementy',
  itemsOther: '{count} elementów',
};

/** A host as Lit's elements are to a controller: it takes controllers and renders when asked. */
function host(locale?: string, strings?: Partial<Words>) {
  const updates: number[] = [];
  const element: LocalizeHost<Words> & { locale?: string; strings?: Partial<Words>; updates: number[] } = {
    locale,
    strings,
    updates,
    addController: () => undefined,
    removeController: () => undefined,
    requestUpdate: () => void updates.push(updates.length),
    updateComplete: Promise.resolve(true),
  };
  return element;
}

describe('resolveLanguage', () => {
  it('takes the first candidate it has words for, by language: de-AT speaks de', () => {
    assert.equal(resolveLanguage(['en', 'de', 'fr'], 'de-AT', 'fr'), 'de');
    assert.equal(resolveLanguage(['en', 'de', 'fr'], 'it', 'FR-ca'), 'fr');
    assert.equal(resolveLanguage(['en', 'de'], undefined, null, ''), 'en');
    assert.equal(resolveLanguage(['en', 'de'], 'pt-BR'), 'en');
  });
});

describe('format', () => {
  it('fills placeholders once, leaving unknown ones and values that look like placeholders alone', () => {
    assert.equal(format('{name}: {percent}%', { name: 'a.png', percent: 40 }), 'a.png: 40%');
    assert.equal(format('{name} and {other}', { name: '{other} $&' }), '{other} $& and {other}');
    assert.equal(format('no placeholders'), 'no placeholders');
  });
});

describe('LocalizeController', () => {
  it('speaks English without a locale, with its placeholders filled', () => {
    const localize = new LocalizeController<Words>(host(), en);
    assert.equal(localize.language, 'en');
    assert.equal(localize.term('hello', { name: 'Ann' }), 'Hello Ann');
  });

  it('picks plural forms with Intl.PluralRules, falling back to Other for categories the table lacks', async () => {
    const loaders: TableLoaders<Words> = { de: async () => de, pl: async () => pl };
    const english = new LocalizeController<Words>(host('en'), en, loaders);
    assert.deepEqual(
      [0, 1, 2, 1000].map((n) => english.plural('items', n)),
      ['0 items', '1 item', '2 items', '1000 items'],
    );
    const polish = new LocalizeController<Words>(host('pl'), en, loaders);
    await polish.ready;
    assert.deepEqual(
      [1, 3, 5, 22].map((n) => polish.plural('items', n)),
      ['1 element', '3 elementy', '5 elementów', '22 elementy'],
    );
    const german = new LocalizeController<Words>(host('de'), en, loaders);
    await german.ready;
    // German has no `few`: the form for `other` serves.
    assert.deepEqual(
      [1, 3].map((n) => german.plural('items', n)),
      ['1 Eintrag', '3 Einträge'],
    );
    // French counts 0 as singular, as Uppy's Dashboard strings of ours expect.
    const french = new LocalizeController<Words>(host('fr'), en, { fr: async () => en });
    assert.deepEqual(
      [0, 1, 2].map((n) => french.pluralCategory(n)),
      ['one', 'one', 'other'],
    );
  });

  it("puts the app's strings over the table, and keeps the same words object while nothing changes", () => {
    const element = host('en', { hello: 'Hi {name}!' });
    const localize = new LocalizeController<Words>(element, en);
    assert.equal(localize.term('hello', { name: 'Bo' }), 'Hi Bo!');
    assert.equal(localize.words.itemsOne, '{count} item');
    localize.hostUpdate();
    assert.equal(localize.words, localize.words, 'kept from the update');
    element.strings = { hello: 'Hey' };
    assert.equal(localize.words.hello, 'Hey', 'read afresh before the next update');
  });

  it('loads another language on first use: English meanwhile, then one render with the new words', async () => {
    let loads = 0;
    const loaders: TableLoaders<Words> = {
      de: async () => {
        loads++;
        return de;
      },
    };
    const element = host('de-CH');
    const localize = new LocalizeController<Words>(element, en, loaders);
    assert.equal(localize.language, 'de');
    assert.equal(loads, 0, 'reading the words loads nothing');
    // What Lit does before each render: the table starts loading, the words stay English meanwhile.
    localize.hostUpdate();
    localize.hostUpdate();
    assert.equal(localize.words.hello, 'Hello {name}');
    await localize.ready;
    await Promise.resolve();
    assert.equal(element.updates.length, 1, 'the host rendered again once');
    assert.equal(localize.term('hello', { name: 'Jo' }), 'Hallo Jo');
    // Another element of the page finds the table loaded.
    assert.equal(new LocalizeController<Words>(host('de'), en, loaders).words.hello, 'Hallo {name}');
    assert.equal(loads, 1);
  });

  it('stays in English when a table fails to load', async () => {
    const loaders: TableLoaders<Words> = { fr: () => Promise.reject(new Error('offline')) };
    const localize = new LocalizeController<Words>(host('fr'), en, loaders);
    localize.hostUpdate();
    assert.equal(localize.words.hello, 'Hello {name}');
    await localize.ready;
    assert.equal(localize.words.hello, 'Hello {name}');
  });

  it('takes the English words of a part loaded later under its own', () => {
    const localize = new LocalizeController<Words & { close?: string }>(host(), { ...en, hello: 'Hi' });
    localize.addEnglish({ close: 'Close', hello: 'ignored' });
    assert.equal(localize.words.close, 'Close');
    assert.equal(localize.words.hello, 'Hi');
  });
});
