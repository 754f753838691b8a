// The permission table of served portals: every kind of access rule, each with a visitor it must let in
// and one it must refuse, over real HTTP (and a real OpenID provider). The table is printed at the end.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  OIDC_ACCOUNTS,
  OIDC_CLIENT,
  startOidcProvider,
  type TestProvider,
} from '../helpers/oidc-provider.ts';
import { type Answer, PortalVisitor } from '../helpers/portal-visitor.ts';
import { createGallery } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const CNAME = 'photos.example.test';
const PASSWORD = 'right-password-1';

/** The landing page itself, not a sign-in page or a notice. */
const isPortalPage = (answer: Answer) =>
  answer.status === 200 &&
  answer.body.includes('class="wrap galleries"') &&
  answer.body.includes('<gallery-view');

interface Row {
  rule: string;
  visitor: string;
  expect: 'in' | 'refused';
  /** What the visitor does; the answer where it ended. */
  visit: () => Promise<Answer>;
}

describe('portal permission table', () => {
  let idp: TestProvider;
  let t: TestServer;
  const results: { rule: string; visitor: string; expect: string; got: string; status: number }[] = [];
  const url = (portal: string, path = '') => `${t.origin}/portals/${portal}/${path}`;

  const set = async (subdomain: string, params: Record<string, string>) => {
    const answer = await t.call('portal.set', { subdomain, ...params }, { method: 'POST' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };
  const signIn = async (
    portal: string,
    identifier: string,
    password = PASSWORD,
    visitor = new PortalVisitor(),
  ) => {
    const page = await visitor.get(url(portal));
    return visitor.submit(page, 'sign-in', { identifier, password });
  };
  const register = async (portal: string, email: string, password = PASSWORD) => {
    const visitor = new PortalVisitor();
    const page = await visitor.get(url(portal, 'register'));
    return visitor.submit(page, 'register', { email, password });
  };
  const openid = async (portal: string, login: keyof typeof OIDC_ACCOUNTS) => {
    const visitor = new PortalVisitor();
    const loginPage = await visitor.get(url(portal, 'openid'));
    assert.ok(loginPage.url.startsWith(idp.issuer), `at the provider: ${loginPage.url}`);
    const consent = await visitor.postForm(loginPage, { login, password: 'any' });
    return visitor.postForm(consent);
  };

  before(async () => {
    idp = await startOidcProvider();
    t = await startTestServer({ skipDnsChecks: true, openid: { issuer: idp.issuer, ...OIDC_CLIENT } });
    idp.registerClient(`${t.origin}/oidc/callback`);
    await createGallery(t, 'Shared photos');
    for (const email of ['ana@listed.test', 'bob@unlisted.test', 'dan@team.test', 'eve@sub.team.test']) {
      await t.server.services.users.create(email, PASSWORD);
    }
    const restricted = { allow_public: 'no' };
    const accounts = { ...restricted, service_login: 'yes' };
    await set('tbl-public', {});
    await set('tbl-simple', { ...restricted, simple_user_add: `alice:${PASSWORD}` });
    await set('tbl-users', {
      ...accounts,
      service_login_registration: 'off',
      service_login_user_add: 'ana@listed.test',
    });
    await set('tbl-domain', {
      ...accounts,
      service_login_registration: 'off',
      service_login_domain_add: 'team.test',
    });
    await set('tbl-anyone', { ...accounts, service_login_registration: 'anyone' });
    await set('tbl-restricted', {
      ...accounts,
      service_login_registration: 'restricted',
      service_login_user_add: 'new@listed.test',
    });
    await set('tbl-off', {
      ...accounts,
      service_login_registration: 'off',
      service_login_user_add: 'ana@listed.test,late@listed.test',
    });
    await set('tbl-oidc-user', { ...restricted, idp_openid_user_add: OIDC_ACCOUNTS.listed.email });
    await set('tbl-oidc-domain', { ...restricted, idp_openid_domain_add: 'corp.test' });
    await set('tbl-closed', restricted);
    await set('tbl-ceased', {});
    await set('tbl-cname', { ...restricted, simple_user_add: `alice:${PASSWORD}`, cname_domain: CNAME });
  });
  after(async () => {
    const width = (key: 'rule' | 'visitor') => Math.max(...results.map((row) => row[key].length));
    const lines = results.map(
      (row) =>
        `| ${row.rule.padEnd(width('rule'))} | ${row.visitor.padEnd(width('visitor'))} | ${row.expect.padEnd(7)} | ${row.got.padEnd(7)} | ${String(row.status)} | ${row.expect === row.got ? 'ok' : 'FAIL'} |`,
    );
    console.log(['', '| rule | visitor | expect | got | HTTP | |', ...lines].join('\n'));
    await t?.close();
    await idp?.close();
  });

  const rows: Row[] = [
    {
      rule: 'public',
      visitor: 'anyone, no sign-in',
      expect: 'in',
      visit: () => new PortalVisitor().get(url('tbl-public')),
    },
    {
      rule: 'public',
      visitor: 'nobody is refused (a bad session and password too)',
      expect: 'in',
      visit: () =>
        new PortalVisitor().get(url('tbl-public'), {
          cookie: 'portal_session=forged',
          authorization: `Basic ${Buffer.from('x:y').toString('base64')}`,
        }),
    },
    {
      rule: 'simple user',
      visitor: 'alice, right password',
      expect: 'in',
      visit: () => signIn('tbl-simple', 'alice'),
    },
    {
      rule: 'simple user',
      visitor: 'alice, wrong password',
      expect: 'refused',
      visit: () => signIn('tbl-simple', 'alice', 'wrong-password'),
    },
    {
      rule: 'simple user (HTTP Basic)',
      visitor: 'alice, right password',
      expect: 'in',
      visit: () =>
        new PortalVisitor().get(url('tbl-simple'), {
          authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`,
        }),
    },
    {
      rule: 'platform user listed',
      visitor: 'ana@listed.test',
      expect: 'in',
      visit: () => signIn('tbl-users', 'ana@listed.test'),
    },
    {
      rule: 'platform user listed',
      visitor: 'bob@unlisted.test (own account)',
      expect: 'refused',
      visit: () => signIn('tbl-users', 'bob@unlisted.test'),
    },
    {
      rule: 'platform domain listed',
      visitor: 'dan@team.test',
      expect: 'in',
      visit: () => signIn('tbl-domain', 'dan@team.test'),
    },
    {
      rule: 'platform domain listed',
      visitor: 'eve@sub.team.test',
      expect: 'refused',
      visit: () => signIn('tbl-domain', 'eve@sub.team.test'),
    },
    {
      rule: 'registration anyone',
      visitor: 'a new visitor registers',
      expect: 'in',
      visit: () => register('tbl-anyone', 'fresh@anywhere.test'),
    },
    {
      rule: 'registration anyone',
      visitor: 'registers an address with an account',
      expect: 'refused',
      visit: () => register('tbl-anyone', 'bob@unlisted.test', 'not-bobs-password'),
    },
    {
      rule: 'registration restricted',
      visitor: 'listed new@listed.test registers',
      expect: 'in',
      visit: () => register('tbl-restricted', 'new@listed.test'),
    },
    {
      rule: 'registration restricted',
      visitor: 'unlisted stranger@else.test registers',
      expect: 'refused',
      visit: () => register('tbl-restricted', 'stranger@else.test'),
    },
    {
      rule: 'registration off',
      visitor: 'listed account signs in',
      expect: 'in',
      visit: () => signIn('tbl-off', 'ana@listed.test'),
    },
    {
      rule: 'registration off',
      visitor: 'listed late@listed.test registers',
      expect: 'refused',
      visit: () => register('tbl-off', 'late@listed.test'),
    },
    {
      rule: 'OpenID user',
      visitor: OIDC_ACCOUNTS.listed.email,
      expect: 'in',
      visit: () => openid('tbl-oidc-user', 'listed'),
    },
    {
      rule: 'OpenID user',
      visitor: `${OIDC_ACCOUNTS.colleague.email} (not listed)`,
      expect: 'refused',
      visit: () => openid('tbl-oidc-user', 'colleague'),
    },
    {
      rule: 'OpenID domain',
      visitor: OIDC_ACCOUNTS.colleague.email,
      expect: 'in',
      visit: () => openid('tbl-oidc-domain', 'colleague'),
    },
    {
      rule: 'OpenID domain',
      visitor: `${OIDC_ACCOUNTS.outsider.email} (other domain)`,
      expect: 'refused',
      visit: () => openid('tbl-oidc-domain', 'outsider'),
    },
    {
      rule: 'allow_public=no, no rule',
      visitor: 'anyone, with any password',
      expect: 'refused',
      visit: async () => {
        const answer = await new PortalVisitor().get(url('tbl-closed'), {
          authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`,
        });
        assert.equal(answer.status, 403);
        assert.match(answer.body, /Nobody can enter this portal/);
        return answer;
      },
    },
    {
      rule: 'ceased',
      visitor: 'anyone',
      expect: 'refused',
      visit: async () => {
        await t.call('portal.cease', { subdomain: 'tbl-ceased' }, { method: 'POST' });
        const answer = await new PortalVisitor().get(url('tbl-ceased'));
        assert.equal(answer.status, 404);
        assert.match(answer.body, /Portal not found/);
        return answer;
      },
    },
    {
      rule: 'ceased',
      visitor: 'anyone, once set again',
      expect: 'in',
      visit: async () => {
        await set('tbl-ceased', {});
        return new PortalVisitor().get(url('tbl-ceased'));
      },
    },
    {
      rule: `cname ${CNAME}`,
      visitor: 'alice signs in on that host',
      expect: 'in',
      visit: async () => {
        const visitor = new PortalVisitor({ hosts: { [CNAME]: t.origin } });
        const origin = `http://${CNAME}:${new URL(t.origin).port}`;
        const signInPage = await visitor.get(`${origin}/`);
        assert.equal(new URL(signInPage.url).pathname, '/sign-in');
        const answer = await visitor.submit(signInPage, '/sign-in', {
          identifier: 'alice',
          password: PASSWORD,
        });
        assert.equal(new URL(answer.url).pathname, '/');
        assert.equal(visitor.cookie('portal_session')?.path, '/');
        return answer;
      },
    },
    {
      rule: `cname ${CNAME}`,
      visitor: 'alice, wrong password',
      expect: 'refused',
      visit: async () => {
        const visitor = new PortalVisitor({ hosts: { [CNAME]: t.origin } });
        const signInPage = await visitor.get(`http://${CNAME}:${new URL(t.origin).port}/`);
        return visitor.submit(signInPage, '/sign-in', { identifier: 'alice', password: 'wrong-password' });
      },
    },
  ];

  for (const row of rows) {
    it(`${row.rule}: ${row.visitor} is ${row.expect === 'in' ? 'let in' : 'refused'}`, async () => {
      const answer = await row.visit();
      const got = isPortalPage(answer) ? 'in' : 'refused';
      results.push({ rule: row.rule, visitor: row.visitor, expect: row.expect, got, status: answer.status });
      assert.equal(got, row.expect, `${answer.status} ${answer.url}\n${answer.body.slice(0, 400)}`);
      if (got === 'refused') assert.notEqual(answer.status, 200, 'a refusal is not a 200');
    });
  }
});
