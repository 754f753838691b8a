// Every demo page of the reference server loads cleanly in Chromium: no request answered 4xx/5xx or
// failed, no console error, no uncaught exception (the live page before its stream starts: the player
// asks live.list, not the playlist, and the favicon is there).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Each page, and what shows it finished wiring its elements. */
const PAGES: { path: string; ready: () => boolean }[] = [
  {
    path: '/demo/',
    ready: () => document.querySelector<HTMLElement>('[data-status]')?.dataset.state === 'ready',
  },
  {
    path: '/demo/uploader.html',
    ready: () => document.querySelector<HTMLElement>('[data-status]')?.dataset.state === 'ready',
  },
  {
    path: '/demo/view.html',
    ready: () => document.querySelector<HTMLElement>('[data-status]')?.dataset.state === 'ready',
  },
  // The stream is idle: ready once live.list answered and the player waits for it.
  {
    path: '/demo/live.html',
    ready: () =>
      (document.querySelector('live-player') as { streamState?: string } | null)?.streamState === 'idle',
  },
  {
    path: '/demo/react/',
    ready: () => document.querySelector('gallery-view')?.getAttribute('state') !== null,
  },
];

describe('demo pages load cleanly', () => {
  let server: TestServer;
  let browser: Browser;

  before(async () => {
    server = await startTestServer({ demo: true });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens `path`, waits until it is wired and the network is quiet; returns everything that went wrong. */
  async function problemsOf(path: string, ready: () => boolean): Promise<string[]> {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) =>
      problems.push(`failed ${request.url()}: ${request.failure()?.errorText ?? ''}`),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    try {
      await page.goto(`${server.origin}${path}`);
      await page.waitForFunction(ready, null, { timeout: 20_000 });
      await page.waitForLoadState('networkidle', { timeout: 10_000 });
      return problems;
    } finally {
      await page.close();
    }
  }

  for (const { path, ready } of PAGES) {
    it(`${path}: no failed request, no console error`, async () => {
      assert.deepEqual(await problemsOf(path, ready), []);
    });
  }

  it('links the favicon from every page, served as SVG', async () => {
    for (const { path } of PAGES) {
      const html = await (await fetch(`${server.origin}${path}`)).text();
      assert.match(html, /<link rel="icon" href="\/demo\/favicon\.svg" type="image\/svg\+xml" \/>/, path);
    }
    const icon = await fetch(`${server.origin}/demo/favicon.svg`);
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    assert.match(await icon.text(), /^<svg /);
  });
});
