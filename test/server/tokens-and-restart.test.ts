// Token edge cases of the foundation (expired temporary token, read token writing, other IP) each leaving the
// data unchanged, and everything stored surviving a restart on the same data dir.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { callApi, startTestServer } from '../helpers/server.ts';

describe('refused tokens change nothing', () => {
  it('an expired temporary token gets 403 token_expired; a read token calling a write op 403', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    const t = await startTestServer({ clock });
    try {
      const { fid } = await createGallery(t, 'Original');
      const temp = (await t.call('token.get_temp', { ttl: '60', permissions: 'gallery.*' })).body
        .token as string;
      const fresh = await t.call(
        'gallery.set_meta',
        { fid, name: 'In time' },
        { method: 'POST', token: temp },
      );
      assert.equal(fresh.status, 200);
      clock.advance(61_000);
      const late = await t.call(
        'gallery.set_meta',
        { fid, name: 'Too late' },
        { method: 'POST', token: temp },
      );
      assert.deepEqual([late.status, late.body.success, late.body.code], [403, false, 'token_expired']);
      const read = t.server.services.tokens.createApplicationToken('read');
      const denied = await t.call(
        'gallery.set_meta',
        { fid, name: 'Reader' },
        { method: 'POST', token: read },
      );
      assert.deepEqual([denied.status, denied.body.code], [403, 'permission_denied']);
      const entry = (await t.call('gallery.list', { search: fid })).body.galleries[0];
      assert.equal(entry.name, 'In time');
    } finally {
      await t.close();
    }
  });

  it('a temporary token bound to another source IP gets 403 ip_not_allowed and changes nothing', async () => {
    const t = await startTestServer();
    try {
      const { fid } = await createGallery(t, 'Kept');
      const temp = (await t.call('token.get_temp', { permissions: '*', sourceip: '203.0.113.9' })).body.token;
      const res = await t.call('gallery.delete', { fid }, { method: 'POST', token: temp });
      assert.deepEqual([res.status, res.body.code], [403, 'ip_not_allowed']);
      assert.equal((await t.call('gallery.get_items', { fid })).status, 200);
    } finally {
      await t.close();
    }
  });
});

describe('restart', () => {
  it('galleries, order, assets, metadata, tokens, portals, webhooks and streams survive a restart', async () => {
    const first = await startTestServer();
    const { fid, upload_url } = await createGallery(first, 'Persistent');
    const rids: string[] = [];
    for (const name of ['a.png', 'b.png']) {
      rids.push(
        (await uploadFile(upload_url, { name, bytes: tinyPng() }, { caption: `cap ${name}` })).body.rid,
      );
    }
    const post = (op: string, params: Record<string, string>) => first.call(op, params, { method: 'POST' });
    assert.equal((await post('gallery.set_meta', { fid, tags: 'kept,tags' })).status, 200);
    assert.equal(
      (await post('gallery.add_item', { fid, rid: rids[1] as string, insert_position: 'top' })).status,
      200,
    );
    const read = first.server.services.tokens.createApplicationToken('read');
    const temp = (await first.call('token.get_temp', { permissions: 'gallery.read' })).body.token as string;
    assert.equal((await post('portal.set', { subdomain: 'kept-portal', title: 'Kept' })).status, 200);
    assert.equal(
      (await post('webhook.set', { hook_url: 'http://127.0.0.1:9/kept', security_key: 'k', events: 'asset' }))
        .status,
      200,
    );
    const liveid = (await first.call('live.create', { name: 'Kept stream' })).body.liveid as string;
    await first.stop();

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const base = second.baseUrl;
      const items = await callApi(base, 'gallery.get_items', { fid, details: 'caption' }, { token: read });
      assert.equal(items.status, 200, 'a read token made before the restart still works');
      assert.deepEqual(
        items.body.folder.items.map((i: { rid: string; caption: string }) => [i.rid, i.caption]),
        [
          [rids[1], 'cap b.png'],
          [rids[0], 'cap a.png'],
        ],
      );
      const entry = (await callApi(base, 'gallery.list', { search: fid }, { token: temp })).body.galleries[0];
      assert.equal(entry.tags, 'kept,tags');
      const file = await fetch(`${second.origin}/files/${rids[0]}/original`);
      assert.equal(file.status, 200);
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), tinyPng());
      const portals = (await second.call('portal.list', {})).body;
      assert.ok(JSON.stringify(portals).includes('kept-portal'));
      const hooks = (await second.call('webhook.list', {})).body;
      assert.ok(JSON.stringify(hooks).includes('http://127.0.0.1:9/kept'));
      const streams = (await second.call('live.list', {})).body;
      assert.ok(JSON.stringify(streams).includes(liveid));
    } finally {
      await second.close();
    }
  });
});
