// portal.* over real HTTP: naming rules, states, every portal.set setting, and the served portal pages.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createGallery } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POST = { method: 'POST' } as const;

async function portal(server: TestServer, subdomain: string): Promise<Record<string, any>> {
  const { body } = await server.call('portal.list', { subdomain });
  assert.equal(body.portals.length, 1, `portal ${subdomain} listed`);
  return body.portals[0];
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

describe('portal operations', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ skipDnsChecks: true });
  });
  after(() => server.close());

  test('portal.check says available, unavailable or invalid', async () => {
    assert.equal(
      (await server.call('portal.check', { subdomain: 'fresh-name' })).body.subdomain,
      'available',
    );
    await server.call('portal.set', { subdomain: 'taken-name' }, POST);
    const taken = await server.call('portal.check', { subdomain: 'taken-name' });
    assert.equal(taken.status, 200);
    assert.equal(taken.body.subdomain, 'unavailable');
    for (const name of ['ab', '-abc', 'abc-', 'ABC', 'a_b', 'a.b.c', 'x'.repeat(64), 'ümlaut', '']) {
      const { status, body } = await server.call('portal.check', { subdomain: name });
      assert.equal(status, 200, name);
      assert.equal(body.subdomain, 'invalid', name);
    }
    for (const name of ['abc', 'a-b', '123', 'x'.repeat(63)]) {
      assert.equal(
        (await server.call('portal.check', { subdomain: name })).body.subdomain,
        'available',
        name,
      );
    }
    const missing = await server.call('portal.check', {});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'missing_parameter');
  });

  test('portal.set creates a portal with the documented defaults', async () => {
    const { status, body } = await server.call('portal.set', { subdomain: 'defaults' }, POST);
    assert.equal(status, 200);
    assert.equal(body.success, true);
    const entry = await portal(server, 'defaults');
    assert.equal(entry.status, 'active');
    assert.equal(entry.allow_public, 'yes');
    assert.equal(entry.service_login, 'no');
    assert.equal(entry.service_login_registration, 'restricted');
    assert.deepEqual(entry.simple_users, []);
    assert.equal(entry.url, `${server.origin}/portals/defaults/`);
  });

  test('portal.set refuses a bad subdomain with 400 and requires one', async () => {
    for (const subdomain of ['ab', 'Bad_Name', '-x-', 'x'.repeat(64)]) {
      const { status, body } = await server.call('portal.set', { subdomain }, POST);
      assert.equal(status, 400, subdomain);
      assert.equal(body.code, 'invalid_parameter');
    }
    assert.equal((await server.call('portal.set', {}, POST)).body.code, 'missing_parameter');
  });

  test('portal.set stores every parameter and portal.list shows them', async () => {
    const { status } = await server.call(
      'portal.set',
      {
        subdomain: 'everything',
        template: 'video-hub/dark',
        args: JSON.stringify({ title: 'Hub', galleries: ['f1'] }),
        allow_public: 'no',
        service_login: 'yes',
        service_login_registration: 'anyone',
        service_login_user_add: 'a@example.com,B@Example.com',
        service_login_domain_add: 'example.com',
        idp_openid_user_add: 'idp@example.org',
        idp_openid_domain_add: 'corp.example.org,example.net',
        simple_user_add: 'alice:wonder-1,bob:builder-2',
        cname_domain: 'media.example.com',
      },
      POST,
    );
    assert.equal(status, 200);
    const entry = await portal(server, 'everything');
    assert.equal(entry.template, 'video-hub/dark');
    assert.deepEqual(entry.args, { title: 'Hub', galleries: ['f1'] });
    assert.equal(entry.allow_public, 'no');
    assert.equal(entry.service_login, 'yes');
    assert.equal(entry.service_login_registration, 'anyone');
    assert.deepEqual(entry.service_login_users, ['a@example.com', 'b@example.com']);
    assert.deepEqual(entry.service_login_domains, ['example.com']);
    assert.deepEqual(entry.idp_openid_users, ['idp@example.org']);
    assert.deepEqual(entry.idp_openid_domains, ['corp.example.org', 'example.net']);
    assert.deepEqual(entry.simple_users, ['alice', 'bob']);
    assert.equal(entry.cname_domain, 'media.example.com');
  });

  test('a later portal.set keeps what it does not mention and merges lists by _add and _remove', async () => {
    await server.call(
      'portal.set',
      {
        subdomain: 'everything',
        service_login_user_add: 'c@example.com',
        service_login_user_remove: 'a@example.com',
        service_login_domain_remove: 'example.com',
        idp_openid_user_remove: 'idp@example.org',
        idp_openid_domain_add: 'example.io',
        idp_openid_domain_remove: 'example.net',
        simple_user_remove: 'bob',
      },
      POST,
    );
    const entry = await portal(server, 'everything');
    assert.deepEqual(entry.service_login_users, ['b@example.com', 'c@example.com']);
    assert.deepEqual(entry.service_login_domains, []);
    assert.deepEqual(entry.idp_openid_users, []);
    assert.deepEqual(entry.idp_openid_domains, ['corp.example.org', 'example.io']);
    assert.deepEqual(entry.simple_users, ['alice']);
    assert.equal(entry.template, 'video-hub/dark');
    assert.equal(entry.allow_public, 'no');
    assert.equal(entry.cname_domain, 'media.example.com');
  });

  test('simple users come as CSV pairs or a JSON array; passwords are hashed and never returned', async () => {
    await server.call(
      'portal.set',
      {
        subdomain: 'users',
        simple_user_add: JSON.stringify(['carol:pa,ss:word', { user: 'dave', password: 'dave-pw-77' }]),
      },
      POST,
    );
    await server.call('portal.set', { subdomain: 'users', simple_user_add: 'erin:erin-pw-88' }, POST);
    const { body } = await server.call('portal.list');
    const text = JSON.stringify(body);
    for (const secret of ['pa,ss:word', 'dave-pw-77', 'erin-pw-88', 'scrypt'])
      assert.ok(!text.includes(secret), secret);
    assert.deepEqual((await portal(server, 'users')).simple_users, ['carol', 'dave', 'erin']);
    const row = server.server.ctx.db
      .prepare('SELECT simple_users FROM portals WHERE subdomain = ?')
      .get('users') as {
      simple_users: string;
    };
    assert.ok(!row.simple_users.includes('dave-pw-77'));
    assert.match(row.simple_users, /scrypt\$/);
  });

  test('refuses malformed simple users, e-mails, domains and args with 400, changing nothing', async () => {
    const bad: Record<string, string>[] = [
      { simple_user_add: 'nocolon' },
      { simple_user_add: 'user:' },
      { simple_user_add: 'bad user:pw' },
      { simple_user_add: '[not json' },
      { simple_user_add: '[{"user":"x"}]' },
      { service_login_user_add: 'not-an-email' },
      { service_login_user_remove: 'a@b' },
      { idp_openid_user_add: 'x@example.com,@example.com' },
      { service_login_domain_add: 'not a domain' },
      { idp_openid_domain_add: 'localhost' },
      { args: '{not json' },
      { args: '[1,2]' },
      { args: '"text"' },
      { args: '{"galleries":"f1"}' },
      { args: '{"galleries":[1]}' },
      { template: '<script>' },
      { cname_domain: 'not a domain' },
    ];
    const before = await portal(server, 'defaults');
    for (const params of bad) {
      const { status, body } = await server.call('portal.set', { subdomain: 'defaults', ...params }, POST);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.code, 'invalid_parameter', JSON.stringify(params));
      assert.equal(typeof body.message, 'string');
    }
    assert.deepEqual(await portal(server, 'defaults'), before);
  });

  test('allow_public and service_login take yes|no only; registration anyone|restricted|off only', async () => {
    for (const params of [
      { allow_public: 'maybe' },
      { allow_public: 'true' },
      { service_login: '1' },
      { service_login_registration: 'everyone' },
      { service_login_registration: '' },
    ]) {
      const { status, body } = await server.call('portal.set', { subdomain: 'defaults', ...params }, POST);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.code, 'invalid_parameter');
    }
    for (const registration of ['anyone', 'restricted', 'off']) {
      await server.call(
        'portal.set',
        { subdomain: 'defaults', service_login_registration: registration },
        POST,
      );
      assert.equal((await portal(server, 'defaults')).service_login_registration, registration);
    }
  });

  test('portal.cease makes a portal inactive and portal.set reactivates it', async () => {
    await server.call('portal.set', { subdomain: 'cease-me' }, POST);
    const ceased = await server.call('portal.cease', { subdomain: 'cease-me' }, POST);
    assert.equal(ceased.status, 200);
    assert.equal((await portal(server, 'cease-me')).status, 'inactive');
    assert.equal(
      (await server.call('portal.check', { subdomain: 'cease-me' })).body.subdomain,
      'unavailable',
    );
    await server.call('portal.set', { subdomain: 'cease-me' }, POST);
    assert.equal((await portal(server, 'cease-me')).status, 'active');
    assert.equal((await server.call('portal.cease', { subdomain: 'never-made' }, POST)).status, 404);
    assert.equal((await server.call('portal.cease', { subdomain: 'B_A_D' }, POST)).status, 400);
    assert.equal((await server.call('portal.cease', {}, POST)).body.code, 'missing_parameter');
  });

  test('portal.rename moves a portal; 409 when taken, 400 when invalid, 404 for an unknown from', async () => {
    await server.call('portal.set', { subdomain: 'old-name', template: 't1' }, POST);
    await server.call('portal.set', { subdomain: 'occupied' }, POST);
    const moved = await server.call('portal.rename', { from: 'old-name', to: 'new-name' }, POST);
    assert.equal(moved.status, 200);
    assert.equal((await portal(server, 'new-name')).template, 't1');
    assert.equal((await server.call('portal.check', { subdomain: 'old-name' })).body.subdomain, 'available');

    const taken = await server.call('portal.rename', { from: 'new-name', to: 'occupied' }, POST);
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'conflict');
    const bad = await server.call('portal.rename', { from: 'new-name', to: 'No_Good' }, POST);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_parameter');
    const unknown = await server.call('portal.rename', { from: 'ghost-portal', to: 'whatever' }, POST);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'not_found');
    assert.equal(
      (await server.call('portal.rename', { from: 'new-name' }, POST)).body.code,
      'missing_parameter',
    );
    assert.equal((await portal(server, 'new-name')).status, 'active');
  });

  test('portal.remove deletes a portal for good; 404 when it does not exist', async () => {
    await server.call('portal.set', { subdomain: 'remove-me' }, POST);
    assert.equal((await server.call('portal.remove', { subdomain: 'remove-me' }, POST)).status, 200);
    assert.deepEqual((await server.call('portal.list', { subdomain: 'remove-me' })).body.portals, []);
    assert.equal((await server.call('portal.check', { subdomain: 'remove-me' })).body.subdomain, 'available');
    const again = await server.call('portal.remove', { subdomain: 'remove-me' }, POST);
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'not_found');
  });

  test('portal.list returns all portals, or only the one named', async () => {
    const all = await server.call('portal.list');
    assert.equal(all.status, 200);
    const names = all.body.portals.map((p: { subdomain: string }) => p.subdomain);
    for (const name of ['defaults', 'everything', 'users', 'new-name']) assert.ok(names.includes(name), name);
    const blank = await server.call('portal.list', { subdomain: '' });
    assert.equal(blank.body.portals.length, all.body.portals.length);
    const one = await server.call('portal.list', { subdomain: 'users' });
    assert.deepEqual(
      one.body.portals.map((p: { subdomain: string }) => p.subdomain),
      ['users'],
    );
  });

  test('a read token may check and list portals but not change them', async () => {
    const temp = await server.call('token.get_temp', { permissions: 'portal.read' });
    const token = temp.body.token as string;
    assert.equal((await server.call('portal.list', {}, { token })).status, 200);
    assert.equal((await server.call('portal.check', { subdomain: 'abc' }, { token })).status, 200);
    for (const [op, params] of [
      ['portal.set', { subdomain: 'by-reader' }],
      ['portal.cease', { subdomain: 'defaults' }],
      ['portal.remove', { subdomain: 'defaults' }],
      ['portal.rename', { from: 'defaults', to: 'renamed-by-reader' }],
    ] as const) {
      const { status, body } = await server.call(op, params, { method: 'POST', token });
      assert.equal(status, 403, op);
      assert.equal(body.code, 'permission_denied');
    }
    assert.equal((await server.call('portal.list', {}, { token: null })).status, 403);
  });

  test('cname_domain is stored when DNS checks are skipped; one domain serves one portal', async () => {
    await server.call('portal.set', { subdomain: 'with-cname', cname_domain: 'Photos.Example.com' }, POST);
    assert.equal((await portal(server, 'with-cname')).cname_domain, 'photos.example.com');
    const clash = await server.call(
      'portal.set',
      { subdomain: 'defaults', cname_domain: 'photos.example.com' },
      POST,
    );
    assert.equal(clash.status, 409);
    await server.call('portal.set', { subdomain: 'with-cname', cname_domain: '' }, POST);
    assert.equal((await portal(server, 'with-cname')).cname_domain, '');
  });
});

