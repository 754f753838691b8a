// The typed client against the real reference server over HTTP: round trips of the operations it serves.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError, GalleryClient } from '../../src/api/index.ts';
import { createGallery, tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('GalleryClient against the reference server', () => {
  let t: TestServer;
  let admin: GalleryClient;
  before(async () => {
    t = await startTestServer();
    admin = new GalleryClient({ baseUrl: t.baseUrl, token: t.token, retryDelayMs: 1 });
  });
  after(() => t.close());

  const png = (width = 4, height = 3) =>
    new Blob([new Uint8Array(tinyPng(width, height))], { type: 'image/png' });

  it('ping answers pong for the application token', async () => {
    const pong = await admin.ping();
    assert.equal(pong.success, true);
    assert.equal(typeof pong.runtime, 'number');
    assert.equal(pong.ping, 'pong');
    assert.equal(pong.token_type, 'application');
    assert.equal(pong.ip, '127.0.0.1');
  });

  it('a bad token rejects with ApiError 403 invalid_token', async () => {
    const error = await admin
      .withToken('not-a-token')
      .ping()
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.operation], [403, 'invalid_token', 'ping']);
  });

  it('token.getTemp mints a narrower token that the client sends as api_token', async () => {
    const temp = await admin.token.getTemp({ permissions: ['asset.read', 'live.read'], ttl: 120 });
    assert.equal(typeof temp.token, 'string');
    assert.equal(typeof temp.expires, 'string');
    const reader = admin.withToken(temp.token);
    const pong = await reader.ping();
    assert.equal(pong.token_type, 'temporary');
    assert.equal(pong.permissions, '|asset.read|live.read|');
    const listed = await reader.asset.list();
    assert.ok(Array.isArray(listed.items));
    const error = await reader.live.create({ name: 'no' }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code], [403, 'permission_denied']);
  });

  it('uploads through an upload-token client, then lists, tags, updates and deletes the assets', async () => {
    const { fid, upload_url } = await createGallery(t, 'Client round trip');
    const { upload_token, expires } = await admin.upload.getUploadToken({
      fid,
      expire: new Date(Date.now() + 86_400_000),
    });
    assert.equal(typeof upload_token, 'string');
    assert.equal(typeof expires, 'string');

    const visitor = new GalleryClient({ baseUrl: t.baseUrl, uploadToken: upload_token });
    assert.equal((await visitor.ping()).token_type, 'upload');
    const { upload_url: visitorUrl } = await visitor.asset.getUploadUrl({ fid });
    assert.match(visitorUrl, /\/upload\?/);

    const progress: number[] = [];
    const first = await visitor.upload.file(
      visitorUrl,
      png(),
      { caption: 'First', tags: ['sea', 'blue'] },
      {
        filename: 'first.png',
        onProgress: (p) => progress.push(p.loaded),
      },
    );
    assert.equal(first.asset.rid, first.rid);
    assert.equal(first.asset.filename, 'first.png');
    assert.equal(first.asset.type, 'image');
    assert.equal(first.asset.caption, 'First');
    assert.equal(progress.at(-1), first.asset.filesize);

    const second = await admin.upload.file(
      upload_url,
      png(5, 4),
      { tags: 'sea' },
      { filename: 'second.png' },
    );
    const third = await admin.upload.file(upload_url, png(6, 5), {}, { filename: 'third.png' });

    const updated = await visitor.asset.setMeta({
      rid: first.rid,
      description: 'Blue sea',
      custom: { color: 'blue', 'size.cm': 30 },
    });
    assert.deepEqual(updated.asset?.custom, { color: 'blue', 'size.cm': '30' });
    assert.equal(updated.asset?.description, 'Blue sea');

    const tags = await admin.asset.getTags();
    assert.equal(tags.tag_cloud.sea, 2);
    assert.equal(tags.tag_cloud.blue, 1);

    const byRid = await admin.asset.list({ rid: [first.rid, third.rid] });
    assert.deepEqual(byRid.items.map((a) => a.rid).sort(), [first.rid, third.rid].sort());
    assert.equal(byRid.items_data.items_count, 2);

    const mine = [first.rid, second.rid, third.rid];
    const seen: string[] = [];
    for await (const asset of admin.asset.iterateList({ items_per_page: 1 })) seen.push(asset.rid);
    assert.deepEqual([...seen].sort(), [...mine].sort());
    let pages = 0;
    for await (const page of admin.asset.listPages({ items_per_page: 2 })) {
      pages++;
      assert.equal(page.items_data.pages_count, 2);
    }
    assert.equal(pages, 2);

    // An upload token may not delete: the decided 403, and nothing changes.
    const refused = await visitor.asset.delete({ rid: first.rid }).catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 403);

    await admin.asset.delete({ rid: [second.rid, third.rid] });
    const left = await admin.asset.list();
    assert.deepEqual(
      left.items.map((a) => a.rid),
      [first.rid],
    );
    const missing = await admin.asset.delete({ rid: second.rid }).catch((e: unknown) => e);
    assert.ok(missing instanceof ApiError);
    assert.deepEqual([missing.status, missing.code, missing.operation], [404, 'not_found', 'asset.delete']);
  });

  it('galleries: create, setMeta, addItem positions, getItems pages, iterators, setMaster, removeItem, delete', async () => {
    const created = await admin.gallery.create({ name: 'Client gallery', template: 'masonry' });
    assert.equal(created.claimed, 'original');
    const rids: string[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      rids.push((await admin.upload.file(created.upload_url, png(), {}, { filename: name })).rid);
    }
    const [a, b, c] = rids as [string, string, string];
    await admin.gallery.setMeta({
      fid: created.fid,
      description: 'Made by the client',
      tags: ['client', 'test'],
    });
    await admin.gallery.addItem({ fid: created.fid, rid: c, insert_position: 'top' });
    await admin.gallery.addItem({ fid: created.fid, rid: [a], insert_position: 2 });

    const page = await admin.gallery.getItems({ fid: created.fid, items_per_page: 2, details: ['caption'] });
    assert.deepEqual(page.folder.items_data, { page: 1, items_per_page: 2, items_count: 3, pages_count: 2 });
    const order: string[] = [];
    for await (const item of admin.gallery.iterateItems({ fid: created.fid, items_per_page: 2 }))
      order.push(item.rid);
    assert.deepEqual(order, [c, a, b]);

    const follower = await admin.gallery.create({ name: 'Client follower' });
    await admin.gallery.setMaster({ fid: follower.fid, master: created.fid });
    const names: string[] = [];
    for await (const entry of admin.gallery.iterateList({ items_per_page: 1, filter_tags: ['client'] })) {
      names.push(entry.name);
    }
    assert.deepEqual(names, ['Client gallery']);
    const listed = await admin.gallery.list({ search: follower.fid });
    assert.equal(listed.galleries[0]?.claimed, 'shared');
    assert.equal(listed.tag_cloud.client, 1);
    assert.equal(typeof listed.items_data.page_count, 'number');

    await admin.gallery.removeItem({ fid: created.fid, rid: [b], delete_assets: true });
    assert.equal((await admin.asset.list({ rid: [b] })).items.length, 0);
    const error = await admin.gallery.addItem({ fid: created.fid, rid: ['ghost'] }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code], [404, 'not_found']);
    await admin.gallery.delete({ fid: created.fid });
    const gone = await admin.gallery.getItems({ fid: created.fid }).catch((e: unknown) => e);
    assert.ok(gone instanceof ApiError);
    assert.equal(gone.status, 404);
  });

  it('attaches a poster through an asset.getUploadUrl URL with rid and type', async () => {
    const { upload_url } = await createGallery(t, 'Poster gallery');
    const main = await admin.upload.file(upload_url, png(), {}, { filename: 'main.png' });
    const { upload_url: posterUrl } = await admin.asset.getUploadUrl({
      rid: main.rid,
      type: 'poster',
      ttl: 600,
    });
    const poster = await admin.upload.file(posterUrl, png(2, 2), {}, { filename: 'poster.png' });
    const listed = await admin.asset.list({ rid: main.rid });
    assert.equal(listed.items[0]?.attached.poster, poster.rid);
  });

  it('maps the server parameter errors: missing type with rid, unknown gallery', async () => {
    const { upload_url } = await createGallery(t, 'Errors');
    const asset = await admin.upload.file(upload_url, png(), {}, { filename: 'e.png' });
    const noType = await admin.asset.getUploadUrl({ rid: asset.rid }).catch((e: unknown) => e);
    assert.ok(noType instanceof ApiError);
    assert.deepEqual([noType.status, noType.code], [400, 'missing_parameter']);
    const noGallery = await admin.asset.getUploadUrl({ fid: 'no-such-gallery' }).catch((e: unknown) => e);
    assert.ok(noGallery instanceof ApiError);
    assert.deepEqual([noGallery.status, noGallery.code], [404, 'not_found']);
  });

  it('upload.iframe returns the embed HTML, and the upload-token iframeUrl serves the frame page', async () => {
    const { fid } = await createGallery(t, 'Frame');
    const html = await admin.upload.iframe({ fid });
    assert.match(html, /^<iframe [^>]*src="[^"]*upload\.iframe\?upload_token=/);
    assert.doesNotMatch(html, new RegExp(t.token));
    assert.match(html, /height="430"/);

    const { upload_token } = await admin.upload.getUploadToken({ fid });
    const frameUrl = admin.withUploadToken(upload_token).upload.iframeUrl();
    const page = await fetch(frameUrl);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);

    const error = await admin.upload.iframe({ fid: 'no-such-gallery' }).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.operation], [404, 'not_found', 'upload.iframe']);
  });

  it('imports from a URL: upload_from_url, waitForUploadFromUrl until done, abort of a finished import', async () => {
    const { fid, upload_url } = await createGallery(t, 'Imports');
    const source = await admin.upload.file(upload_url, png(8, 6), {}, { filename: 'source.png' });
    const input = source.asset.versions.original.url;
    const { status_id } = await admin.asset.uploadFromUrl({ input, fid, caption: 'Imported' });
    assert.equal(typeof status_id, 'string');
    const final = await admin.asset.waitForUploadFromUrl(
      { status_id },
      { intervalMs: 20, timeoutMs: 10_000 },
    );
    assert.equal(final.status, 'done');
    assert.equal(final.progress, 100);
    assert.equal(typeof final.resid, 'string');
    const imported = await admin.asset.list({ rid: final.resid as string });
    assert.equal(imported.items[0]?.caption, 'Imported');
    assert.equal(imported.items[0]?.filesize, source.asset.filesize);

    const aborted = await admin.asset.uploadFromUrlAbort({ status_id });
    assert.equal(aborted.status_id, status_id);
    assert.equal((await admin.asset.uploadFromUrlGetStatus({ status_id })).status, 'done');
    const unknown = await admin.asset.uploadFromUrlGetStatus({ status_id: 'nope' }).catch((e: unknown) => e);
    assert.ok(unknown instanceof ApiError);
    assert.deepEqual([unknown.status, unknown.code], [404, 'not_found']);
  });

  it('asset.resync queues version generation and gallery.download signs a zip link', async () => {
    const { fid, upload_url } = await createGallery(t, 'Zip');
    const asset = await admin.upload.file(upload_url, png(), {}, { filename: 'zip.png' });
    assert.equal((await admin.asset.resync({ rid: [asset.rid] })).status, 'queued');
    const { download_link } = await admin.gallery.download({ fid, type: 'original' });
    const zip = await fetch(download_link);
    assert.equal(zip.status, 200);
    const bytes = new Uint8Array(await zip.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 2)], [0x50, 0x4b]);
    const missing = await admin.gallery.download({ fid: 'no-such-gallery' }).catch((e: unknown) => e);
    assert.ok(missing instanceof ApiError);
    assert.deepEqual(
      [missing.status, missing.code, missing.operation],
      [404, 'not_found', 'gallery.download'],
    );
  });

  it('portals: check, set with access rules, list, cease, rename and remove', async () => {
    assert.equal((await admin.portal.check({ subdomain: 'client-shop' })).subdomain, 'available');
    assert.equal((await admin.portal.check({ subdomain: '-bad-' })).subdomain, 'invalid');
    await admin.portal.set({
      subdomain: 'client-shop',
      args: { title: 'Shop' },
      allow_public: false,
      service_login: true,
      service_login_registration: 'off',
      service_login_user_add: ['ann@example.com', 'bob@example.com'],
      simple_user_add: ['carl:secret1'],
    });
    assert.equal((await admin.portal.check({ subdomain: 'client-shop' })).subdomain, 'unavailable');
    const [entry] = (await admin.portal.list({ subdomain: 'client-shop' })).portals;
    assert.ok(entry);
    assert.deepEqual(
      [entry.subdomain, entry.status, entry.allow_public, entry.service_login_registration],
      ['client-shop', 'active', 'no', 'off'],
    );
    assert.deepEqual(entry.args, { title: 'Shop' });
    assert.deepEqual([...(entry.service_login_users ?? [])].sort(), ['ann@example.com', 'bob@example.com']);
    assert.deepEqual(entry.simple_users, ['carl']);
    assert.doesNotMatch(JSON.stringify(entry), /secret1/);

    const taken = await admin.portal
      .set({ subdomain: 'client-shop-2' })
      .then(() => admin.portal.rename({ from: 'client-shop', to: 'client-shop-2' }).catch((e: unknown) => e));
    assert.ok(taken instanceof ApiError);
    assert.deepEqual([taken.status, taken.code], [409, 'conflict']);

    await admin.portal.cease({ subdomain: 'client-shop' });
    assert.equal((await admin.portal.list({ subdomain: 'client-shop' })).portals[0]?.status, 'inactive');
    await admin.portal.rename({ from: 'client-shop', to: 'client-store' });
    await admin.portal.remove({ subdomain: 'client-store' });
    const names = (await admin.portal.list()).portals.map((p) => p.subdomain);
    assert.deepEqual(names, ['client-shop-2']);
    const gone = await admin.portal.remove({ subdomain: 'client-store' }).catch((e: unknown) => e);
    assert.ok(gone instanceof ApiError);
    assert.deepEqual([gone.status, gone.code], [404, 'not_found']);
  });

  it('webhooks: set, set_chat, list without security keys, delete', async () => {
    await admin.webhook.set({
      hook_url: 'https://hooks.example.com/media',
      security_key: 'very-secret-key',
      events: ['asset', 'gallery.*'],
    });
    await admin.webhook.setChat({
      hook_url: 'https://chat.example.com/hooks/abc',
      chat_channel: '#media',
      chat_username: 'media-bot',
      chat_icon: ':camera:',
    });
    const { webhooks } = await admin.webhook.list();
    const byUrl = new Map(webhooks.map((w) => [w.hook_url, w]));
    assert.equal(byUrl.get('https://hooks.example.com/media')?.events, 'asset,gallery.*');
    assert.equal(byUrl.get('https://chat.example.com/hooks/abc')?.chat_channel, '#media');
    assert.doesNotMatch(JSON.stringify(webhooks), /very-secret-key/);
    await admin.webhook.delete({ hook_url: 'https://hooks.example.com/media' });
    const left = (await admin.webhook.list()).webhooks.map((w) => w.hook_url);
    assert.deepEqual(left, ['https://chat.example.com/hooks/abc']);
    const missing = await admin.webhook
      .delete({ hook_url: 'https://hooks.example.com/media' })
      .catch((e: unknown) => e);
    assert.ok(missing instanceof ApiError);
    assert.deepEqual([missing.status, missing.code, missing.operation], [404, 'not_found', 'webhook.delete']);
  });

  it('live streams go through create, list, start, stop, reset and delete', async () => {
    const created = await admin.live.create({ name: 'Cam 1', location: 'eu', type: 'transcoded' });
    assert.equal(typeof created.liveid, 'string');
    const { live_streams, usage } = await admin.live.list();
    const entry = live_streams.find((s) => s.liveid === created.liveid);
    assert.ok(entry);
    assert.deepEqual([entry.name, entry.location, entry.type], ['Cam 1', 'eu', 'transcoded']);
    assert.equal(typeof usage.usage_transcoded, 'number');
    assert.equal((await admin.live.start({ liveid: created.liveid })).state, 'starting');
    assert.equal((await admin.live.stop({ liveid: created.liveid })).state, 'stopped');
    assert.equal((await admin.live.reset({ liveid: created.liveid })).state, 'resetting');
    await admin.live.delete({ liveid: created.liveid });
    const after = await admin.live.list();
    assert.equal(
      after.live_streams.find((s) => s.liveid === created.liveid),
      undefined,
    );
    const gone = await admin.live.start({ liveid: created.liveid }).catch((e: unknown) => e);
    assert.ok(gone instanceof ApiError);
    assert.deepEqual([gone.status, gone.code], [404, 'not_found']);
  });
});
