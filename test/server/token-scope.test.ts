// Tokens never exceed their parent (permissions, source IP, gallery/asset), upload URLs carry their upload
// token, and scoped tokens meet existence checks before scope checks: over real HTTP on loopback.
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { type CallResult, startTestServer, type TestServer } from '../helpers/server.ts';

/** Calls an operation from another loopback address (the kernel routes all of 127/8 to this host). */
function callFrom(
  localAddress: string,
  baseUrl: string,
  operation: string,
  params: Record<string, string>,
): Promise<CallResult> {
  const url = new URL(`${operation}.json`, baseUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          headers: new Headers(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The upload token inside the src of an upload.iframe embed string. */
function frameToken(html: string): string {
  const src = /src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  return new URL(src).searchParams.get('upload_token') ?? '';
}

describe('token.get_temp and ping', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  it('lists the permissions of ping in alphabetical order, as decisions.md shows', async () => {
    const temp = await t.call('token.get_temp', { permissions: 'gallery.read|asset.*' });
    const ping = await t.call('ping', {}, { token: temp.body.token });
    assert.equal(ping.body.permissions, '|asset.*|gallery.read|');
    const read = t.server.services.tokens.createApplicationToken('read');
    assert.equal(
      (await t.call('ping', {}, { token: read })).body.permissions,
      '|asset.read|gallery.read|live.read|portal.read|webhook.read|',
    );
  });

  it('gives a child of an IP-bound token the same source IP and refuses another one with 400', async () => {
    const parent = (await t.call('token.get_temp', { permissions: '*', sourceip: '127.0.0.1' })).body.token;
    const child = await t.call('token.get_temp', { permissions: 'gallery.read' }, { token: parent });
    assert.equal(child.status, 200);
    assert.equal((await t.call('ping', {}, { token: child.body.token })).status, 200);
    const elsewhere = await callFrom('127.0.0.2', t.baseUrl, 'ping', { api_token: child.body.token });
    assert.deepEqual([elsewhere.status, elsewhere.body.code], [403, 'ip_not_allowed']);
    const other = await t.call('token.get_temp', { sourceip: '10.1.2.3' }, { token: parent });
    assert.deepEqual([other.status, other.body.code], [400, 'invalid_parameter']);
    const same = await t.call('token.get_temp', { sourceip: '127.0.0.1' }, { token: parent });
    assert.equal(same.status, 200);
  });

  it('keeps the gallery and asset of a scoped parent in its children', async () => {
    const home = await createGallery(t, 'Home');
    const away = await createGallery(t, 'Away');
    const parent = (await t.call('token.get_temp', { permissions: '*', fid: home.fid })).body.token;
    const outside = await t.call('token.get_temp', { fid: away.fid }, { token: parent });
    assert.deepEqual([outside.status, outside.body.code], [400, 'invalid_parameter']);
    const child = (await t.call('token.get_temp', { permissions: '*' }, { token: parent })).body.token;
    const refused = await t.call(
      'gallery.set_meta',
      { fid: away.fid, name: 'No' },
      { method: 'POST', token: child },
    );
    assert.deepEqual([refused.status, refused.body.code], [403, 'permission_denied']);
  });

  it('answers 404 for a fid or rid that does not exist, and mints nothing', async () => {
    const count = () =>
      (t.server.ctx.db.prepare('SELECT COUNT(*) AS n FROM tokens').get() as { n: number }).n;
    const before = count();
    for (const params of [{ fid: 'nosuchgallery' }, { rid: 'nosuchasset' }]) {
      const res = await t.call('token.get_temp', { permissions: '*', ...params });
      assert.deepEqual([res.status, res.body.code], [404, 'not_found'], JSON.stringify(params));
    }
    assert.equal(count(), before);
  });
});

describe('upload tokens stay within the token that made them', () => {
  let t: TestServer;
  let fid: string;
  before(async () => {
    t = await startTestServer();
    fid = (await createGallery(t, 'Uploads')).fid;
  });
  after(() => t.close());

  it('upload.get_upload_token grants only what the creating token holds', async () => {
    const parent = (await t.call('token.get_temp', { permissions: 'token.create|asset.upload|gallery.read' }))
      .body.token;
    const minted = await t.call('upload.get_upload_token', { fid }, { token: parent });
    assert.equal(minted.status, 200, JSON.stringify(minted.body));
    const token = minted.body.upload_token as string;
    const ping = await t.call('ping', {}, { token, uploadToken: true });
    assert.equal(ping.body.permissions, '|asset.upload|gallery.read|');
    const url = (await t.call('asset.get_upload_url', { fid }, { token, uploadToken: true })).body.upload_url;
    const own = await uploadFile(url, { name: 'own.png', bytes: tinyPng() }, {}, token);
    assert.equal(own.status, 200);
    const meta = await t.call(
      'asset.set_meta',
      { rid: own.body.rid, caption: 'No' },
      { method: 'POST', token, uploadToken: true },
    );
    assert.deepEqual([meta.status, meta.body.code], [403, 'permission_denied']);
  });

  it('refuses an upload POST with an upload token that lacks asset.upload, storing nothing', async () => {
    const parent = (await t.call('token.get_temp', { permissions: 'token.create|gallery.read' })).body.token;
    const token = (await t.call('upload.get_upload_token', { fid }, { token: parent })).body.upload_token;
    const { upload_url } = (await t.call('gallery.get_items', { fid })).body;
    const before = (await t.call('gallery.get_items', { fid })).body.folder.items_data.items_count;
    const res = await uploadFile(upload_url, { name: 'x.png', bytes: tinyPng() }, {}, token);
    assert.deepEqual([res.status, res.body.code], [403, 'permission_denied']);
    assert.equal((await t.call('gallery.get_items', { fid })).body.folder.items_data.items_count, before);
  });

  it('upload.iframe mints an upload token holding only what the caller holds', async () => {
    const parent = (await t.call('token.get_temp', { permissions: 'asset.upload' })).body.token;
    const res = await t.call('upload.iframe', { fid }, { token: parent });
    assert.equal(res.status, 200);
    const token = frameToken(res.body.raw);
    const ping = await t.call('ping', {}, { token, uploadToken: true });
    assert.equal(ping.body.permissions, '|asset.upload|');
  });

  it('binds the upload tokens of an IP-bound caller to that same IP', async () => {
    const parent = (await t.call('token.get_temp', { permissions: '*', sourceip: '127.0.0.1' })).body.token;
    const fromApi = (await t.call('upload.get_upload_token', { fid }, { token: parent })).body.upload_token;
    const fromFrame = frameToken((await t.call('upload.iframe', { fid }, { token: parent })).body.raw);
    for (const token of [fromApi, fromFrame]) {
      assert.equal((await t.call('ping', {}, { token, uploadToken: true })).status, 200);
      const elsewhere = await callFrom('127.0.0.2', t.baseUrl, 'ping', { upload_token: token });
      assert.deepEqual([elsewhere.status, elsewhere.body.code], [403, 'ip_not_allowed']);
    }
  });

  it('upload.iframe refuses a temporary token limited to one asset or to another gallery', async () => {
    const { upload_url } = await createGallery(t, 'Elsewhere');
    const rid = (await uploadFile(upload_url, { name: 'a.png', bytes: tinyPng() })).body.rid;
    await t.call('gallery.add_item', { fid, rid }, { method: 'POST' });
    const byAsset = (await t.call('token.get_temp', { permissions: '*', rid })).body.token;
    const res = await t.call('upload.iframe', { fid }, { token: byAsset });
    assert.deepEqual([res.status, res.body.code], [403, 'permission_denied']);
    const rrid = await t.call('upload.iframe', { rrid: 'external-1' });
    assert.equal(rrid.status, 200);
    const byRrid = await t.call('upload.iframe', { rrid: 'external-1' }, { token: byAsset });
    assert.deepEqual([byRrid.status, byRrid.body.code], [403, 'permission_denied']);
    const other = (await createGallery(t, 'Other')).fid;
    const byGallery = (await t.call('token.get_temp', { permissions: '*', fid: other })).body.token;
    const outside = await t.call('upload.iframe', { fid }, { token: byGallery });
    assert.deepEqual([outside.status, outside.body.code], [403, 'permission_denied']);
  });
});

describe('upload URLs given to an upload token carry it', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestServer;
  let fid: string;
  let token: string;
  const asUpload = () => ({ method: 'POST' as const, token, uploadToken: true });
  before(async () => {
    t = await startTestServer({ clock });
    fid = (await createGallery(t, 'Bound')).fid;
    token = (await t.call('upload.get_upload_token', { fid, expire: '2026-06-02' })).body.upload_token;
  });
  after(() => t.close());

  it('keeps the decided URL form, adds the token id last, and never the token itself', async () => {
    const res = await t.call('asset.get_upload_url', { fid }, { token, uploadToken: true });
    const url = new URL(res.body.upload_url);
    const names = [...url.searchParams.keys()];
    assert.deepEqual(names.slice(0, 4), ['uid', 'd', 'hash', 'addtofid']);
    assert.equal(names.length, 5);
    assert.ok(!res.body.upload_url.includes(token));
    const plain = await t.call('asset.get_upload_url', { fid });
    assert.deepEqual(
      [...new URL(plain.body.upload_url).searchParams.keys()],
      ['uid', 'd', 'hash', 'addtofid'],
    );
  });

  it('an upload to the URL of asset.get_upload_url, sent as is, belongs to the token', async () => {
    const res = await t.call('asset.get_upload_url', { fid }, { token, uploadToken: true });
    const uploaded = await uploadFile(res.body.upload_url, { name: 'as-is.png', bytes: tinyPng() });
    assert.equal(uploaded.status, 200);
    const meta = await t.call('asset.set_meta', { rid: uploaded.body.rid, caption: 'Mine' }, asUpload());
    assert.equal(meta.status, 200, JSON.stringify(meta.body));
    assert.equal(meta.body.asset.caption, 'Mine');
  });

  it('an upload to the upload_url of gallery.get_items, sent as is, may be reordered and removed', async () => {
    const items = await t.call('gallery.get_items', { fid }, { token, uploadToken: true });
    const first = await uploadFile(items.body.upload_url, { name: 'one.png', bytes: tinyPng() });
    const second = await uploadFile(items.body.upload_url, { name: 'two.png', bytes: tinyPng() });
    const moved = await t.call(
      'gallery.add_item',
      { fid, rid: second.body.rid, insert_position: 'top' },
      asUpload(),
    );
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const removed = await t.call('gallery.remove_item', { fid, rid: first.body.rid }, asUpload());
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const order = (await t.call('gallery.get_items', { fid })).body.folder.items.map(
      (i: { rid: string }) => i.rid,
    );
    assert.equal(order[0], second.body.rid);
    assert.ok(!order.includes(first.body.rid));
  });

  it('refuses a bound URL whose token id was changed or removed, and one sent with another upload token', async () => {
    const url = new URL(
      (await t.call('asset.get_upload_url', { fid }, { token, uploadToken: true })).body.upload_url,
    );
    const id = [...url.searchParams.keys()][4] as string;
    const count = async () =>
      (await t.call('gallery.get_items', { fid })).body.folder.items_data.items_count as number;
    const before = await count();
    const changed = new URL(url);
    changed.searchParams.set(id, 'f'.repeat(64));
    const removed = new URL(url);
    removed.searchParams.delete(id);
    for (const tampered of [changed, removed]) {
      const res = await uploadFile(tampered.href, { name: 't.png', bytes: tinyPng() });
      assert.deepEqual([res.status, res.body.code], [403, 'permission_denied'], tampered.href);
    }
    const another = (await t.call('upload.get_upload_token', { fid })).body.upload_token;
    const mixed = await uploadFile(url.href, { name: 'm.png', bytes: tinyPng() }, {}, another);
    assert.deepEqual([mixed.status, mixed.body.code], [403, 'permission_denied']);
    const same = await uploadFile(url.href, { name: 's.png', bytes: tinyPng() }, {}, token);
    assert.equal(same.status, 200);
    assert.equal(await count(), before + 1);
  });

  it('refuses a bound URL once its upload token has expired', async () => {
    const shortLived = (await t.call('upload.get_upload_token', { fid, expire: '2026-06-01' })).body
      .upload_token;
    const url = (await t.call('asset.get_upload_url', { fid }, { token: shortLived, uploadToken: true })).body
      .upload_url;
    clock.advance(12 * 3600 * 1000 + 1);
    const res = await uploadFile(url, { name: 'late.png', bytes: tinyPng() });
    assert.deepEqual([res.status, res.body.code], [403, 'token_expired']);
  });
});

describe('existence is checked before scope', () => {
  let t: TestServer;
  let fid: string;
  let scoped: string;
  before(async () => {
    t = await startTestServer();
    fid = (await createGallery(t, 'Scope')).fid;
    scoped = (await t.call('token.get_temp', { permissions: '*', fid })).body.token;
  });
  after(() => t.close());

  for (const [op, params] of [
    ['asset.delete', { rid: 'nosuchasset' }],
    ['asset.resync', { rid: 'nosuchasset' }],
    ['asset.set_meta', { rid: 'nosuchasset', caption: 'x' }],
    ['gallery.set_meta', { fid: 'nosuchgallery', name: 'x' }],
    ['gallery.delete', { fid: 'nosuchgallery' }],
    ['gallery.set_master', { fid: 'nosuchgallery', master: 'nosuchmaster' }],
    ['gallery.remove_item', { fid: 'nosuchgallery', rid: 'nosuchasset' }],
  ] as const) {
    it(`${op} with a gallery-limited token answers 404 for an unknown id`, async () => {
      const res = await t.call(op, params, { method: 'POST', token: scoped });
      assert.deepEqual([res.status, res.body.code], [404, 'not_found']);
    });
  }

  it('gallery.add_item with an upload token answers 404 for an unknown rid', async () => {
    const token = (await t.call('upload.get_upload_token', { fid })).body.upload_token;
    const res = await t.call(
      'gallery.add_item',
      { fid, rid: 'nosuchasset' },
      { method: 'POST', token, uploadToken: true },
    );
    assert.deepEqual([res.status, res.body.code], [404, 'not_found']);
  });
});

describe('asset.upload_from_url_abort', () => {
  let t: TestServer;
  let source: Server;
  let sourceUrl = '';
  const held: ServerResponse[] = [];
  before(async () => {
    // A remote file that sends its first bytes and then nothing: the import stays in progress.
    source = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
      response.write(Buffer.alloc(10));
      held.push(response);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/slow.png`;
    t = await startTestServer({ urlImportStallMs: 600_000 });
  });
  after(async () => {
    await t.close();
    for (const response of held) response.destroy();
    source.closeAllConnections();
    await new Promise((resolve) => source.close(resolve));
  });

  const status = async (statusId: string) =>
    (await t.call('asset.upload_from_url_get_status', { status_id: statusId })).body.status as string;

  it('refuses a gallery-limited token aborting an import into another gallery, which goes on', async () => {
    const home = (await createGallery(t, 'Home')).fid;
    const away = (await createGallery(t, 'Away')).fid;
    const started = await t.call(
      'asset.upload_from_url',
      { input: sourceUrl, fid: away },
      { method: 'POST' },
    );
    const statusId = started.body.status_id as string;
    await waitFor(async () => (await status(statusId)) === 'inprogress');
    const scoped = (await t.call('token.get_temp', { permissions: '*', fid: home })).body.token;
    const refused = await t.call(
      'asset.upload_from_url_abort',
      { status_id: statusId },
      { method: 'POST', token: scoped },
    );
    assert.deepEqual([refused.status, refused.body.code], [403, 'permission_denied']);
    assert.equal(await status(statusId), 'inprogress');
    const own = (await t.call('token.get_temp', { permissions: '*', fid: away })).body.token;
    const aborted = await t.call(
      'asset.upload_from_url_abort',
      { status_id: statusId },
      { method: 'POST', token: own },
    );
    assert.equal(aborted.status, 200);
    await waitFor(async () => (await status(statusId)) === 'aborted');
  });

  it('answers 404 for an unknown status_id, also to a gallery-limited token', async () => {
    const home = (await createGallery(t, 'Home 2')).fid;
    const scoped = (await t.call('token.get_temp', { permissions: '*', fid: home })).body.token;
    for (const token of [t.token, scoped]) {
      const res = await t.call(
        'asset.upload_from_url_abort',
        { status_id: 'nosuchstatus' },
        { method: 'POST', token },
      );
      assert.deepEqual([res.status, res.body.code], [404, 'not_found']);
    }
  });
});
