// <gallery-uploader> words and themes: German and French for its own parts and the Dashboard by `locale`
// (and the page's `lang`), no English of Uppy's left in any common state, `strings` overrides, dark colours
// reaching the Dashboard, axe in the dark theme.
import { expect, oneEvent } from '@open-wc/testing';
import de_DE from '@uppy/locales/lib/de_DE.js';
import en_US from '@uppy/locales/lib/en_US.js';
import fr_FR from '@uppy/locales/lib/fr_FR.js';
import { emulateMedia } from '@web/test-runner-commands';
import axe from 'axe-core';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { de } from '../../src/elements/gallery-uploader/locales/de.ts';
import { fr } from '../../src/elements/gallery-uploader/locales/fr.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { MiB, patternedFile } from './chunked.support.ts';
import { chooseFiles, failedUpload, mount, pngFile, waitUntil } from './gallery-uploader.support.ts';

const root = (el: GalleryUploader) => el.shadowRoot!;
const dashboardLabel = (el: GalleryUploader) =>
  root(el).querySelector('[part="dashboard"]')?.getAttribute('aria-label');
const browseText = (el: GalleryUploader) =>
  root(el).querySelector('.uppy-Dashboard-browse')?.textContent?.trim();
const inner = (el: GalleryUploader) => root(el).querySelector<HTMLElement>('.uppy-Dashboard-inner')!;

type UppyTemplates = Record<string, string | Record<string, string>>;
const forms = (value: string | Record<string, string>) =>
  typeof value === 'string' ? [value] : Object.values(value);

/**
 * A pattern for each English string of Uppy's whose translation differs: `%{placeholder}` matches any
 * text, and a string must stand as whole words (`Import` is not found in `Importieren`).
 */
function englishPatterns(translated: UppyTemplates): { text: string; pattern: RegExp }[] {
  const english = en_US.strings as UppyTemplates;
  return Object.entries(english).flatMap(([key, value]) =>
    forms(value)
      .filter((text) => !forms(translated[key] ?? '').includes(text))
      // One short word (`Name`, `Done`) could be a file name or a word of the other language too.
      .filter((text) => text.replace(/%\{\w+\}/g, '').trim().length >= 4)
      .map((text) => {
        const source = text
          .split(/%\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?');
        return { text, pattern: new RegExp(`(^|\\W)${source}($|\\W)`) };
      }),
  );
}

/** What a person reads or hears from the element: its text, and its labels, titles and placeholders. */
function shownText(el: GalleryUploader): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root(el), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim();
    if (text) texts.push(text);
  }
  for (const node of root(el).querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder'])
      if (node.getAttribute(name)) texts.push(node.getAttribute(name)!);
  return texts;
}

/** The English strings of Uppy's the element shows, by the state it is in. */
function englishLeft(el: GalleryUploader, translated: UppyTemplates): string[] {
  const patterns = englishPatterns(translated);
  return shownText(el).flatMap((text) =>
    patterns.filter(({ pattern }) => pattern.test(text)).map((found) => `${found.text} in "${text}"`),
  );
}

const statusBar = (el: GalleryUploader) => root(el).querySelector('.uppy-StatusBar');

