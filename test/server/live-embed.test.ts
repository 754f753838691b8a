// The page behind iframe_embed_code, in Chromium: the script-tag bundle registers <live-player> and it
// plays the stream on its own (muted autoplay).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('live embed page', () => {
  let t: TestServer;
  let browser: Browser;
  before(async () => {
    t = await startTestServer({ liveStartDelayMs: 100 });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t.close();
  });

  it('plays a started stream inside the iframe of iframe_embed_code', async () => {
    const { body } = await t.call('live.create', { name: 'Embedded' });
    await t.call('live.start', { liveid: body.liveid });
    const page = await browser.newPage();
    let closeHost = async () => {};
    try {
      // A host page on another origin that pastes the embed code as it is (served from loopback: Chromium
      // refuses frames of a local address inside a page it takes for public).
      const hostServer = createServer((_request, response) => {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<!doctype html><title>host</title>${body.iframe_embed_code}`);
      });
      await new Promise<void>((done) => hostServer.listen(0, '127.0.0.1', done));
      closeHost = () => new Promise<void>((done) => hostServer.close(() => done()));
      const host = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}/`;
      await page.goto(host);
      const frame = page.frameLocator('iframe').locator('live-player');
      await frame.waitFor({ state: 'attached', timeout: 10000 });
      const embed = page.frames().find((f) => f.url().endsWith(`/live/${body.liveid}/embed`));
      assert.ok(embed, 'the embed frame loaded');
      await embed.waitForFunction(
        () => document.querySelector('live-player')?.getAttribute('state') === 'playing',
        null,
        {
          timeout: 20000,
        },
      );
      assert.equal(await embed.title(), 'Embedded');
    } finally {
      await page.close();
      await closeHost();
    }
  });
});
