// OpenID Connect sign-in to a portal against a real provider (oidc-provider on 127.0.0.1), the whole
// redirect flow driven in Chromium: listed e-mails and domains get in; another domain, an unverified
// e-mail, a replayed or tampered answer, an ID token with a broken signature and an expired session do not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { SESSION_TTL_MS } from '../../server/auth/portal-sessions.ts';
import { ManualClock } from '../../server/clock.ts';
import { launchChromium } from '../helpers/chromium.ts';
import {
  OIDC_ACCOUNTS,
  OIDC_CLIENT,
  startOidcProvider,
  type TestProvider,
} from '../helpers/oidc-provider.ts';
import { createGallery } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Login = keyof typeof OIDC_ACCOUNTS;

describe('portal sign-in with a real OpenID Connect provider', () => {
  let idp: TestProvider;
  let t: TestServer;
  let browser: Browser;
  let fid: string;
  const clock = new ManualClock(Date.now());
  const portalUrl = () => `${t.origin}/portals/idp-hub/`;

  before(async () => {
    idp = await startOidcProvider();
    t = await startTestServer({ clock, openid: { issuer: idp.issuer, ...OIDC_CLIENT } });
    idp.registerClient(`${t.origin}/oidc/callback`);
    fid = (await createGallery(t, 'Team photos')).fid;
    const set = await t.call(
      'portal.set',
      {
        subdomain: 'idp-hub',
        allow_public: 'no',
        idp_openid_user_add: `${OIDC_ACCOUNTS.listed.email},${OIDC_ACCOUNTS.unverified.email}`,
        idp_openid_domain_add: 'corp.test',
        args: JSON.stringify({ title: 'Team hub', galleries: [fid] }),
      },
      { method: 'POST' },
    );
    assert.equal(set.status, 200, JSON.stringify(set.body));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
  });

  /**
   * From the portal through the provider's login and consent pages and back. `onCallback` may change the
   * provider's answer on its way to the server. Returns the page where the flow ended and the callback URL.
   */
  async function signIn(
    context: BrowserContext,
    login: Login,
    onCallback?: (url: URL) => URL,
  ): Promise<{ page: Page; callback: string; status: number }> {
    const page = await context.newPage();
    let callback = '';
    page.on('request', (request) => {
      if (request.url().startsWith(`${t.origin}/oidc/callback`)) callback ||= request.url();
    });
    if (onCallback) {
      // The provider answers with redirects that Playwright does not route: follow them by hand from the
      // form posts of its pages, and rewrite the last one, to the callback, on its way to the browser.
      await page.route(
        (url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'),
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          let response = await route.fetch({ maxRedirects: 0 });
          for (let hop = 0; hop < 5; hop++) {
            const location = response.headers().location;
            if (!location) break;
            const next = new URL(location, idp.issuer);
            if (next.href.startsWith(`${t.origin}/oidc/callback`)) {
              return route.fulfill({ status: 303, headers: { location: onCallback(next).href } });
            }
            if (next.origin !== idp.issuer) break;
            response = await context.request.get(next.href, { maxRedirects: 0 });
          }
          const location = response.headers().location;
          if (location)
            return route.fulfill({ status: 303, headers: { location: new URL(location, idp.issuer).href } });
          return route.fulfill({ response });
        },
      );
    }
    await page.goto(portalUrl());
    assert.match(page.url(), /\/portals\/idp-hub\/sign-in$/);
    await page.getByRole('link', { name: /Continue with/ }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('any password');
    await page.locator('button[type=submit]').click();
    const consent = page.locator('button', { hasText: 'Continue' });
    await Promise.race([consent.waitFor(), page.waitForURL(`${t.origin}/**`)]);
    const answered = page.waitForResponse((response) =>
      response.url().startsWith(`${t.origin}/oidc/callback`),
    );
    if (!page.url().startsWith(t.origin)) await consent.click();
    const status = (await answered).status();
    await page.waitForLoadState();
    return { page, callback, status };
  }

  const sessionCookie = async (context: BrowserContext) =>
    (await context.cookies(portalUrl())).find((cookie) => cookie.name === 'portal_session');

  it('admits a listed, verified e-mail: the portal shows its gallery, the cookie is scoped and HttpOnly', async () => {
    const context = await browser.newContext();
    try {
      const { page } = await signIn(context, 'listed');
      assert.equal(page.url(), portalUrl());
      assert.equal(await page.locator('h1').textContent(), 'Team hub');
      assert.equal(await page.locator(`gallery-view[fid="${fid}"]`).count(), 1);
      assert.match((await page.locator('.who').textContent()) ?? '', /lena@listed\.test/);
      const cookie = await sessionCookie(context);
      assert.ok(cookie, 'a session cookie');
      assert.equal(cookie.path, '/portals/idp-hub/');
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.secure, false, 'plain http here: not Secure');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in$/);
      assert.equal(await sessionCookie(context), undefined);
    } finally {
      await context.close();
    }
  });

  it('admits a verified e-mail of a listed domain', async () => {
    const context = await browser.newContext();
    try {
      const { page } = await signIn(context, 'colleague');
      assert.equal(page.url(), portalUrl());
      assert.match((await page.locator('.who').textContent()) ?? '', /carl@corp\.test/);
    } finally {
      await context.close();
    }
  });

  it('refuses a verified e-mail of another domain, saying so', async () => {
    const context = await browser.newContext();
    try {
      const { page, status } = await signIn(context, 'outsider');
      assert.equal(status, 403);
      assert.match(
        (await page.getByRole('alert').textContent()) ?? '',
        /Not allowed on this portal.*otto@elsewhere\.test/s,
      );
      assert.equal(await page.locator('gallery-view').count(), 0);
      assert.equal(await sessionCookie(context), undefined);
      await page.goto(portalUrl());
      assert.match(page.url(), /\/sign-in$/);
    } finally {
      await context.close();
    }
  });

  it('refuses a listed e-mail the provider has not verified', async () => {
    const context = await browser.newContext();
    try {
      const { page, status } = await signIn(context, 'unverified');
      assert.equal(status, 403);
      assert.match((await page.getByRole('alert').textContent()) ?? '', /not verified.*una@listed\.test/s);
      assert.equal(await sessionCookie(context), undefined);
    } finally {
      await context.close();
    }
  });

  it('refuses a replayed answer, in the same browser and in another', async () => {
    const first = await browser.newContext();
    const other = await browser.newContext();
    try {
      const { page, callback } = await signIn(first, 'listed');
      assert.equal(page.url(), portalUrl());
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in$/);
      for (const context of [first, other]) {
        const replay = await context.newPage();
        const response = await replay.goto(callback);
        assert.equal(response?.status(), 400);
        assert.match((await replay.locator('h1').textContent()) ?? '', /spent/);
        assert.equal(await sessionCookie(context), undefined);
        await replay.goto(portalUrl());
        assert.match(replay.url(), /\/sign-in$/);
      }
    } finally {
      await first.close();
      await other.close();
    }
  });

  it('refuses a tampered state and a tampered code', async () => {
    const tamper: Record<string, (url: URL) => URL> = {
      state: (url) => {
        url.searchParams.set('state', `${url.searchParams.get('state')}x`);
        return url;
      },
      code: (url) => {
        url.searchParams.set('code', `${url.searchParams.get('code')?.slice(0, -2)}zz`);
        return url;
      },
    };
    for (const [what, change] of Object.entries(tamper)) {
      const context = await browser.newContext();
      try {
        const { page, status } = await signIn(context, 'listed', change);
        assert.equal(status, 400, what);
        assert.match((await page.getByRole('alert').textContent()) ?? '', /could not be completed/, what);
        assert.equal(await sessionCookie(context), undefined, what);
        await page.goto(portalUrl());
        assert.match(page.url(), /\/sign-in$/, what);
      } finally {
        await context.close();
      }
    }
  });

  it("refuses an ID token whose signature does not match the issuer's keys", async () => {
    const context = await browser.newContext();
    idp.breakIdTokenSignatures = true;
    try {
      const { page, status } = await signIn(context, 'listed');
      assert.equal(status, 400);
      assert.match((await page.getByRole('alert').textContent()) ?? '', /could not be completed/);
      assert.equal(await sessionCookie(context), undefined);
    } finally {
      idp.breakIdTokenSignatures = false;
      await context.close();
    }
  });

  it('refuses a session once it has expired by the server clock', async () => {
    const context = await browser.newContext();
    try {
      const { page } = await signIn(context, 'colleague');
      assert.equal(page.url(), portalUrl());
      clock.advance(SESSION_TTL_MS - 60_000);
      await page.reload();
      assert.equal(page.url(), portalUrl(), 'still in a minute before the end');
      clock.advance(60_000);
      const response = await page.goto(portalUrl());
      assert.match(page.url(), /\/sign-in$/);
      assert.equal(response?.status(), 200);
      assert.equal(await page.locator('gallery-view').count(), 0);
    } finally {
      await context.close();
    }
  });
});