describe('<gallery-uploader> words and themes', () => {
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('speaks German with locale="de-AT" in its own parts and in the Dashboard', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, locale: 'de-AT' });
    expect(dashboardLabel(el)).to.equal('Dateien in die Galerie hochladen');
    await waitUntil(() => browseText(el) === 'Dateien auswählen', 'the German browse link');
    expect(root(el).querySelector('[part="url-label"]')?.textContent?.trim()).to.equal(
      'Von einer URL hochladen',
    );
  });

  it('speaks French from the page lang and switches to German when locale changes', async () => {
    document.documentElement.lang = 'fr';
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    expect(dashboardLabel(el)).to.equal('Envoyer des fichiers dans la galerie');
    await waitUntil(() => browseText(el) === 'parcourez vos fichiers', 'the French browse link');
    el.locale = 'de';
    await el.updateComplete;
    expect(dashboardLabel(el)).to.equal('Dateien in die Galerie hochladen');
    await waitUntil(() => browseText(el) === 'Dateien auswählen', 'the German browse link');
  });

  for (const [locale, uppyLocale, ours] of [
    ['de', de_DE, de],
    ['fr', fr_FR, fr],
  ] as const) {
    it(`leaves no English string of Uppy's in ${locale}: empty, a refused file, uploading, complete`, async function () {
      this.timeout(90_000);
      const el = await mount({
        'base-url': server.baseUrl,
        token: server.token,
        locale,
        accept: 'image/*,.bin',
        'max-file-size': String(200 * MiB),
        'max-files': '3',
      });
      // Uppy's locale with the words of our table on top, as the element gives them to the Dashboard.
      const translated = { ...uppyLocale.strings, ...ours.uppy } as UppyTemplates;
      await waitUntil(
        () => browseText(el) === forms(translated.browseFiles ?? '')[0],
        'the translated browse link',
      );
      const states: Record<string, string[]> = { empty: englishLeft(el, translated) };

      chooseFiles(el, [await pngFile('bild.png'), new File(['x'], 'notiz.txt', { type: 'text/plain' })]);
      await waitUntil(() => !!root(el).querySelector('.uppy-Informer p')?.textContent, 'the refusal shown');
      await waitUntil(
        () => root(el).querySelectorAll('.uppy-Dashboard-Item').length === 1,
        'the image listed',
      );
      states.refused = englishLeft(el, translated);

      el.uppy!.addFile({
        name: 'gross.bin',
        type: 'application/octet-stream',
        data: patternedFile('gross.bin', 60 * MiB),
      });
      const complete = oneEvent(el, 'gallery-upload-complete');
      void el.upload();
      await waitUntil(
        () => !!statusBar(el)?.classList.contains('is-uploading'),
        'the upload under way',
        30_000,
      );
      states.uploading = englishLeft(el, translated);
      await complete;
      await waitUntil(
        () => !!statusBar(el)?.classList.contains('is-complete'),
        'the upload complete',
        30_000,
      );
      states.complete = englishLeft(el, translated);

      expect(states).to.deep.equal({ empty: [], refused: [], uploading: [], complete: [] });
    });
  }

  it('writes under the drop zone title the limits it is set up with, only those, in its language', async () => {
    const note = (el: GalleryUploader) =>
      root(el)
        .querySelector('.uppy-Dashboard-note')
        ?.textContent?.replace(/\u00a0/g, ' ');
    const el = await mount({
      'base-url': server.baseUrl,
      token: server.token,
      accept: 'image/*,video/*,.pdf',
      'max-file-size': String(50 * MiB),
      'max-files': '10',
    });
    await waitUntil(() => !!note(el), 'the limits shown');
    expect(note(el)).to.equal('Images, videos, and .pdf · up to 50 MB per file · up to 10 files');
    el.note = 'Photos of the event only, please.';
    el.removeAttribute('accept');
    el.removeAttribute('max-file-size');
    el.maxFiles = 1;
    el.locale = 'de';
    await el.updateComplete;
    await waitUntil(
      () => note(el) === 'Photos of the event only, please.\nHöchstens eine Datei',
      `the note and the one limit left in German, not "${note(el)}"`,
    );
    const title = root(el).querySelector('.uppy-Dashboard-AddFiles-title')!.getBoundingClientRect();
    const zone = root(el).querySelector('.uppy-Dashboard-AddFiles')!.getBoundingClientRect();
    // The icon, the title and the note sit in the middle of the zone, not at its top.
    expect(Math.abs(title.top - zone.top - (zone.bottom - title.bottom))).to.be.below(zone.height / 2);
  });

  it('lets the strings property win over the locale', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, locale: 'fr' });
    el.strings = { dashboardLabel: 'Drop your holiday photos', urlSubmit: 'Fetch' };
    await el.updateComplete;
    expect(dashboardLabel(el)).to.equal('Drop your holiday photos');
    expect(root(el).querySelector('[part="url-submit"]')?.textContent?.trim()).to.equal('Fetch');
    // Keys the app did not override keep the locale's words.
    expect(root(el).querySelector('[part="url-label"]')?.textContent?.trim()).to.equal(
      'Importer depuis une URL',
    );
  });

  it('turns the element and the Dashboard dark with theme="dark", and page colours reach the Dashboard', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, theme: 'light' });
    const light = getComputedStyle(inner(el)).backgroundColor;
    el.theme = 'dark';
    await el.updateComplete;
    await waitUntil(
      () => root(el).querySelector('.uppy-Dashboard')?.getAttribute('data-uppy-theme') === 'dark',
      'the Dashboard dark theme',
    );
    expect(getComputedStyle(inner(el)).backgroundColor).to.equal('rgb(31, 35, 41)');
    expect(getComputedStyle(inner(el)).backgroundColor).to.not.equal(light);
    expect(getComputedStyle(el).color).to.equal('rgb(238, 240, 243)');
    el.style.setProperty('--gallery-uploader-background', 'rgb(10, 20, 30)');
    expect(getComputedStyle(inner(el)).backgroundColor).to.equal('rgb(10, 20, 30)');
  });

  it('follows prefers-color-scheme with the default theme (auto), the Dashboard included', async () => {
    try {
      await emulateMedia({ colorScheme: 'dark' });
      const el = await mount({ 'base-url': server.baseUrl, token: server.token });
      expect(el.theme).to.equal('auto');
      await waitUntil(
        () => root(el).querySelector('.uppy-Dashboard')?.getAttribute('data-uppy-theme') === 'dark',
        'the Dashboard dark theme',
      );
      expect(getComputedStyle(inner(el)).backgroundColor).to.equal('rgb(31, 35, 41)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  for (const [theme, locale, file, heading] of [
    ['dark', 'de', 'dunkel.png', 'Probleme beim Hochladen'],
    ['light', 'fr', 'clair.png', 'Problèmes d’envoi'],
  ] as const) {
    it(`has no axe violations in the ${theme} theme, in ${locale}, with an error shown`, async () => {
      const el = await mount({ 'base-url': server.baseUrl, token: 'not-a-token', theme, locale });
      await failedUpload(el, file);
      await el.updateComplete;
      expect(root(el).querySelector('[part=errors] h2')?.textContent).to.equal(heading);
      const results = await axe.run(el, { resultTypes: ['violations'] });
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary).to.deep.equal([]);
    });
  }
});
