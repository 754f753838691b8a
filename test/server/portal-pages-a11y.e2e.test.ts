// The portal pages in Chromium: axe finds no violations on the landing page, sign-in (with and without an
// error), registration and the notices, in light and dark; nothing breaks the strict CSP they are served
// with; and nothing overflows a 390 px wide phone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { axeViolations } from '../helpers/axe-page.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Case {
  name: string;
  path: string;
  /** Brings the page to the state checked. */
  act?: (page: Page) => Promise<void>;
}

describe('portal pages: accessibility, CSP and small screens', () => {
  let t: TestServer;
  let browser: Browser;

  before(async () => {
    t = await startTestServer();
    const gallery = await createGallery(t, 'Harbour & hills');
    for (const caption of ['Dawn', 'Noon', 'Dusk']) {
      await uploadFile(
        gallery.upload_url,
        { name: `${caption}.png`, bytes: tinyPng(40, 30), mime: 'image/png' },
        { caption },
      );
    }
    await t.server.services.users.create('ana@example.test', 'right-password-1');
    const post = { method: 'POST' } as const;
    await t.call(
      'portal.set',
      { subdomain: 'open-house', args: JSON.stringify({ title: 'Open house', description: 'Our photos.' }) },
      post,
    );
    await t.call(
      'portal.set',
      {
        subdomain: 'members',
        allow_public: 'no',
        service_login: 'yes',
        service_login_registration: 'anyone',
        simple_user_add: 'alice:right-password-1',
      },
      post,
    );
    await t.call('portal.set', { subdomain: 'sealed', allow_public: 'no' }, post);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  const signInWrong = async (page: Page) => {
    await page.fill('#identifier', 'ana@example.test');
    await page.fill('#password', 'wrong');
    await page.click('button[type=submit]');
    await page.locator('[role=alert]').waitFor();
  };
  const cases: Case[] = [
    {
      name: 'landing page',
      path: '/portals/open-house/',
      act: async (page) => {
        await page.waitForFunction(
          () =>
            (document.querySelector('gallery-view')?.shadowRoot?.querySelectorAll('img').length ?? 0) === 3,
        );
      },
    },
    {
      name: 'landing page with the lightbox open',
      path: '/portals/open-house/',
      act: async (page) => {
        await page.locator('gallery-view [part="tile-button"]').first().click();
        await page.locator('gallery-view [part="lightbox-image"]').waitFor();
      },
    },
    {
      name: 'signed-in landing page',
      path: '/portals/members/sign-in',
      act: async (page) => {
        await page.fill('#identifier', 'ana@example.test');
        await page.fill('#password', 'right-password-1');
        await page.click('button[type=submit]');
        await page.locator('.who').waitFor();
      },
    },
    { name: 'sign-in page', path: '/portals/members/sign-in' },
    { name: 'sign-in page with an error', path: '/portals/members/sign-in', act: signInWrong },
    { name: 'registration page', path: '/portals/members/register' },
    { name: 'closed portal notice', path: '/portals/sealed/' },
    { name: 'not found notice', path: '/portals/no-such-portal/' },
  ];

  for (const scheme of ['light', 'dark'] as const) {
    for (const test of cases) {
      it(`${test.name} (${scheme}): no axe violations, no CSP violation, nothing wider than 390 px`, async () => {
        const context = await browser.newContext({
          colorScheme: scheme,
          viewport: { width: 390, height: 844 },
        });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        try {
          await page.goto(`${t.origin}${test.path}`);
          await test.act?.(page);
          const violations = await axeViolations(page);
          assert.deepEqual(violations, []);
          assert.deepEqual(problems, []);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
