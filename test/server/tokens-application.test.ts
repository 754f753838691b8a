// Application tokens as the hosted service's clients expect them, over real HTTP: `<accid>i<secret>` with a
// numeric accid (an old data dir's `acc…` id migrated, its tokens still working), secrets kept sealed, and
// token.get_temp giving the parent's permissions when none are asked for, the service's names accepted.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startTestServer } from '../helpers/server.ts';

describe('application tokens', () => {
  it("are <accid>i<secret> with a numeric accid and a secret like the service's, kept sealed at rest", async () => {
    const t = await startTestServer();
    try {
      const token = t.server.services.tokens.createApplicationToken('write');
      const ping = await t.call('ping', {}, { token });
      assert.equal(ping.status, 200);
      assert.match(ping.body.accid, /^\d+$/);
      assert.equal(token.split('i', 2)[0], ping.body.accid);
      assert.match(token, /^\d+io[a-z0-9]{26}$/);
      const row = t.server.ctx.db
        .prepare('SELECT * FROM tokens WHERE last4 = ?')
        .get(token.slice(-4)) as Record<string, unknown>;
      assert.match(String(row.secret_box), /^v1\./);
      await t.stop();
      const file = readFileSync(join(t.dataDir, 'gallery.sqlite3'));
      assert.equal(
        file.includes(Buffer.from(token.slice(token.indexOf('i') + 1))),
        false,
        'no plaintext secret on disk',
      );
    } finally {
      await t.close();
    }
  });

  it('moves an old data dir to a numeric accid; the tokens in it keep working', async () => {
    const first = await startTestServer();
    const token = first.server.services.tokens.createApplicationToken('read');
    first.server.ctx.db.prepare("UPDATE settings SET value = 'accq43rh2b74' WHERE key = 'accid'").run();
    await first.stop();
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const ping = await second.call('ping', {}, { token });
      assert.equal(ping.status, 200);
      assert.match(ping.body.accid, /^\d+$/);
      assert.equal((await second.call('ping')).body.accid, ping.body.accid);
      const url = new URL((await second.call('asset.get_upload_url', {})).body.upload_url);
      assert.equal(url.searchParams.get('uid'), ping.body.accid);
    } finally {
      await second.close();
    }
  });
});

describe('token.get_temp', () => {
  it("gives the parent's permissions without a permissions parameter, none with an empty one", async () => {
    const t = await startTestServer();
    try {
      const parent = t.server.services.tokens.createApplicationToken('write');
      const own = (await t.call('ping', {}, { token: parent })).body.permissions;
      // As the service's plugins ask: api_token and ttl only, the URL ending in `&`.
      const response = await fetch(`${t.baseUrl}token.get_temp.json?api_token=${parent}&ttl=600&`);
      const { success, token } = await response.json();
      assert.equal(success, true);
      assert.equal((await t.call('ping', {}, { token })).body.permissions, own);
      const empty = await t.call('token.get_temp', { permissions: '' }, { token: parent });
      assert.equal((await t.call('ping', {}, { token: empty.body.token })).body.permissions, '||');
    } finally {
      await t.close();
    }
  });

  it("reads the service's permission names: <ns>.write is create and update, gallery.upload is asset.upload", async () => {
    const t = await startTestServer();
    try {
      const temp = await t.call('token.get_temp', {
        permissions: 'gallery.write|asset.write|gallery.upload',
      });
      assert.equal(temp.status, 200);
      const ping = await t.call('ping', {}, { token: temp.body.token });
      assert.equal(ping.body.permissions, '|asset.update|asset.upload|gallery.create|gallery.update|');
      const bad = await t.call('token.get_temp', { permissions: 'nothing.write' });
      assert.deepEqual([bad.status, bad.body.code], [400, 'invalid_parameter']);
    } finally {
      await t.close();
    }
  });
});
