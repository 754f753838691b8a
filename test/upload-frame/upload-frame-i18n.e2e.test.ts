// The upload frame in real Chromium speaks the language of `locale` in its embed code (German, French),
// else the visitor's browser language, else English: the page's title and headings, the uploader with
// Uppy's Dashboard, and the list of uploads with its buttons and messages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** What a person reads in the frame, by place. */
async function shown(frame: Frame) {
  // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
  return frame.evaluate(() => {
    const uploader = document.querySelector('gallery-uploader')?.shadowRoot;
    const list = document.querySelector('upload-frame-items')?.shadowRoot;
    const [heading, listHeading, camera, dropZone, status] = [
      document.querySelector('h1'),
      document.querySelector('h2'),
      document.querySelector('.frame-camera label'),
      uploader?.querySelector('.uppy-Dashboard-AddFiles-title'),
      list?.querySelector('.status'),
    ].map((el) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    return {
      lang: document.documentElement.lang,
      title: document.title,
      heading,
      listHeading,
      camera,
      dropZone,
      status,
      buttons: [...(list?.querySelectorAll('li button') ?? [])].map(
        (button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '',
      ),
    };
  });
}

describe('upload frame languages', () => {
  let t: TestServer;
  let browser: Browser;
  let fid = '';

  const frameUrl = async (locale?: string) => {
    const query = new URLSearchParams({ api_token: t.token, fid, ...(locale ? { locale } : {}) });
    const embed = await (await fetch(`${t.baseUrl}upload.iframe?${query}`)).text();
    return (/src="([^"]+)"/.exec(embed)?.[1] ?? '').replaceAll('&amp;', '&');
  };

  before(async () => {
    t = await startTestServer();
    fid = (await t.call('gallery.create', { name: 'Frame words' }, { method: 'POST' })).body.fid;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [locale, words] of [
    [
      'de',
      {
        title: 'Medien hochladen',
        heading: 'Medien hinzufügen',
        listHeading: 'Ihre Uploads',
        camera: 'Foto oder Video aufnehmen',
        dropZone: 'Dateien hierher ziehen oder Dateien auswählen',
        empty: 'Noch nichts hochgeladen.',
        saved: 'bild.png gespeichert.',
        buttons: [
          'Speichern',
          'bild.png nach oben verschieben',
          'bild.png nach unten verschieben',
          'bild.png entfernen',
        ],
      },
    ],
    [
      'fr',
      {
        title: 'Envoyer des médias',
        heading: 'Ajouter des médias',
        listHeading: 'Vos envois',
        camera: 'Prendre une photo ou une vidéo',
        dropZone: 'Déposez des fichiers ici ou parcourez vos fichiers',
        empty: 'Rien n’a encore été envoyé.',
        saved: 'bild.png enregistré.',
        buttons: ['Enregistrer', 'Monter bild.png', 'Descendre bild.png', 'Retirer bild.png'],
      },
    ],
  ] as const) {
    it(`speaks ${locale} with locale=${locale} in its embed code: page, uploader and list`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 900 }, locale: 'en-US' });
      await page.goto(await frameUrl(locale));
      const frame = page.mainFrame();
      await frame.waitForFunction(
        (zone) =>
          document
            .querySelector('gallery-uploader')
            ?.shadowRoot?.querySelector('.uppy-Dashboard-AddFiles-title')
            ?.textContent?.replace(/\s+/g, ' ')
            .trim() === zone,
        words.dropZone,
        // The first frame of a run waits for the server to bundle the page's script from source.
        { timeout: 60_000 },
      );
      await frame.locator('upload-frame-items .status', { hasText: words.empty }).waitFor();
      const before = await shown(frame);
      assert.deepEqual(
        [before.lang, before.title, before.heading, before.listHeading, before.camera],
        [locale, words.title, words.heading, words.listHeading, words.camera],
      );

      await frame
        .locator('gallery-uploader input[type=file]')
        .first()
        .setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: Buffer.from(tinyPng(8, 6)) });
      await frame.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload').first().click();
      const row = frame.locator('upload-frame-items li').last();
      await row.waitFor({ timeout: 15_000 });
      await row.locator('button[type=submit]').click();
      await frame.locator('upload-frame-items .status', { hasText: words.saved }).waitFor();
      const after = await shown(frame);
      assert.deepEqual(after.buttons.slice(-4), words.buttons);
      await page.close();
    });
  }

  it('follows the visitor’s browser language without locale, and English for a language it lacks', async () => {
    for (const [browserLocale, heading] of [
      ['fr-CA', 'Ajouter des médias'],
      ['ja-JP', 'Add media'],
    ] as const) {
      const page = await browser.newPage({ locale: browserLocale });
      await page.goto(await frameUrl());
      await page.locator('h1', { hasText: heading }).waitFor({ timeout: 10_000 });
      assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        browserLocale.slice(0, 2) === 'fr' ? 'fr' : 'en',
      );
      await page.close();
    }
  });
});
