// The React 19 example (demo/react/) served by the demo server, in Chromium: React hands the elements
// properties, hears <gallery-uploader>'s gallery-upload-success event, and refreshes <gallery-view>.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { createGallery, tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('React example', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    server = await startTestServer({ demo: true });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(String(error)));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('passes properties to the elements, hears the upload event and refreshes the view', async () => {
    const { fid } = await createGallery(server, 'React');
    await page.goto(`${server.origin}/demo/react/?fid=${fid}`);
    await page.locator('gallery-uploader .uppy-Dashboard').first().waitFor({ timeout: 15000 });
    await page.locator('gallery-view[state="empty"]').waitFor({ timeout: 10000 });

    // React 19 set properties (the elements were defined before it rendered), not attributes.
    const received = await page.evaluate(() => {
      const uploader = document.querySelector('gallery-uploader')!;
      const view = document.querySelector('gallery-view')!;
      return {
        uploader: {
          fid: uploader.fid,
          baseUrl: uploader.baseUrl,
          fidAttribute: uploader.getAttribute('fid'),
        },
        view: { fid: view.fid, token: view.token, tokenAttribute: view.getAttribute('token') },
      };
    });
    assert.deepEqual(received, {
      uploader: { fid, baseUrl: server.baseUrl, fidAttribute: null },
      view: { fid, token: server.token, tokenAttribute: null },
    });

    await page
      .locator('gallery-uploader input[type="file"]')
      .first()
      .setInputFiles({ name: 'react.png', mimeType: 'image/png', buffer: Buffer.from(tinyPng(6, 4)) });
    await page.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload').click({ timeout: 10000 });

    // React's listener ran: its state names the uploaded file, which the server has in the gallery.
    const status = page.locator('[data-uploads="1"]');
    await status.waitFor({ timeout: 15000 });
    const { body } = await server.call('gallery.get_items', { fid });
    assert.ok(body.folder.items[0]?.rid, 'the gallery holds the upload');
    assert.equal(await status.textContent(), 'Uploaded 1 file: react.png');
    // …and refreshed the view through its ref.
    await page.locator('gallery-view [part~="tile"]').first().waitFor({ timeout: 10000 });

    // A React state change reaches the element as a property (reflected for styling).
    await page.selectOption('select', 'masonry');
    await page.waitForFunction(() => document.querySelector('gallery-view')?.layout === 'masonry');
    assert.equal(await page.locator('gallery-view').getAttribute('layout'), 'masonry');
    assert.deepEqual(errors, []);
  });
});
