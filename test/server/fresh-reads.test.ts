// The read model (kept records, counts, pages and remembered answers) never shows stale data over HTTP:
// every kind of write is seen by the very next read.
import assert from 'node:assert/strict';
import { get, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ManualClock } from '../../server/clock.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const POST = { method: 'POST' as const };

describe('reads after writes', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  const items = async (fid: string) =>
    (await t.call('gallery.get_items', { fid, details: 'caption,attached' })).body.folder;
  const listed = async (params: Record<string, string> = {}) => (await t.call('asset.list', params)).body;

  it('sees uploads, caption edits, reorders, attachments and deletes at once', async () => {
    const g = await createGallery(t, 'Fresh');
    const upload = async (name: string) =>
      (await uploadFile(g.upload_url, { name, bytes: tinyPng() }, { caption: name })).body.rid as string;
    const a = await upload('a.png');
    // Read twice so the counts, pages and records are remembered before each write.
    for (let i = 0; i < 2; i++) {
      assert.equal((await items(g.fid)).items_data.items_count, 1);
      assert.equal((await listed()).items_data.items_count, 1);
    }
    const b = await upload('b.png');
    assert.deepEqual(
      (await items(g.fid)).items.map((item: { rid: string }) => item.rid),
      [a, b],
    );
    assert.equal((await listed()).items_data.items_count, 2);

    await t.call('asset.set_meta', { rid: a, caption: 'renamed' }, POST);
    assert.equal((await items(g.fid)).items[0].caption, 'renamed');
    assert.equal((await listed({ rid: a })).items[0].caption, 'renamed');
    assert.deepEqual(
      (await listed({ search: 'caption=renamed' })).items.map((item: { rid: string }) => item.rid),
      [a],
    );

    const albums = async () =>
      (
        await t.call('gallery.get_items', { fid: g.fid, details: 'appears_in_albums' })
      ).body.folder.items.find((item: { rid: string }) => item.rid === b).appears_in_albums;
    assert.deepEqual(await albums(), [g.fid]);
    const other = await createGallery(t, 'Other');
    await t.call('gallery.add_item', { fid: other.fid, rid: b }, POST);
    assert.deepEqual(await albums(), [g.fid, other.fid]);
    await t.call('gallery.remove_item', { fid: other.fid, rid: b }, POST);
    assert.deepEqual(await albums(), [g.fid]);

    await t.call('gallery.add_item', { fid: g.fid, rid: b, insert_position: 'top' }, POST);
    assert.deepEqual(
      (await items(g.fid)).items.map((item: { rid: string }) => item.rid),
      [b, a],
    );

    const posterUrl = (await t.call('asset.get_upload_url', { rid: a, type: 'poster' })).body.upload_url;
    const poster = (await uploadFile(posterUrl, { name: 'p.png', bytes: tinyPng() })).body.rid as string;
    const withPoster = (await items(g.fid)).items.find((item: { rid: string }) => item.rid === a);
    assert.deepEqual(withPoster.attached, { poster });

    await t.call('asset.delete', { rid: a }, POST);
    const after = await items(g.fid);
    assert.deepEqual(
      after.items.map((item: { rid: string }) => item.rid),
      [b],
    );
    assert.equal(after.items_data.items_count, 1);
    assert.equal((await listed()).items_data.items_count, 1);
    assert.deepEqual((await listed({ rid: poster })).items, [], 'the poster went with its parent');
  });

  it('never lets a reader change a kept record, in any shape', async () => {
    const g = await createGallery(t, 'Frozen');
    const rid = (await uploadFile(g.upload_url, { name: 'f.png', bytes: tinyPng() })).body.rid as string;
    const assets = t.server.services.records;
    for (const details of [undefined, new Set(['caption', 'appears_in_albums', 'exif_tags'])]) {
      const [first] = assets.records([rid], details);
      assert.ok(first);
      assert.throws(() => {
        first.caption = 'changed by a reader';
      }, TypeError);
      assert.throws(() => {
        (first as unknown as Record<string, unknown>).extra = 1;
      }, TypeError);
      assert.throws(() => {
        (first.versions.original as { url: string }).url = 'x';
      }, TypeError);
      const [again] = assets.records([rid], details);
      assert.equal(again?.caption, '');
      assert.equal('extra' in (again ?? {}), false);
    }
    // A shape names only what details asks for, plus the details the server keeps no data for.
    const [shaped] = assets.records([rid], new Set(['caption', 'appears_in_albums', 'exif_tags']));
    assert.equal('description' in (shaped ?? {}), false);
    assert.deepEqual(shaped?.appears_in_albums, [g.fid]);
    assert.deepEqual(shaped?.exif_tags, {});
  });

  it("shows an attachment's new versions in its parent's attached_versions", async () => {
    const g = await createGallery(t, 'Attached');
    const parent = (await uploadFile(g.upload_url, { name: 'v.png', bytes: tinyPng() })).body.rid as string;
    const versionsOf = async () => {
      const items = (await t.call('gallery.get_items', { fid: g.fid, details: 'attached_versions' })).body
        .folder.items;
      return items.find((item: { rid: string }) => item.rid === parent).attached_versions;
    };
    assert.deepEqual(await versionsOf(), {});
    await versionsOf();
    const posterUrl = (await t.call('asset.get_upload_url', { rid: parent, type: 'poster' })).body.upload_url;
    const poster = (await uploadFile(posterUrl, { name: 'p.png', bytes: tinyPng() })).body.rid as string;
    const before = (await versionsOf()).poster;
    assert.ok(before.original, 'the poster original is listed');
    // The poster's thumbnails are made off the request path: its parent's answer follows them.
    await t.server.services.versions.idle();
    const [posterRecord] = t.server.services.records.records([poster]);
    assert.deepEqual(
      Object.keys((await versionsOf()).poster).sort(),
      Object.keys(posterRecord?.versions ?? {}).sort(),
    );
  });
});

