// The upload frame in real Chromium shows the thumbnail of a new upload once the server has made it,
// without a reload: the list reads the gallery again while a picture is missing, and what the visitor
// typed meanwhile stays in its field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('upload frame thumbnails', () => {
  let t: TestServer;
  let browser: Browser;
  let src = '';

  before(async () => {
    t = await startTestServer();
    const fid = (await t.call('gallery.create', { name: 'Frame thumbnails' }, { method: 'POST' })).body.fid;
    const embed = await (await fetch(`${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${fid}`)).text();
    src = (/src="([^"]+)"/.exec(embed)?.[1] ?? '').replaceAll('&amp;', '&');
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the thumbnail of a new upload once it exists, without a reload, keeping typed text', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(src);
    const frame = page.mainFrame();
    // The first frame of a run waits for the server to bundle the page's script from source.
    await frame.waitForSelector('gallery-uploader .uppy-Dashboard', { timeout: 60_000 });
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    await frame
      .locator('gallery-uploader input[type=file]')
      .first()
      .setInputFiles({
        name: 'harbour.png',
        mimeType: 'image/png',
        buffer: Buffer.from(tinyPng(1600, 1200)),
      });
    await frame.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload').first().click();
    const row = frame.locator('upload-frame-items li').first();
    await row.waitFor({ timeout: 15_000 });
    await row.locator('input[name=caption]').fill('Typed while the picture is made');
    // The version is made after the upload answered; the list fetches it by itself.
    const thumb = row.locator('img.thumb');
    await thumb.waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => {
        const img = document
          .querySelector('upload-frame-items')
          ?.shadowRoot?.querySelector<HTMLImageElement>('img.thumb');
        return !!img?.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 10_000 },
    );
    assert.match((await thumb.getAttribute('src')) ?? '', /jpg_200x150/);
    assert.equal(await row.locator('input[name=caption]').inputValue(), 'Typed while the picture is made');
    assert.equal(navigations, 0, 'the page was not reloaded');
    await page.close();
  });
});