describe('cname_domain with DNS checks on', () => {
  test('refuses a domain whose CNAME cannot be resolved', async () => {
    const server = await startTestServer();
    try {
      const { status, body } = await server.call(
        'portal.set',
        { subdomain: 'dns-check', cname_domain: 'media.gallery-test.invalid' },
        POST,
      );
      assert.equal(status, 400);
      assert.equal(body.code, 'invalid_parameter');
      assert.match(body.message, /cname_domain/);
      assert.deepEqual((await server.call('portal.list', { subdomain: 'dns-check' })).body.portals, []);
    } finally {
      await server.close();
    }
  });
});

describe('served portal pages', () => {
  let server: TestServer;
  let first: { fid: string };
  let second: { fid: string };
  before(async () => {
    server = await startTestServer({ skipDnsChecks: true });
    first = await createGallery(server, 'Holiday <script>alert(1)</script>');
    second = await createGallery(server, 'Second gallery');
  });
  after(() => server.close());

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, { headers, redirect: 'manual' });

  test('a public portal shows every gallery as <gallery-view> with a gallery-read-only token, text escaped', async () => {
    await server.call('portal.set', { subdomain: 'public-hub', args: '{"title":"A & B <i>"}' }, POST);
    const response = await page('/portals/public-hub/');
    assert.equal(response.status, 200);
    assert.match(String(response.headers.get('content-type')), /text\/html/);
    const html = await response.text();
    assert.match(html, /<script type="module" src="\/elements\/gallery-elements\.js"><\/script>/);
    assert.ok(html.includes(`fid="${first.fid}"`));
    assert.ok(html.includes(`fid="${second.fid}"`));
    assert.ok(html.includes(`base-url="${server.baseUrl}"`));
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.ok(html.includes('Holiday &lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('A &amp; B &lt;i&gt;'));

    const token = /token="([^"]+)"/.exec(html)?.[1] as string;
    const ping = await server.call('ping', {}, { token });
    assert.equal(ping.status, 200);
    assert.match(ping.body.permissions, /gallery\.read/);
    assert.doesNotMatch(ping.body.permissions, /asset|update|delete|create|upload/);
    assert.equal((await server.call('gallery.get_items', { fid: first.fid }, { token })).status, 200);
    const write = await server.call('portal.set', { subdomain: 'from-page' }, { method: 'POST', token });
    assert.equal(write.status, 403);
  });

  test('args.galleries limits the page to those galleries', async () => {
    await server.call(
      'portal.set',
      { subdomain: 'one-gallery', args: JSON.stringify({ galleries: [second.fid] }) },
      POST,
    );
    const html = await (await page('/portals/one-gallery/')).text();
    assert.ok(html.includes(`fid="${second.fid}"`));
    assert.ok(!html.includes(`fid="${first.fid}"`));
    // The page's token reads what the page shows and nothing more.
    const token = /token="([^"]+)"/.exec(html)?.[1] as string;
    assert.equal((await server.call('gallery.get_items', { fid: second.fid }, { token })).status, 200);
    const other = await server.call('gallery.get_items', { fid: first.fid }, { token });
    assert.deepEqual([other.status, other.body.code], [403, 'permission_denied']);
    assert.equal((await server.call('gallery.download', { fid: first.fid }, { token })).status, 403);
    const listed = await server.call('gallery.list', {}, { token });
    assert.deepEqual(
      listed.body.galleries.map((g: { fid: string }) => g.fid),
      [second.fid],
    );
    assert.equal(listed.body.items_data.items_count, 1);
    assert.equal((await server.call('asset.list', {}, { token })).status, 403);
  });

  test('a restricted portal sends visitors to its sign-in page, and takes a simple user by HTTP Basic too', async () => {
    await server.call(
      'portal.set',
      { subdomain: 'private-hub', allow_public: 'no', simple_user_add: 'alice:correct-horse' },
      POST,
    );
    const anonymous = await page('/portals/private-hub/');
    assert.equal(anonymous.status, 303);
    assert.equal(anonymous.headers.get('location'), '/portals/private-hub/sign-in');
    // No browser password prompt: the sign-in page is a page.
    assert.equal(anonymous.headers.get('www-authenticate'), null);
    assert.ok(!(await anonymous.text()).includes('gallery-view'));
    const signIn = await page('/portals/private-hub/sign-in');
    assert.equal(signIn.status, 200);
    assert.match(await signIn.text(), /<label for="identifier">User name<\/label>/);

    for (const [user, password] of [
      ['alice', 'wrong-horse'],
      ['alice', ''],
      ['mallory', 'correct-horse'],
    ] as const) {
      const refused = await page('/portals/private-hub/', { authorization: basic(user, password) });
      assert.equal(refused.status, 303, `${user}:${password}`);
      assert.ok(!(await refused.text()).includes(first.fid));
    }
    const garbled = await page('/portals/private-hub/', { authorization: 'Basic !!!' });
    assert.equal(garbled.status, 303);

    const allowed = await page('/portals/private-hub/', { authorization: basic('alice', 'correct-horse') });
    assert.equal(allowed.status, 200);
    const html = await allowed.text();
    assert.ok(html.includes(`fid="${first.fid}"`));
    assert.ok(html.includes('<gallery-view'));
  });

  test('a restricted portal with no rule at all admits nobody and says so', async () => {
    await server.call('portal.set', { subdomain: 'no-way-in', allow_public: 'no' }, POST);
    for (const path of ['/portals/no-way-in/', '/portals/no-way-in/sign-in']) {
      const response = await page(path, { authorization: basic('alice', 'correct-horse') });
      assert.equal(response.status, 403, path);
      const html = await response.text();
      assert.match(html, /Nobody can enter this portal/);
      assert.ok(!html.includes('<gallery-view'));
    }
  });

  test('ceased, removed and unknown portals answer 404; reactivated ones are served again', async () => {
    await server.call('portal.set', { subdomain: 'short-lived' }, POST);
    assert.equal((await page('/portals/short-lived/')).status, 200);
    await server.call('portal.cease', { subdomain: 'short-lived' }, POST);
    assert.equal((await page('/portals/short-lived/')).status, 404);
    await server.call('portal.set', { subdomain: 'short-lived' }, POST);
    assert.equal((await page('/portals/short-lived/')).status, 200);
    await server.call('portal.remove', { subdomain: 'short-lived' }, POST);
    assert.equal((await page('/portals/short-lived/')).status, 404);
    assert.equal((await page('/portals/no-such-portal/')).status, 404);
    assert.equal((await page('/portals/Bad_Name/')).status, 404);
    const notFound = await page('/portals/no-such-portal/');
    assert.match(String(notFound.headers.get('content-type')), /text\/html/);
    assert.match(await notFound.text(), /Portal not found/);
  });

  test('the page without its trailing slash redirects to it', async () => {
    const response = await page('/portals/public-hub');
    assert.equal(response.status, 301);
    assert.equal(response.headers.get('location'), '/portals/public-hub/');
  });
});