describe('remembered answers of gallery.get_items and asset.list', () => {
  let t: TestServer;
  const clock = new ManualClock();
  before(async () => {
    t = await startTestServer({ clock });
  });
  after(() => t.close());

  it('give each caller its own answer and a fresh signed upload_url once 5 s have passed', async () => {
    const g = await createGallery(t, 'Remembered');
    const first = await t.call('gallery.get_items', { fid: g.fid });
    const again = await t.call('gallery.get_items', { fid: g.fid });
    assert.equal(again.body.upload_url, first.body.upload_url);
    assert.deepEqual({ ...again.body, runtime: 0 }, { ...first.body, runtime: 0 });

    const uploadToken = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token;
    const asUpload = await t.call(
      'gallery.get_items',
      { fid: g.fid },
      { token: uploadToken, uploadToken: true },
    );
    assert.match(asUpload.body.upload_url, /upload_token_id=/);
    assert.doesNotMatch(first.body.upload_url, /upload_token_id=/);

    clock.advance(6000);
    const later = await t.call('gallery.get_items', { fid: g.fid });
    const expiry = (url: string) => Number(new URL(url).searchParams.get('d'));
    assert.ok(expiry(later.body.upload_url) > expiry(first.body.upload_url), 'the URL is signed anew');
  });

  it('send a remembered answer gzipped to a client that accepts it, and as it is to others', async () => {
    const g = await createGallery(t, 'Gzipped');
    for (let i = 0; i < 3; i++) await uploadFile(g.upload_url, { name: `${i}.png`, bytes: tinyPng() });
    // Thumbnails are written off the request path: wait, or each of them makes a new answer.
    await t.server.services.versions.idle();
    const url = `${t.baseUrl}asset.list.json?api_token=${t.token}&items_per_page=3`;
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const first = await raw('gzip, deflate, br');
    assert.equal(first.headers['content-encoding'], undefined, 'an answer made for one request goes as is');
    const expected = JSON.parse(first.bytes.toString('utf8'));
    assert.equal(expected.items.length, 3);
    for (let i = 0; i < 2; i++) await raw('gzip');
    const gzipped = await raw('br;q=1, gzip;q=0.5');
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.match(String(gzipped.headers.vary), /accept-encoding/i);
    assert.equal(Number(gzipped.headers['content-length']), gzipped.bytes.length);
    const decoded = JSON.parse(gunzipSync(gzipped.bytes).toString('utf8'));
    assert.deepEqual({ ...decoded, runtime: 0 }, { ...expected, runtime: 0 });
    for (const refused of [undefined, 'identity', 'gzip;q=0', 'br', '*;q=0']) {
      const plain = await raw(refused);
      assert.equal(plain.headers['content-encoding'], undefined, String(refused));
      assert.deepEqual(
        { ...JSON.parse(plain.bytes.toString('utf8')), runtime: 0 },
        { ...expected, runtime: 0 },
      );
    }
    assert.equal((await raw('*')).headers['content-encoding'], 'gzip');
  });

  it('answer a question asked again before validating it, and still refuse what validation refuses', async () => {
    const g = await createGallery(t, 'Asked again');
    await uploadFile(g.upload_url, { name: 'a.png', bytes: tinyPng() }, { caption: '1,2' });
    await t.server.services.versions.idle();
    const ask = (query: string) =>
      fetch(`${t.baseUrl}asset.list.json?api_token=${t.token}&${query}`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, any>,
      }));
    for (let i = 0; i < 3; i++) assert.equal((await ask('search=1,2')).body.items.length, 1);
    // The same text as a repeated parameter is another question: validation still answers it.
    const repeated = await ask('search=1&search=2');
    assert.equal(repeated.status, 400);
    assert.equal(repeated.body.success, false);
    for (let i = 0; i < 3; i++) assert.equal((await ask('items_per_page=1&page=1')).body.items.length, 1);
    const invalid = await ask('items_per_page=0&page=1');
    assert.equal(invalid.status, 400);
    const expired = await fetch(`${t.baseUrl}asset.list.json?api_token=wrong&items_per_page=1&page=1`);
    assert.equal(expired.status, 403);
  });

  it('answer a question in other words, or a page past the end, on its own', async () => {
    const g = await createGallery(t, 'Paged');
    await uploadFile(g.upload_url, { name: 'one.png', bytes: tinyPng() });
    const pageOne = await t.call('asset.list', { items_per_page: 1, page: 1 });
    const pageTwo = await t.call('asset.list', { items_per_page: 1, page: 2 });
    assert.equal(pageOne.body.items.length, 1);
    assert.equal(pageTwo.body.items_data.page, 2);
    assert.notDeepEqual(pageTwo.body.items, pageOne.body.items);
  });
});
