// Signing in to a portal over real HTTP: the session cookie's attributes (Secure behind a trusted proxy
// only), CSRF on every form, sign-out and account removal ending sessions, and brute force slowed down
// per address and per account without locking the right person out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PortalVisitor } from '../helpers/portal-visitor.ts';
import { createGallery } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'correct-horse-9';

describe('portal sign-in', () => {
  let t: TestServer;
  let proxied: TestServer;
  const url = (server: TestServer, path: string) => `${server.origin}/portals/guarded/${path}`;

  const setUp = async (server: TestServer) => {
    await createGallery(server, 'Private photos');
    await server.server.services.users.create('ana@example.test', PASSWORD);
    const set = await server.call(
      'portal.set',
      {
        subdomain: 'guarded',
        allow_public: 'no',
        service_login: 'yes',
        service_login_registration: 'off',
        service_login_user_add: 'ana@example.test',
      },
      { method: 'POST' },
    );
    assert.equal(set.status, 200);
  };
  const signIn = async (visitor: PortalVisitor, server = t, password = PASSWORD) => {
    const page = await visitor.get(url(server, 'sign-in'));
    return visitor.submit(page, 'sign-in', { identifier: 'ana@example.test', password });
  };

  before(async () => {
    t = await startTestServer();
    proxied = await startTestServer({ trustProxy: true });
    await setUp(t);
    await setUp(proxied);
  });
  after(async () => {
    await t?.close();
    await proxied?.close();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie scoped to the portal, not Secure over http', async () => {
    const visitor = new PortalVisitor();
    const answer = await signIn(visitor);
    assert.equal(answer.status, 200);
    assert.equal(answer.url, url(t, ''));
    const line = visitor.setCookies.find((each) => each.startsWith('portal_session='));
    assert.ok(line);
    assert.match(line, /; Path=\/portals\/guarded\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    assert.doesNotMatch(line, /Secure/);
  });

  it('marks cookies Secure behind a trusted proxy saying https, and ignores the header when not told to trust it', async () => {
    for (const [server, secure] of [
      [proxied, true],
      [t, false],
    ] as const) {
      const visitor = new PortalVisitor();
      const page = await visitor.get(url(server, 'sign-in'), { 'x-forwarded-proto': 'https' });
      const csrfLine = visitor.setCookies.find((each) => each.startsWith('portal_csrf='));
      assert.equal(/; Secure/.test(csrfLine ?? ''), secure, `csrf cookie, trusted proxy ${secure}`);
      assert.equal(page.status, 200);
    }
  });

  it("refuses a form without its CSRF token, or with another browser's, and signs no one in", async () => {
    const visitor = new PortalVisitor();
    await visitor.get(url(t, 'sign-in'));
    const missing = await visitor.post(url(t, 'sign-in'), {
      identifier: 'ana@example.test',
      password: PASSWORD,
    });
    assert.equal(missing.status, 403);
    assert.match(missing.body, /This form has expired/);
    const other = new PortalVisitor();
    const otherPage = await other.get(url(t, 'sign-in'));
    const foreign = /name="csrf" value="([^"]*)"/.exec(otherPage.body)?.[1] ?? '';
    const forged = await visitor.post(url(t, 'sign-in'), {
      csrf: foreign,
      identifier: 'ana@example.test',
      password: PASSWORD,
    });
    assert.equal(forged.status, 403);
    assert.equal(visitor.cookie('portal_session'), undefined);
    const register = await visitor.post(url(t, 'register'), { email: 'x@example.test', password: PASSWORD });
    assert.equal(register.status, 403);
  });

  it('signs out with a CSRF-checked form: the session ends on the server, not only in the browser', async () => {
    const visitor = new PortalVisitor();
    const portal = await signIn(visitor);
    const stolen = visitor.cookie('portal_session')?.value ?? '';
    const noToken = await visitor.post(url(t, 'sign-out'), {});
    assert.equal(noToken.status, 403);
    assert.equal((await visitor.get(url(t, ''))).status, 200, 'still signed in');
    const out = await visitor.submit(portal, 'sign-out', {});
    assert.match(out.url, /\/sign-in$/);
    const replay = await new PortalVisitor().get(url(t, ''), { cookie: `portal_session=${stolen}` });
    assert.match(replay.url, /\/sign-in$/, 'the old cookie opens nothing');
  });

  it('ends the sessions of a removed account', async () => {
    await t.server.services.users.create('temp@example.test', PASSWORD);
    await t.call(
      'portal.set',
      { subdomain: 'guarded', service_login_user_add: 'temp@example.test' },
      { method: 'POST' },
    );
    const visitor = new PortalVisitor();
    const page = await visitor.get(url(t, 'sign-in'));
    const inside = await visitor.submit(page, 'sign-in', {
      identifier: 'temp@example.test',
      password: PASSWORD,
    });
    assert.equal(inside.status, 200);
    t.server.services.users.remove('temp@example.test');
    assert.match((await visitor.get(url(t, ''))).url, /\/sign-in$/);
  });

  it('lets a signed-in visitor in only while the portal still lists them', async () => {
    const visitor = new PortalVisitor();
    await signIn(visitor);
    await t.call(
      'portal.set',
      { subdomain: 'guarded', service_login_user_remove: 'ana@example.test' },
      { method: 'POST' },
    );
    const refused = await visitor.get(url(t, ''));
    assert.match(refused.url, /\/sign-in$/);
    assert.match(refused.body, /Not allowed on this portal/);
    await t.call(
      'portal.set',
      { subdomain: 'guarded', service_login_user_add: 'ana@example.test' },
      { method: 'POST' },
    );
    assert.equal((await visitor.get(url(t, ''))).url, url(t, ''));
  });

  it('slows down 20 wrong passwords from one address with 429 and Retry-After, yet lets the right user in from another', async () => {
    const attacker = new PortalVisitor({ localAddress: '127.0.0.2' });
    const statuses: number[] = [];
    let throttled: Awaited<ReturnType<PortalVisitor['get']>> | undefined;
    for (let i = 0; i < 20; i++) {
      const answer = await signIn(attacker, t, `wrong-${i}`);
      statuses.push(answer.status);
      if (answer.status === 429) throttled ??= answer;
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401), 'the first ten are plain refusals');
    assert.deepEqual(statuses.slice(10), Array(10).fill(429), 'then every try waits');
    assert.ok(throttled);
    const retryAfter = Number(throttled.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    assert.match(throttled.body, /Too many sign-in attempts/);
    assert.match(throttled.body, /<h1>/);
    // The right password from the throttled address waits too…
    assert.equal((await signIn(attacker)).status, 429);
    // …but from another address it works.
    const owner = new PortalVisitor({ localAddress: '127.0.0.3' });
    const inside = await signIn(owner);
    assert.equal(inside.status, 200);
    assert.equal(inside.url, url(t, ''));
  });

  it('slows down guessing one account from many addresses', async () => {
    await t.server.services.users.create('target@example.test', PASSWORD);
    await t.call(
      'portal.set',
      { subdomain: 'guarded', service_login_user_add: 'target@example.test' },
      { method: 'POST' },
    );
    const guess = async (address: string, password: string) => {
      const visitor = new PortalVisitor({ localAddress: address });
      const page = await visitor.get(url(t, 'sign-in'));
      return visitor.submit(page, 'sign-in', { identifier: 'target@example.test', password });
    };
    const statuses: number[] = [];
    // 50 wrong passwords, 5 from each of 10 addresses: no address reaches its own limit.
    for (let i = 0; i < 50; i++) statuses.push((await guess(`127.0.1.${1 + (i % 10)}`, `wrong-${i}`)).status);
    assert.ok(statuses.every((status) => status === 401));
    const next = await guess('127.0.1.99', 'wrong-again');
    assert.equal(next.status, 429);
    assert.ok(Number(next.headers['retry-after']) > 0);
  });
});
