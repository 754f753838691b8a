// The demo `npm start` serves, in real Chromium: every page connects its elements to the reference server,
// an upload on the all-together page shows up in the gallery view, and reloading reuses the demo gallery.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { DEMO_PORTAL, seedDemoGallery } from '../../server/web/demo-seed.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('demo pages', () => {
  let t: TestServer;
  let browser: Browser;
  const errors: string[] = [];

  const open = async (path: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`));
    await page.goto(`${t.origin}${path}`);
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>('[data-status]')?.dataset.state === 'ready',
      null,
      {
        timeout: 20_000,
      },
    );
    return page;
  };

  before(async () => {
    t = await startTestServer({ demo: true });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('the root redirects to the demo and each page wires its elements to one demo gallery', async () => {
    const root = await fetch(`${t.origin}/`, { redirect: 'manual' });
    assert.equal(root.status, 302);
    assert.equal(root.headers.get('location'), '/demo/');
    const fids = new Set<string>();
    for (const path of ['/demo/', '/demo/uploader.html', '/demo/view.html', '/demo/live.html']) {
      const page = await open(path);
      const wired = await page.evaluate(() =>
        [...document.querySelectorAll('gallery-uploader, gallery-view, live-player')].map((el) => ({
          tag: el.localName,
          defined: customElements.get(el.localName) !== undefined,
          base: el.getAttribute('base-url'),
          fid: el.getAttribute('fid'),
          liveid: el.getAttribute('liveid'),
        })),
      );
      assert.ok(wired.length > 0, path);
      for (const el of wired) {
        assert.ok(el.defined, `${path}: ${el.tag} is defined`);
        assert.equal(el.base, t.baseUrl, `${path}: ${el.tag} has the base URL`);
        if (el.tag === 'live-player') assert.ok(el.liveid, `${path}: live-player has a stream`);
        else fids.add(el.fid ?? '');
      }
      await page.close();
    }
    assert.equal(fids.size, 1, 'every page uses the same demo gallery');
    const listed = await t.call('gallery.list', { search: 'caption=Demo gallery' });
    assert.equal(listed.body.galleries.length, 1, 'reloading pages created no second gallery');
    assert.deepEqual(errors, []);
  });

  it('a file uploaded on the all-together page appears in its gallery view', async () => {
    const page = await open('/demo/');
    await page
      .locator('gallery-uploader input[type=file]')
      .first()
      .setInputFiles({
        name: 'demo.png',
        mimeType: 'image/png',
        buffer: Buffer.from(tinyPng(12, 8)),
      });
    const button = page.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload');
    if (await button.count()) await button.first().click();
    await page.waitForFunction(
      () => {
        const view = document.querySelector('gallery-view');
        return (view?.shadowRoot?.querySelectorAll('img').length ?? 0) > 0;
      },
      null,
      { timeout: 20_000 },
    );
    const state = await page.locator('live-player').getAttribute('state');
    assert.ok(state, 'the live player reports a state');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the home page links to the demo portal, which shows the demo gallery with its lightbox', async () => {
    await seedDemoGallery(t.baseUrl, t.token);
    const page = await open('/demo/');
    await page.getByRole('link', { name: 'Portal' }).click();
    await page.waitForURL(`${t.origin}/portals/${DEMO_PORTAL}/`);
    assert.equal(await page.locator('h1').textContent(), 'Demo portal');
    const tile = page.locator('gallery-view [part="tile-button"]').first();
    await tile.click({ timeout: 20_000 });
    await page.locator('gallery-view [part="lightbox-image"]').waitFor({ timeout: 20_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
