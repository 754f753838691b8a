// The script-tag bundle in Chromium, as a site would paste it: dist/gallery-elements.js on a page under a
// strict Content-Security-Policy (no inline script or style, no eval), all three elements against the
// reference server, and not one CSP violation or page error.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { DIST, ensureBuilt } from '../helpers/dist.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * What the elements need beyond 'self': the API's origin for calls, uploads, thumbnails and HLS; blob: for
 * Uppy's previews, hls.js's MediaSource and its worker; data: for the SVG icons in Uppy's stylesheet.
 */
function policy(api: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${api}`,
    `img-src 'self' ${api} blob: data:`,
    `media-src 'self' ${api} blob:`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface Site {
  url: string;
  close(): Promise<void>;
}

/**
 * A site on another origin: its pages, and dist/ twice (`/a/` and `/b/`), so a page can load two copies
 * of the bundle the way two widgets on one page would.
 */
async function startSite(pages: Record<string, string>, csp: string): Promise<Site> {
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const page = pages[path];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
      response.end(page);
      return;
    }
    const copy = /^\/(a|b)\/([\w./-]+\.js)$/.exec(path);
    const file = copy ? normalize(join(DIST, copy[2] as string)) : '';
    if (
      !copy ||
      !file.startsWith(`${DIST}/`) ||
      !/^(gallery-elements\.js|script-tag\/)/.test(copy[2] as string)
    ) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

interface Problems {
  violations: string[];
  errors: string[];
}

/** Collects CSP violations (the event, and Chromium's console report) and uncaught page errors. */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { violations: [], errors: [] };
  await page.exposeFunction('reportViolation', (text: string) => problems.violations.push(text));
  await page.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
        report(
          `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) problems.violations.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(String(error)));
  return problems;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

describe('dist/gallery-elements.js on a page under a strict CSP', () => {
  let api: TestServer;
  let site: Site;
  let browser: Browser;
  let fid: string;
  let liveid: string;

  before(async () => {
    ensureBuilt();
    api = await startTestServer({ liveStartDelayMs: 100 });
    const gallery = await createGallery(api, 'Script tag');
    fid = gallery.fid;
    const uploaded = await uploadFile(gallery.upload_url, {
      name: 'seed.png',
      bytes: tinyPng(8, 6),
      mime: 'image/png',
    });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const stream = await api.call('live.create', { name: 'Script tag' });
    assert.equal(stream.status, 200, JSON.stringify(stream.body));
    liveid = stream.body.liveid;
    assert.equal((await api.call('live.start', { liveid })).status, 200);

    const attrs = (extra: Record<string, string>) =>
      Object.entries({ 'base-url': api.baseUrl, token: api.token, ...extra })
        .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
        .join(' ');
    const body = `<gallery-view ${attrs({ fid })}></gallery-view>
      <gallery-uploader ${attrs({ fid })}></gallery-uploader>
      <live-player ${attrs({ liveid })} muted autoplay></live-player>`;
    const html = (scripts: string) =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widgets</title>${scripts}</head><body>${body}</body></html>`;
    site = await startSite(
      {
        // The module script, plus a second copy of the bundle as a classic script: defining twice must not throw.
        '/module.html': html(
          '<script type="module" src="/a/gallery-elements.js"></script><script src="/b/gallery-elements.js" defer></script>',
        ),
        '/classic.html': html('<script src="/a/gallery-elements.js"></script>'),
      },
      policy(api.origin),
    );
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  async function open(path: string): Promise<{ page: Page; problems: Problems }> {
    const page = await browser.newPage();
    const problems = await watch(page);
    await page.goto(`${site.url}${path}`);
    return { page, problems };
  }

  it('with <script type="module"> (and a second copy of the bundle): all three elements work', async () => {
    const { page, problems } = await open('/module.html');
    try {
      // <gallery-view> shows the gallery's item.
      await page.locator('gallery-view [part~="tile"]').first().waitFor({ timeout: 10000 });
      assert.equal(await page.locator('gallery-view').getAttribute('state'), 'ready');
      assert.equal(await page.locator('gallery-view [part~="tile"]').count(), 1);

      // <gallery-uploader> shows Uppy's Dashboard and uploads a file picked through its input.
      const uploader = page.locator('gallery-uploader');
      await uploader.locator('.uppy-Dashboard').first().waitFor({ timeout: 10000 });
      const success = page.evaluate(
        () =>
          new Promise<{ rid: string; fid: string }>((resolve) =>
            document
              .querySelector('gallery-uploader')!
              .addEventListener('gallery-upload-success', (event) => resolve((event as CustomEvent).detail), {
                once: true,
              }),
          ),
      );
      await uploader
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'picked.png', mimeType: 'image/png', buffer: Buffer.from(tinyPng(6, 4)) });
      await uploader.locator('.uppy-StatusBar-actionBtn--upload').click({ timeout: 10000 });
      const detail = await success;
      assert.equal(detail.fid, fid);
      const items = await api.call('gallery.get_items', { fid });
      assert.ok(
        items.body.folder.items.some((item: { rid: string }) => item.rid === detail.rid),
        'the upload is in the gallery',
      );

      // <live-player> plays the started stream (hls.js loaded lazily, MSE under the CSP).
      await page.waitForFunction(
        () => document.querySelector('live-player')?.getAttribute('state') === 'playing',
        null,
        {
          timeout: 20000,
        },
      );

      // Both copies ran; each tag was defined once, by the first copy that got there.
      const defined = await page.evaluate(() =>
        ['gallery-view', 'gallery-uploader', 'live-player'].map((tag) => Boolean(customElements.get(tag))),
      );
      assert.deepEqual(defined, [true, true, true]);
      assert.deepEqual(problems.errors, []);
      assert.deepEqual(problems.violations, []);
    } finally {
      await page.close();
    }
  });

  it('with a classic <script src>: the elements register and render', async () => {
    const { page, problems } = await open('/classic.html');
    try {
      await page.locator('gallery-view [part~="tile"]').first().waitFor({ timeout: 10000 });
      await page.locator('gallery-uploader .uppy-Dashboard').first().waitFor({ timeout: 10000 });
      await page.waitForFunction(
        () => document.querySelector('live-player')?.getAttribute('state') === 'playing',
        null,
        {
          timeout: 20000,
        },
      );
      assert.deepEqual(problems.errors, []);
      assert.deepEqual(problems.violations, []);
    } finally {
      await page.close();
    }
  });
});
