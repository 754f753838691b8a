// asset.list, asset.get_tags, asset.set_meta, asset.delete and asset.get_upload_url over real HTTP.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import type { AccountEvent } from '../../server/events.ts';
import { VersionStore } from '../../server/store/versions.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POST = { method: 'POST' as const };

describe('asset operations', () => {
  let t: TestServer;
  let clock: ManualClock;
  let events: AccountEvent[];
  let readToken: string;
  let writeToken: string;
  before(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
    t = await startTestServer({ clock });
    events = [];
    t.server.ctx.events.subscribe((e) => events.push(e));
    readToken = t.server.services.tokens.createApplicationToken('read');
    writeToken = t.server.services.tokens.createApplicationToken('write');
  });
  after(() => t.close());

  /** Uploads one PNG into a gallery; the clock moves a second so upload order is unambiguous. */
  async function upload(url: string, name: string, fields: Record<string, string> = {}): Promise<string> {
    clock.advance(1000);
    const res = await uploadFile(url, { name, bytes: tinyPng(), mime: 'image/png' }, fields);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.rid;
  }

  const inGallery = (fid: string, rid: string) =>
    t.server.ctx.db.prepare('SELECT 1 FROM gallery_items WHERE fid = ? AND rid = ?').get(fid, rid) !==
    undefined;

  describe('asset.list', () => {
    let g: { fid: string; upload_url: string };
    const rids: string[] = [];
    before(async () => {
      g = await createGallery(t, 'List');
      rids.push(
        await upload(g.upload_url, 'alpha.png', {
          caption: 'Red fox',
          tags: 'animal,red',
          reference_id: 'ref-a',
        }),
      );
      rids.push(
        await upload(g.upload_url, 'beta.png', { caption: 'Red', description: 'barn', tags: 'building' }),
      );
      rids.push(await upload(g.upload_url, 'gamma.png', { caption: 'Blue sea', tags: 'Animal' }));
      clock.advance(1000);
      const text = await uploadFile(g.upload_url, {
        name: 'notes.txt',
        bytes: new TextEncoder().encode('hi'),
      });
      rids.push(text.body.rid);
    });

    it('lists assets newest first with items_data', async () => {
      const res = await t.call('asset.list', { rid: rids.join(',') });
      assert.equal(res.status, 200);
      assert.deepEqual(
        res.body.items.map((i: { rid: string }) => i.rid),
        [...rids].reverse(),
      );
      assert.deepEqual(res.body.items_data, { page: 1, items_per_page: 50, items_count: 4, pages_count: 1 });
      const item = res.body.items.find((i: { rid: string }) => i.rid === rids[0]);
      for (const field of ['rid', 'filename', 'type', 'caption', 'tags', 'custom', 'versions', 'thumbnail']) {
        assert.ok(field in item, field);
      }
    });

    it('pages through results and returns nothing beyond the last page', async () => {
      const page2 = await t.call('asset.list', { rid: rids.join(','), page: 2, items_per_page: 3 });
      assert.deepEqual(
        page2.body.items.map((i: { rid: string }) => i.rid),
        [rids[0]],
      );
      assert.deepEqual(page2.body.items_data, { page: 2, items_per_page: 3, items_count: 4, pages_count: 2 });
      const page9 = await t.call('asset.list', { rid: rids.join(','), page: 9, items_per_page: 3 });
      assert.deepEqual(page9.body.items, []);
    });

    it('caps items_per_page at 100', async () => {
      const res = await t.call('asset.list', { items_per_page: 1000 });
      assert.equal(res.status, 200);
      assert.equal(res.body.items_data.items_per_page, 100);
    });

    it('refuses page 0, items_per_page 0, a non-number page and an unknown type with 400', async () => {
      for (const params of [{ page: 0 }, { items_per_page: 0 }, { page: 'two' }, { type: 'picture' }]) {
        const res = await t.call('asset.list', params);
        assert.deepEqual([res.status, res.body.code], [400, 'invalid_parameter'], JSON.stringify(params));
      }
    });

    it('filters by search, exact caption, reference_id, tag and type', async () => {
      const ids = async (params: Record<string, string>) =>
        ((await t.call('asset.list', params)).body.items as { rid: string }[]).map((i) => i.rid).sort();
      assert.deepEqual(await ids({ search: 'red' }), [rids[0], rids[1]].sort());
      assert.deepEqual(await ids({ search: 'barn' }), [rids[1]]);
      assert.deepEqual(await ids({ search: 'gamma' }), [rids[2]]);
      assert.deepEqual(await ids({ search: 'caption=red' }), [rids[1]]);
      assert.deepEqual(await ids({ search: 'description=BARN' }), [rids[1]]);
      assert.deepEqual(await ids({ reference_id: 'ref-a' }), [rids[0]]);
      assert.deepEqual(await ids({ tag: 'animal' }), [rids[0], rids[2]].sort());
      assert.deepEqual(await ids({ tag: 'animal,red' }), [rids[0]]);
      assert.deepEqual(await ids({ type: 'other', rid: rids.join(',') }), [rids[3]]);
      assert.deepEqual(await ids({ search: '100%_' }), []);
    });

    it('is refused to an upload token and answers a read token', async () => {
      const uploadTok = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token;
      const res = await t.call('asset.list', {}, { token: uploadTok, uploadToken: true });
      assert.equal(res.status, 403);
      assert.equal((await t.call('asset.list', {}, { token: readToken })).status, 200);
      assert.equal((await t.call('asset.list', {}, { token: null })).status, 403);
    });
  });

  describe('asset records', () => {
    it('show generated versions and the jpg_200x150 thumbnail once they exist', async () => {
      const g = await createGallery(t, 'Records');
      // A file of type other: no version work runs in the background for it, so these rows stay as put.
      const rid = (await uploadFile(g.upload_url, { name: 'r.txt', bytes: new TextEncoder().encode('text') }))
        .body.rid as string;
      // Through the store, as the version worker writes: it forgets the asset's kept rows and record.
      new VersionStore(t.server.ctx.db).putVersion({
        rid,
        name: 'jpg_200x150',
        storage_key: `${rid}/jpg_200x150.jpg`,
        mime: 'image/jpeg',
        width: 200,
        height: 150,
        filesize: 1234,
      });
      const record = (await t.call('asset.list', { rid })).body.items[0];
      assert.deepEqual(record.thumbnail, {
        url: `${t.origin}/files/${rid}/jpg_200x150`,
        width: 200,
        height: 150,
      });
      assert.deepEqual(Object.keys(record.versions).sort(), ['jpg_200x150', 'original']);
      assert.equal(record.versions.jpg_200x150.filesize, 1234);
    });

    it('limit optional fields to the requested details for gallery items, keeping the fixed ones', async () => {
      const g = await createGallery(t, 'Details');
      const rid = await upload(g.upload_url, 'd.png', { caption: 'Shown', description: 'Hidden' });
      const [record] = t.server.services.records.records([rid], new Set(['caption', 'appears_in_albums']));
      assert.ok(record);
      assert.equal(record.caption, 'Shown');
      assert.equal('description' in record, false);
      assert.equal('tags' in record, false);
      assert.deepEqual(record.appears_in_albums, [g.fid]);
      for (const field of ['rid', 'type', 'filename', 'thumbnail', 'versions'])
        assert.ok(field in record, field);
      const both = t.server.services.records.records(['nosuchasset', rid]);
      assert.deepEqual(
        both.map((r) => r.rid),
        [rid],
      );
    });
  });

  describe('asset.get_tags', () => {
    it('counts the assets carrying each tag', async () => {
      const g = await createGallery(t, 'Tags');
      const before = (await t.call('asset.get_tags')).body.tag_cloud as Record<string, number>;
      await upload(g.upload_url, 'a.png', { tags: 'zz-one,zz-two' });
      await upload(g.upload_url, 'b.png', { tags: 'zz-two' });
      const res = await t.call('asset.get_tags', {}, { token: readToken });
      assert.equal(res.status, 200);
      assert.equal(res.body.tag_cloud['zz-one'], 1);
      assert.equal(res.body.tag_cloud['zz-two'], 2);
      assert.equal(before['zz-two'], undefined);
    });
  });

  describe('asset.set_meta', () => {
    let g: { fid: string; upload_url: string };
    let rid: string;
    before(async () => {
      g = await createGallery(t, 'Meta');
      rid = await upload(g.upload_url, 'meta.png');
    });

    it('sets every metadata field and custom fields, and emits asset.updated', async () => {
      events.length = 0;
      const res = await t.call(
        'asset.set_meta',
        {
          rid,
          caption: 'Caption',
          description: 'Description',
          long_description: 'Long description',
          related_link_text: 'More',
          related_link_url: 'https://example.com/more',
          reference_id: 'ext-9',
          tags: 'one, two,one',
          'custom.colour': 'blue',
          'custom.size': 'L',
        },
        POST,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const a = res.body.asset;
      assert.deepEqual(
        [
          a.caption,
          a.description,
          a.long_description,
          a.related_link_text,
          a.related_link_url,
          a.reference_id,
          a.tags,
        ],
        [
          'Caption',
          'Description',
          'Long description',
          'More',
          'https://example.com/more',
          'ext-9',
          'one,two',
        ],
      );
      assert.deepEqual(a.custom, { colour: 'blue', size: 'L' });
      assert.deepEqual(
        events.filter((e) => e.event === 'asset.updated').map((e) => e.data.rid),
        [rid],
      );
      const listed = (await t.call('asset.list', { rid })).body.items[0];
      assert.equal(listed.caption, 'Caption');
    });

    it('changes only the fields given, and an empty custom value removes that field', async () => {
      const res = await t.call('asset.set_meta', { rid, description: '', 'custom.size': '' }, POST);
      assert.equal(res.status, 200);
      assert.equal(res.body.asset.caption, 'Caption');
      assert.equal(res.body.asset.description, '');
      assert.deepEqual(res.body.asset.custom, { colour: 'blue' });
    });

    it('keeps custom field names such as __proto__ as plain fields', async () => {
      const res = await t.call('asset.set_meta', { rid, 'custom.__proto__': 'x' }, POST);
      assert.equal(res.status, 200);
      assert.equal(Object.getOwnPropertyDescriptor(res.body.asset.custom, '__proto__')?.value, 'x');
      await t.call('asset.set_meta', { rid, 'custom.__proto__': '' }, POST);
    });

    it('refuses values over the limits with 400 and changes nothing', async () => {
      const tags51 = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
      for (const params of [
        { caption: 'c'.repeat(256) },
        { description: 'd'.repeat(1001) },
        { tags: tags51 },
        { tags: 'x'.repeat(51) },
        { related_link_url: 'javascript:alert(1)' },
        { related_link_url: 'not a url' },
        { 'custom.bad name': 'v' },
        { 'custom.n': 'v'.repeat(1001) },
      ]) {
        const res = await t.call('asset.set_meta', { rid, caption: 'changed?', ...params }, POST);
        assert.deepEqual(
          [res.status, res.body.code],
          [400, 'invalid_parameter'],
          JSON.stringify(params).slice(0, 80),
        );
      }
      const listed = (await t.call('asset.list', { rid })).body.items[0];
      assert.equal(listed.caption, 'Caption');
    });

    it('accepts exactly 50 tags of 50 characters and a caption of 255', async () => {
      const tags = Array.from(
        { length: 50 },
        (_, i) => `${String(i).padStart(2, '0')}${'x'.repeat(48)}`,
      ).join(',');
      const res = await t.call('asset.set_meta', { rid, tags, caption: 'c'.repeat(255) }, POST);
      assert.equal(res.status, 200);
      assert.equal(res.body.asset.tags.split(',').length, 50);
      await t.call('asset.set_meta', { rid, tags: '', caption: 'Caption' }, POST);
    });

    it('answers 400 without rid, 404 for an unknown rid, 403 to a read token', async () => {
      const none = await t.call('asset.set_meta', { caption: 'x' }, POST);
      assert.deepEqual([none.status, none.body.code], [400, 'missing_parameter']);
      const unknown = await t.call('asset.set_meta', { rid: 'nosuchasset', caption: 'x' }, POST);
      assert.deepEqual([unknown.status, unknown.body.code], [404, 'not_found']);
      const read = await t.call('asset.set_meta', { rid, caption: 'x' }, { ...POST, token: readToken });
      assert.deepEqual([read.status, read.body.code], [403, 'permission_denied']);
      assert.equal(
        (await t.call('asset.set_meta', { rid, caption: 'Caption' }, { token: writeToken })).status,
        200,
      );
    });

    it('keeps temporary tokens to their gallery or asset', async () => {
      const other = await createGallery(t, 'Elsewhere');
      const outside = await upload(other.upload_url, 'outside.png');
      const byFid = (await t.call('token.get_temp', { permissions: 'asset.*', fid: g.fid })).body.token;
      assert.equal(
        (await t.call('asset.set_meta', { rid, caption: 'Caption' }, { ...POST, token: byFid })).status,
        200,
      );
      const refused = await t.call(
        'asset.set_meta',
        { rid: outside, caption: 'x' },
        { ...POST, token: byFid },
      );
      assert.deepEqual([refused.status, refused.body.code], [403, 'permission_denied']);
      const byRid = (await t.call('token.get_temp', { permissions: 'asset.*', rid: outside })).body.token;
      assert.equal(
        (await t.call('asset.set_meta', { rid: outside, caption: 'y' }, { ...POST, token: byRid })).status,
        200,
      );
      assert.equal(
        (await t.call('asset.set_meta', { rid, caption: 'y' }, { ...POST, token: byRid })).status,
        403,
      );
    });
  });

  describe('asset.delete', () => {
    it('deletes an asset with its files, gallery places and attachments, emitting asset.deleted', async () => {
      const g = await createGallery(t, 'Delete');
      const rid = await upload(g.upload_url, 'doomed.png');
      const posterUrl = (await t.call('asset.get_upload_url', { rid, type: 'poster' })).body.upload_url;
      const poster = (await uploadFile(posterUrl, { name: 'p.png', bytes: tinyPng() })).body.rid;
      events.length = 0;
      const res = await t.call('asset.delete', { rid }, POST);
      assert.equal(res.status, 200);
      assert.equal(res.body.success, true);
      assert.deepEqual((await t.call('asset.list', { rid: `${rid},${poster}` })).body.items, []);
      assert.equal(inGallery(g.fid, rid), false);
      // Version work in the background may still be finishing: it must clean up after the deletion.
      await waitFor(async () => !existsSync(join(t.dataDir, 'media', rid)), { timeoutMs: 5000 });
      await waitFor(async () => !existsSync(join(t.dataDir, 'media', poster)), { timeoutMs: 5000 });
      assert.deepEqual(
        events.filter((e) => e.event === 'asset.deleted').map((e) => e.data.rid),
        [rid, poster],
      );
    });

    it('deletes several assets at once', async () => {
      const g = await createGallery(t, 'Several');
      const a = await upload(g.upload_url, 'a.png');
      const b = await upload(g.upload_url, 'b.png');
      const res = await t.call('asset.delete', { rid: `${a}, ${b}` }, POST);
      assert.equal(res.status, 200);
      assert.deepEqual((await t.call('asset.list', { rid: `${a},${b}` })).body.items, []);
    });

    it('changes nothing when one of several rids is unknown, and the 404 names it', async () => {
      const g = await createGallery(t, 'AllOrNothing');
      const a = await upload(g.upload_url, 'a.png');
      const res = await t.call('asset.delete', { rid: `${a},ghost1,ghost2` }, POST);
      assert.deepEqual([res.status, res.body.code], [404, 'not_found']);
      assert.match(res.body.message, /ghost1, ghost2/);
      assert.doesNotMatch(res.body.message, new RegExp(a));
      assert.equal((await t.call('asset.list', { rid: a })).body.items.length, 1);
      assert.equal(inGallery(g.fid, a), true);
    });

    it('answers 400 without rid and 403 to write, read and upload tokens', async () => {
      const g = await createGallery(t, 'Perm');
      const a = await upload(g.upload_url, 'a.png');
      for (const rid of [undefined, '', ' , ']) {
        const res = await t.call('asset.delete', { rid }, POST);
        assert.equal(res.status, 400, String(rid));
        assert.equal(res.body.code, 'missing_parameter');
      }
      for (const token of [writeToken, readToken]) {
        const res = await t.call('asset.delete', { rid: a }, { ...POST, token });
        assert.deepEqual([res.status, res.body.code], [403, 'permission_denied']);
      }
      const uploadTok = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token;
      assert.equal(
        (await t.call('asset.delete', { rid: a }, { ...POST, token: uploadTok, uploadToken: true })).status,
        403,
      );
      assert.equal((await t.call('asset.list', { rid: a })).body.items.length, 1);
    });

    it('keeps a gallery-scoped temporary token to the assets of its gallery', async () => {
      const g = await createGallery(t, 'Scoped');
      const other = await createGallery(t, 'Scoped other');
      const inside = await upload(g.upload_url, 'in.png');
      const outside = await upload(other.upload_url, 'out.png');
      const temp = (await t.call('token.get_temp', { permissions: 'asset.delete', fid: g.fid })).body.token;
      const both = await t.call('asset.delete', { rid: `${inside},${outside}` }, { ...POST, token: temp });
      assert.equal(both.status, 403);
      assert.equal((await t.call('asset.list', { rid: `${inside},${outside}` })).body.items.length, 2);
      assert.equal((await t.call('asset.delete', { rid: inside }, { ...POST, token: temp })).status, 200);
    });
  });

  describe('permission matrix', () => {
    it('allows or refuses each asset operation for read, write, delete, temporary gallery.* and upload tokens', async () => {
      const g = await createGallery(t, 'Matrix');
      const deleteToken = t.token;
      const tempGallery = (await t.call('token.get_temp', { permissions: 'gallery.*' })).body.token as string;
      const uploadTok = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token as string;
      /** A fresh asset per call, uploaded with the upload token so that token may touch it. */
      const fresh = async () =>
        (
          await uploadFile(
            g.upload_url,
            { name: 'm.txt', bytes: new TextEncoder().encode('m') },
            {},
            uploadTok,
          )
        ).body.rid as string;
      const kinds = ['read', 'write', 'delete', 'temp gallery.*', 'upload'] as const;
      const tokenOf: Record<(typeof kinds)[number], { token: string; uploadToken?: boolean }> = {
        read: { token: readToken },
        write: { token: writeToken },
        delete: { token: deleteToken },
        'temp gallery.*': { token: tempGallery },
        upload: { token: uploadTok, uploadToken: true },
      };
      const matrix: [string, () => Promise<Record<string, string>>, boolean[]][] = [
        ['asset.list', async () => ({}), [true, true, true, false, false]],
        ['asset.get_tags', async () => ({}), [true, true, true, false, false]],
        [
          'asset.set_meta',
          async () => ({ rid: await fresh(), caption: 'm' }),
          [false, true, true, false, true],
        ],
        ['asset.delete', async () => ({ rid: await fresh() }), [false, false, true, false, false]],
        ['asset.get_upload_url', async () => ({ fid: g.fid }), [false, true, true, false, true]],
        ['upload.get_upload_token', async () => ({ fid: g.fid }), [false, true, true, false, false]],
      ];
      for (const [operation, params, allowed] of matrix) {
        for (const [i, kind] of kinds.entries()) {
          const res = await t.call(operation, await params(), { method: 'POST', ...tokenOf[kind] });
          assert.equal(
            res.status,
            allowed[i] ? 200 : 403,
            `${operation} with ${kind}: ${JSON.stringify(res.body)}`,
          );
        }
      }
    });
  });

  describe('asset.get_upload_url', () => {
    let g: { fid: string; upload_url: string };
    let rid: string;
    before(async () => {
      g = await createGallery(t, 'Urls');
      rid = await upload(g.upload_url, 'base.png');
    });

    it('signs a URL into a gallery, valid 24 hours by default', async () => {
      const res = await t.call('asset.get_upload_url', { fid: g.fid });
      assert.equal(res.status, 200);
      const url = new URL(res.body.upload_url);
      assert.equal(url.origin + url.pathname, `${t.origin}/upload`);
      assert.equal(url.searchParams.get('uid'), (await t.call('ping')).body.accid);
      assert.equal(url.searchParams.get('addtofid'), g.fid);
      assert.match(url.searchParams.get('hash') ?? '', /^[0-9a-f]{64}$/);
      assert.equal(Number(url.searchParams.get('d')), Math.floor(clock.now() / 1000) + 86400);
      const up = await uploadFile(res.body.upload_url, { name: 'x.png', bytes: tinyPng() });
      assert.equal(up.status, 200);
      assert.equal(inGallery(g.fid, up.body.rid), true);
    });

    it('honours ttl and refuses a ttl over 24 hours or below 1 second', async () => {
      const res = await t.call('asset.get_upload_url', { fid: g.fid, ttl: 120 });
      assert.equal(
        Number(new URL(res.body.upload_url).searchParams.get('d')),
        Math.floor(clock.now() / 1000) + 120,
      );
      for (const ttl of [86401, 0, 'soon']) {
        const bad = await t.call('asset.get_upload_url', { fid: g.fid, ttl });
        assert.deepEqual([bad.status, bad.body.code], [400, 'invalid_parameter'], String(ttl));
      }
    });

    it('signs a URL that attaches to an asset under poster, thumb or subtitle-<lang>', async () => {
      for (const type of ['poster', 'thumb', 'subtitle-en', 'subtitle-pt-br']) {
        const res = await t.call('asset.get_upload_url', { rid, type });
        assert.equal(res.status, 200, type);
        const url = new URL(res.body.upload_url);
        assert.deepEqual([url.searchParams.get('rid'), url.searchParams.get('type')], [rid, type]);
        assert.equal(url.searchParams.get('addtofid'), '0');
      }
    });

    it('refuses rid without type, type without rid and unknown types with 400', async () => {
      const noType = await t.call('asset.get_upload_url', { rid });
      assert.deepEqual([noType.status, noType.body.code], [400, 'missing_parameter']);
      const noRid = await t.call('asset.get_upload_url', { type: 'poster' });
      assert.deepEqual([noRid.status, noRid.body.code], [400, 'invalid_parameter']);
      for (const type of ['banner', 'subtitle-', 'subtitle-e']) {
        const bad = await t.call('asset.get_upload_url', { rid, type });
        assert.deepEqual([bad.status, bad.body.code], [400, 'invalid_parameter'], type);
      }
    });

    it('answers 404 for an unknown gallery or asset', async () => {
      const fid = await t.call('asset.get_upload_url', { fid: 'nosuchgallery' });
      assert.deepEqual([fid.status, fid.body.code], [404, 'not_found']);
      const noAsset = await t.call('asset.get_upload_url', { rid: 'nosuchasset', type: 'poster' });
      assert.deepEqual([noAsset.status, noAsset.body.code], [404, 'not_found']);
    });

    it('is refused to a read token and allowed to a write token', async () => {
      assert.equal((await t.call('asset.get_upload_url', { fid: g.fid }, { token: readToken })).status, 403);
      assert.equal((await t.call('asset.get_upload_url', { fid: g.fid }, { token: writeToken })).status, 200);
    });

    it('keeps temporary tokens to their gallery or asset', async () => {
      const other = await createGallery(t, 'Other urls');
      const byFid = (await t.call('token.get_temp', { permissions: 'asset.upload', fid: g.fid })).body.token;
      assert.equal((await t.call('asset.get_upload_url', { fid: g.fid }, { token: byFid })).status, 200);
      assert.equal((await t.call('asset.get_upload_url', { fid: other.fid }, { token: byFid })).status, 403);
      const implied = await t.call('asset.get_upload_url', {}, { token: byFid });
      assert.equal(new URL(implied.body.upload_url).searchParams.get('addtofid'), g.fid);
      const byRid = (await t.call('token.get_temp', { permissions: 'asset.upload', rid })).body.token;
      assert.equal(
        (await t.call('asset.get_upload_url', { rid, type: 'poster' }, { token: byRid })).status,
        200,
      );
      assert.equal((await t.call('asset.get_upload_url', { fid: g.fid }, { token: byRid })).status, 403);
    });
  });
});
