// ping and token.get_temp over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('general operations', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  it('ping answers pong with account, permissions, ip and token type', async () => {
    const { status, body } = await t.call('ping');
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(typeof body.runtime, 'number');
    assert.equal(body.ping, 'pong');
    assert.match(body.accid, /^\d+$/);
    assert.equal(body.token_type, 'application');
    assert.equal(body.ip, '127.0.0.1');
    assert.match(body.permissions, /\|gallery\.\*\|/);
  });

  it('refuses a missing or unknown token with 403 invalid_token', async () => {
    for (const token of [null, 'nope']) {
      const { status, body } = await t.call('ping', {}, { token });
      assert.equal(status, 403);
      assert.deepEqual([body.success, body.code], [false, 'invalid_token']);
      assert.equal(typeof body.message, 'string');
    }
  });

  it('answers an unknown operation with a JSON 404', async () => {
    const { status, body } = await t.call('nope.json');
    assert.equal(status, 404);
    assert.equal(body.code, 'not_found');
  });

  it('sends CORS headers and answers preflight', async () => {
    const { headers } = await t.call('ping');
    assert.equal(headers.get('access-control-allow-origin'), '*');
    const preflight = await fetch(new URL('ping.json', t.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: 'http://example.test', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /GET/);
  });

  it('issues a temporary token narrowed to the requested permissions', async () => {
    const { status, body } = await t.call('token.get_temp', { permissions: 'asset.*|gallery.read', ttl: 60 });
    assert.equal(status, 200);
    assert.equal(typeof body.token, 'string');
    const ping = await t.call('ping', {}, { token: body.token });
    assert.equal(ping.body.token_type, 'temporary');
    assert.equal(ping.body.permissions, '|asset.*|gallery.read|');
  });

  it('gives a temporary token with empty permissions no permission at all', async () => {
    const { body } = await t.call('token.get_temp', { permissions: '' });
    const ping = await t.call('ping', {}, { token: body.token });
    assert.equal(ping.body.permissions, '||');
  });

  it('rejects a malformed ttl, permission pattern and source ip with 400', async () => {
    for (const params of [
      { ttl: 'soon' },
      { permissions: 'gallery.fly' },
      { permissions: 'a b' },
      { sourceip: '999.1.1.1' },
    ]) {
      const { status, body } = await t.call('token.get_temp', params);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.code, 'invalid_parameter');
    }
  });

  it('refuses a temporary token from another address with 403 ip_not_allowed', async () => {
    const { body } = await t.call('token.get_temp', { permissions: '*', sourceip: '10.9.8.7' });
    const ping = await t.call('ping', {}, { token: body.token });
    assert.equal(ping.status, 403);
    assert.equal(ping.body.code, 'ip_not_allowed');
    const own = await t.call('token.get_temp', { permissions: '*', sourceip: '127.0.0.1' });
    assert.equal((await t.call('ping', {}, { token: own.body.token })).status, 200);
  });

  it('accepts POST for GET operations', async () => {
    const { status, body } = await t.call('ping', {}, { method: 'POST' });
    assert.equal(status, 200);
    assert.equal(body.ping, 'pong');
  });
});
