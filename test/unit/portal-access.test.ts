// The portal access rules alone: which ways in a portal offers, who may register, who is admitted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  admits,
  closed,
  listed,
  mayRegister,
  type PortalRules,
  signInMethods,
} from '../../server/auth/portal-access.ts';

const rules = (over: Partial<PortalRules> = {}): PortalRules => ({
  subdomain: 'p',
  allow_public: 'no',
  service_login: 'no',
  service_login_registration: 'restricted',
  service_login_users: [],
  service_login_domains: [],
  idp_openid_users: [],
  idp_openid_domains: [],
  simple_users: [],
  cname_domain: '',
  ...over,
});

describe('portal access rules', () => {
  it('lists an address by itself or by exactly its domain', () => {
    assert.ok(listed('A@Example.com', ['a@example.com'], []));
    assert.ok(listed('b@example.com', [], ['example.com']));
    assert.ok(!listed('b@sub.example.com', [], ['example.com']));
    assert.ok(!listed('b@example.com.evil', [], ['example.com']));
  });

  it('admits everyone to a public portal and nobody unsigned to a restricted one', () => {
    assert.ok(admits(rules({ allow_public: 'yes' }), null));
    assert.ok(!admits(rules({ simple_users: ['alice'] }), null));
  });

  it('admits platform accounts only with service_login, listed, or anyone when registration is open', () => {
    const ana = { kind: 'platform', email: 'ana@x.test' } as const;
    assert.ok(!admits(rules({ service_login_users: ['ana@x.test'] }), ana));
    assert.ok(admits(rules({ service_login: 'yes', service_login_users: ['ana@x.test'] }), ana));
    assert.ok(!admits(rules({ service_login: 'yes', service_login_domains: ['y.test'] }), ana));
    assert.ok(admits(rules({ service_login: 'yes', service_login_registration: 'anyone' }), ana));
    // An OpenID identity is not a platform one, and the other way round.
    assert.ok(!admits(rules({ idp_openid_users: ['ana@x.test'] }), ana));
    assert.ok(admits(rules({ idp_openid_users: ['ana@x.test'] }), { kind: 'openid', email: 'ana@x.test' }));
    assert.ok(
      !admits(rules({ service_login: 'yes', service_login_users: ['ana@x.test'] }), {
        kind: 'openid',
        email: 'ana@x.test',
      }),
    );
  });

  it('lets register: anyone with open registration, listed ones when restricted, nobody when off', () => {
    const on = { service_login: 'yes' as const, service_login_users: ['l@x.test'] };
    assert.ok(mayRegister(rules({ ...on, service_login_registration: 'anyone' }), 'new@else.test'));
    assert.ok(mayRegister(rules({ ...on, service_login_registration: 'restricted' }), 'l@x.test'));
    assert.ok(!mayRegister(rules({ ...on, service_login_registration: 'restricted' }), 'new@else.test'));
    assert.ok(!mayRegister(rules({ ...on, service_login_registration: 'off' }), 'l@x.test'));
    assert.ok(!mayRegister(rules({ service_login_registration: 'anyone' }), 'new@else.test'));
  });

  it('calls a restricted portal closed when it offers no way in', () => {
    assert.ok(closed(rules(), true));
    assert.ok(closed(rules({ service_login: 'yes' }), true), 'platform login with nobody listed');
    assert.ok(closed(rules({ idp_openid_domains: ['x.test'] }), false), 'OpenID rules without a provider');
    assert.ok(!closed(rules({ idp_openid_domains: ['x.test'] }), true));
    assert.ok(!closed(rules({ simple_users: ['alice'] }), false));
    assert.ok(!closed(rules({ allow_public: 'yes' }), false));
    assert.deepEqual(
      signInMethods(
        rules({ simple_users: ['a'], service_login: 'yes', service_login_registration: 'anyone' }),
        false,
      ),
      {
        password: true,
        accounts: true,
        register: true,
        openid: false,
      },
    );
  });
});
