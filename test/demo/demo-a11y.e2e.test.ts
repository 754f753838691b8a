// Every demo page in Chromium, at a phone's and a desktop's width, light and dark: axe finds no violation,
// nothing is wider than the screen, the header marks the page, and the status line names the gallery and
// stream in words, not ids.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright';
import { DEMO_GALLERY, seedDemoGallery } from '../../server/web/demo-seed.ts';
import { axeViolations } from '../helpers/axe-page.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Each page, and what its status line says once the elements are wired (the React page has none). */
const PAGES: { path: string; status?: RegExp }[] = [
  {
    path: '/demo/',
    status:
      /^Gallery “Demo gallery”, 6 items · live stream “Demo stream” · reference server at 127\.0\.0\.1:\d+$/,
  },
  { path: '/demo/uploader.html', status: /^Gallery “Demo gallery”, 6 items · reference server at / },
  { path: '/demo/view.html', status: /^Gallery “Demo gallery”, 6 items · reference server at / },
  { path: '/demo/live.html', status: /^Live stream “Demo stream” · reference server at / },
  { path: '/demo/react/' },
];

const WIDTHS = [390, 1280];
const SCHEMES = ['light', 'dark'] as const;

describe('demo pages: accessibility, small screens and words', () => {
  let t: TestServer;
  let browser: Browser;
  let fid: string;

  before(async () => {
    t = await startTestServer({ demo: true });
    await seedDemoGallery(t.baseUrl, t.token);
    const { body } = await t.call('gallery.list', { search: `caption=${DEMO_GALLERY}` });
    fid = body.galleries[0].fid;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const { path, status } of PAGES) {
    it(`${path}: no axe violation and no overflow at 390 and 1280 px, light and dark`, async () => {
      for (const width of WIDTHS) {
        for (const colorScheme of SCHEMES) {
          const where = `${path} at ${width} px, ${colorScheme}`;
          const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
          const page = await context.newPage();
          try {
            await page.goto(`${t.origin}${path}`);
            // Wired: the status line says so, and the gallery shows its photos.
            if (status) await page.locator('[data-status][data-state="ready"]').waitFor({ timeout: 20_000 });
            await page.waitForFunction(
              () => {
                const view = document.querySelector('gallery-view');
                return !view || (view.shadowRoot?.querySelectorAll('img').length ?? 0) > 0;
              },
              null,
              { timeout: 20_000 },
            );
            if (status) {
              const text = (await page.locator('[data-status]').textContent()) ?? '';
              assert.match(text, status, where);
              assert.ok(!text.includes(fid), `${where}: the status shows no gallery id`);
            }
            const current = await page.locator('nav a[aria-current="page"]').getAttribute('href');
            assert.equal(current, path, `${where}: the header marks the page`);
            const violations = await axeViolations(page);
            assert.deepEqual(violations, [], where);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            assert.ok(overflow <= 0, `${where}: the page is ${overflow} px wider than the screen`);
          } finally {
            await context.close();
          }
        }
      }
    });
  }
});
