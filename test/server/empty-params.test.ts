// An empty parameter value reads as absent on every operation: missing when required, ignored when optional.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('empty parameter values', () => {
  let t: TestServer;
  let fid: string;
  before(async () => {
    t = await startTestServer();
    const created = await t.call('gallery.create', { name: 'Kept' }, { method: 'POST' });
    fid = created.body.fid;
  });
  after(() => t.close());

  it('an empty required parameter is 400 missing_parameter, whatever the operation', async () => {
    const cases: [string, Record<string, string>][] = [
      ['gallery.get_items', { fid: '' }],
      ['gallery.set_meta', { fid: '', name: 'x' }],
      ['gallery.delete', { fid: '' }],
      ['asset.set_meta', { rid: '', caption: 'x' }],
      ['asset.delete', { rid: '' }],
      ['asset.resync', { rid: '' }],
      ['asset.upload_from_url', { input: '' }],
      ['live.start', { liveid: '' }],
      ['webhook.set', { hook_url: '', security_key: 'k' }],
      ['upload.get_upload_token', { fid: '' }],
    ];
    for (const [operation, params] of cases) {
      const { status, body } = await t.call(operation, params, { method: 'POST' });
      assert.equal(status, 400, operation);
      assert.deepEqual([body.success, body.code], [false, 'missing_parameter'], operation);
      assert.match(body.message, /required/, operation);
    }
    const list = await t.call('gallery.list');
    assert.deepEqual(
      list.body.galleries.map((g: { fid: string; name: string }) => [g.fid, g.name]),
      [[fid, 'Kept']],
    );
  });

  it('an empty optional id is not given: asset.upload_from_url with fid= and rid= starts an import', async () => {
    const { status, body } = await t.call(
      'asset.upload_from_url',
      { input: 'http://127.0.0.1:9/nothing.png', fid: '', rid: '', type: '' },
      { method: 'POST' },
    );
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(typeof body.status_id, 'string');
  });
});
