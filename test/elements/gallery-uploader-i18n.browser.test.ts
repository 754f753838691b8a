// <gallery-uploader> words and themes: German and French for its own parts and the Dashboard by `locale`
// (and the page's `lang`), `strings` overrides, dark colours reaching the Dashboard, axe in the dark theme.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import axe from 'axe-core';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { failedUpload, mount, waitUntil } from './gallery-uploader.support.ts';

const root = (el: GalleryUploader) => el.shadowRoot!;
const dashboardLabel = (el: GalleryUploader) =>
  root(el).querySelector('[part="dashboard"]')?.getAttribute('aria-label');
const browseText = (el: GalleryUploader) =>
  root(el).querySelector('.uppy-Dashboard-browse')?.textContent?.trim();
const inner = (el: GalleryUploader) => root(el).querySelector<HTMLElement>('.uppy-Dashboard-inner')!;

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
    expect(root(el).querySelector('[part="url-form"] legend')?.textContent?.trim()).to.equal(
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

  it('lets the strings property win over the locale', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, locale: 'fr' });
    el.strings = { dashboardLabel: 'Drop your holiday photos', urlSubmit: 'Fetch' };
    await el.updateComplete;
    expect(dashboardLabel(el)).to.equal('Drop your holiday photos');
    expect(root(el).querySelector('[part="url-submit"]')?.textContent?.trim()).to.equal('Fetch');
    // Keys the app did not override keep the locale's words.
    expect(root(el).querySelector('[part="url-form"] legend')?.textContent?.trim()).to.equal(
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
