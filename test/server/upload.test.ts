// The upload POST at the signed URL and upload.get_upload_token, over real HTTP.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import type { AccountEvent } from '../../server/events.ts';
import { signUploadUrl } from '../../server/services/upload-urls.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MAX_UPLOAD = 64 * 1024;
const BOUNDARY = '----a1-test-boundary';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Multipart framing by hand, for bodies fetch would not send (raw filename bytes, cut-off bodies). */
function partHead(name: string, filename?: Buffer | string, mime = 'application/octet-stream'): Buffer {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"`, 'latin1');
  if (filename === undefined) return Buffer.concat([head, Buffer.from('\r\n\r\n')]);
  const fname = typeof filename === 'string' ? Buffer.from(filename, 'utf8') : filename;
  return Buffer.concat([
    head,
    Buffer.from('; filename="'),
    fname,
    Buffer.from(`"\r\nContent-Type: ${mime}\r\n\r\n`),
  ]);
}

const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function multipartBody(filename: Buffer | string, bytes: Uint8Array): Buffer {
  return Buffer.concat([partHead('file', filename), bytes, closing]);
}

interface RawResult {
  status: number;
  body: any;
}

/** POSTs a raw body; `chunked` sends no content-length. */
function rawPost(url: string, body: Buffer, { chunked = false } = {}): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      accept: 'application/json',
    };
    if (!chunked) headers['content-length'] = String(body.length);
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (chunked) {
      for (let i = 0; i < body.length; i += 4096) req.write(body.subarray(i, i + 4096));
      req.end();
    } else req.end(body);
  });
}

describe('upload POST to a signed upload URL', () => {
  let t: TestServer;
  let clock: ManualClock;
  let events: AccountEvent[];
  before(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
    t = await startTestServer({ clock, maxUploadBytes: MAX_UPLOAD });
    events = [];
    t.server.ctx.events.subscribe((e) => events.push(e));
  });
  after(() => t.close());

  const media = () => join(t.dataDir, 'media');
  const tmp = () => join(t.dataDir, 'tmp');
  /** One folder per stored asset; version files appear inside them in the background. */
  const assetFolders = () => (existsSync(media()) ? readdirSync(media()).sort() : []);
  const assetCount = async () => (await t.call('asset.list', {})).body.items_data.items_count as number;
  const galleryRids = (fid: string) =>
    (
      t.server.ctx.db.prepare('SELECT rid FROM gallery_items WHERE fid = ? ORDER BY position').all(fid) as {
        rid: string;
      }[]
    ).map((r) => r.rid);

  it('stores the file under a server-chosen name, records it and adds it to the bottom of the gallery', async () => {
    const g = await createGallery(t);
    const png = tinyPng(5, 4);
    const first = await uploadFile(g.upload_url, { name: 'first.png', bytes: png, mime: 'image/png' });
    const second = await uploadFile(g.upload_url, { name: 'second.png', bytes: png, mime: 'image/png' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.success, true);
    assert.equal(typeof first.body.runtime, 'number');
    assert.equal(first.body.rid, first.body.asset.rid);
    const asset = first.body.asset;
    assert.equal(asset.filename, 'first.png');
    assert.equal(asset.type, 'image');
    assert.equal(asset.syncstatus, 'pending');
    assert.equal(asset.filesize, png.length);
    assert.equal(asset.versions.original.url, `${t.origin}/files/${asset.rid}/original`);
    assert.equal(asset.thumbnail, null);
    assert.deepEqual(asset.attached, {});
    assert.ok(!Number.isNaN(Date.parse(asset.uploaded)));
    const stored = join(media(), asset.rid, 'original');
    assert.deepEqual(new Uint8Array(readFileSync(stored)), png);
    assert.deepEqual(galleryRids(g.fid), [first.body.rid, second.body.rid]);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('emits asset.uploaded with the record', async () => {
    const g = await createGallery(t);
    events.length = 0;
    const up = await uploadFile(g.upload_url, { name: 'e.png', bytes: tinyPng() });
    const uploaded = events.filter((e) => e.event === 'asset.uploaded');
    assert.equal(uploaded.length, 1);
    assert.equal(uploaded[0]?.data.rid, up.body.rid);
  });

  it('sets caption, description, tags and reference_id from form fields before or after the file', async () => {
    const g = await createGallery(t);
    const before = await uploadFile(
      g.upload_url,
      { name: 'm.png', bytes: tinyPng() },
      { caption: 'Sunset', description: 'Over the bay', tags: 'sea, sun ,sea', reference_id: 'ext-1' },
    );
    assert.equal(before.status, 200);
    assert.equal(before.body.asset.caption, 'Sunset');
    assert.equal(before.body.asset.description, 'Over the bay');
    assert.equal(before.body.asset.tags, 'sea,sun');
    assert.equal(before.body.asset.reference_id, 'ext-1');
    const body = Buffer.concat([
      partHead('file', 'late.png'),
      tinyPng(),
      Buffer.from('\r\n'),
      partHead('caption'),
      Buffer.from('After the file'),
      closing,
    ]);
    const late = await rawPost(g.upload_url, body);
    assert.equal(late.status, 200);
    assert.equal(late.body.asset.caption, 'After the file');
  });

  it('refuses metadata fields over their limits with 400 and stores nothing', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const long = await uploadFile(
      g.upload_url,
      { name: 'x.png', bytes: tinyPng() },
      { caption: 'c'.repeat(256) },
    );
    assert.equal(long.status, 400);
    assert.equal(long.body.code, 'invalid_parameter');
    const tags = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
    const many = await uploadFile(g.upload_url, { name: 'x.png', bytes: tinyPng() }, { tags });
    assert.equal(many.status, 400);
    assert.equal(await assetCount(), count);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('decides the type from the content, not the claimed MIME type', async () => {
    const g = await createGallery(t);
    const fake = await uploadFile(g.upload_url, {
      name: 'fake.png',
      bytes: new TextEncoder().encode('not a picture at all'),
      mime: 'image/png',
    });
    assert.equal(fake.status, 200);
    assert.equal(fake.body.asset.type, 'other');
    assert.equal(fake.body.asset.syncstatus, 'synced');
    const png = await uploadFile(g.upload_url, { name: 'noext', bytes: tinyPng(), mime: 'text/plain' });
    assert.equal(png.body.asset.type, 'image');
  });

  for (const [label, mutate] of [
    ['a changed gallery', (u: URL) => u.searchParams.set('addtofid', 'someoneelse')],
    ['a later expiry', (u: URL) => u.searchParams.set('d', String(Number(u.searchParams.get('d')) + 3600))],
    ['a changed hash', (u: URL) => u.searchParams.set('hash', '0'.repeat(64))],
    ['another account', (u: URL) => u.searchParams.set('uid', 'accsomeoneelse')],
    [
      'an added rid',
      (u: URL) => {
        u.searchParams.set('rid', 'abc');
        u.searchParams.set('type', 'poster');
      },
    ],
    ['no hash', (u: URL) => u.searchParams.delete('hash')],
  ] as const) {
    it(`refuses a tampered upload URL (${label}) with 403 and stores nothing`, async () => {
      const g = await createGallery(t);
      const count = await assetCount();
      const url = new URL(g.upload_url);
      mutate(url);
      const res = await uploadFile(url.toString(), { name: 't.png', bytes: tinyPng() });
      assert.equal(res.status, 403);
      assert.equal(res.body.success, false);
      assert.equal(res.body.code, 'permission_denied');
      assert.equal(await assetCount(), count);
      assert.deepEqual(filesUnder(tmp()), []);
    });
  }

  it('refuses an expired upload URL with 403 and accepts it until then', async () => {
    const g = await createGallery(t);
    const url = signUploadUrl(t.server.ctx, { fid: g.fid, ttlSeconds: 60 });
    clock.advance(59_000);
    assert.equal((await uploadFile(url, { name: 'in-time.png', bytes: tinyPng() })).status, 200);
    const count = await assetCount();
    clock.advance(1_000);
    const late = await uploadFile(url, { name: 'late.png', bytes: tinyPng() });
    assert.equal(late.status, 403);
    assert.match(late.body.message, /expired/);
    assert.equal(await assetCount(), count);
  });

  it('answers 404 for a signed URL whose gallery does not exist', async () => {
    const url = signUploadUrl(t.server.ctx, { fid: 'nosuchgallery' });
    const res = await uploadFile(url, { name: 'n.png', bytes: tinyPng() });
    assert.equal(res.status, 404);
    assert.equal(res.body.code, 'not_found');
  });

  it('stores an upload without a gallery when the URL names none', async () => {
    const url = signUploadUrl(t.server.ctx, {});
    const res = await uploadFile(url, { name: 'loose.png', bytes: tinyPng() });
    assert.equal(res.status, 200);
    const listed = await t.call('asset.list', { rid: res.body.rid });
    assert.equal(listed.body.items.length, 1);
  });

  it('rejects multipart bodies that are not one file in the field "file" with 400', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const noFile = await rawPost(
      g.upload_url,
      Buffer.concat([partHead('caption'), Buffer.from('x'), closing]),
    );
    assert.equal(noFile.status, 400);
    assert.equal(noFile.body.code, 'missing_parameter');
    const empty = await uploadFile(g.upload_url, { name: 'empty.png', bytes: new Uint8Array() });
    assert.equal(empty.status, 400);
    const other = await rawPost(
      g.upload_url,
      Buffer.concat([partHead('image', 'a.png'), tinyPng(), closing]),
    );
    assert.equal(other.status, 400);
    const two = await rawPost(
      g.upload_url,
      Buffer.concat([
        partHead('file', 'a.png'),
        tinyPng(),
        Buffer.from('\r\n'),
        partHead('file', 'b.png'),
        tinyPng(),
        closing,
      ]),
    );
    assert.equal(two.status, 400);
    assert.equal(await assetCount(), count);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('rejects a multipart body that ends before its closing boundary, storing nothing', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const unfinished = await rawPost(g.upload_url, Buffer.concat([partHead('file', 'half.png'), tinyPng()]));
    assert.deepEqual([unfinished.status, unfinished.body.code], [400, 'invalid_parameter']);
    assert.equal(await assetCount(), count);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('accepts a file of exactly the size limit', async () => {
    const g = await createGallery(t);
    const res = await uploadFile(g.upload_url, {
      name: 'max.bin',
      bytes: new Uint8Array(MAX_UPLOAD).fill(7),
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.asset.filesize, MAX_UPLOAD);
  });

  it('answers 413 too_large for an oversize file streamed without a length and leaves no file', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const folders = assetFolders();
    const res = await rawPost(
      g.upload_url,
      multipartBody('big.bin', new Uint8Array(MAX_UPLOAD + 1).fill(1)),
      {
        chunked: true,
      },
    );
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'too_large');
    assert.equal(await assetCount(), count);
    assert.deepEqual(assetFolders(), folders);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('answers 413 too_large at once when the declared length is far beyond the limit', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const res = await rawPost(
      g.upload_url,
      multipartBody('huge.bin', new Uint8Array(MAX_UPLOAD + 2 * 1024 * 1024)),
    );
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'too_large');
    assert.equal(await assetCount(), count);
    assert.deepEqual(filesUnder(tmp()), []);
  });

  it('leaves no asset and no temporary file when the client disconnects mid-body', async () => {
    const g = await createGallery(t);
    const count = await assetCount();
    const folders = assetFolders();
    const body = multipartBody('cut.bin', new Uint8Array(40 * 1024).fill(3));
    const req = request(g.upload_url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
    });
    req.on('error', () => {});
    req.write(body.subarray(0, 20 * 1024));
    // The server is writing the temp file: now cut the connection.
    await waitFor(async () => filesUnder(tmp()).length === 1, { timeoutMs: 5000 });
    req.destroy();
    await waitFor(async () => filesUnder(tmp()).length === 0, { timeoutMs: 5000 });
    assert.equal(await assetCount(), count);
    assert.deepEqual(assetFolders(), folders);
  });

  it('keeps hostile client filenames as metadata only, stored safely and shown sanitised', async () => {
    const g = await createGallery(t);
    const cases: [Buffer | string, (name: string) => void][] = [
      ['../../escape.png', (n) => assert.equal(n, 'escape.png')],
      ['..\\..\\win.png', (n) => assert.equal(n, 'win.png')],
      ['nul\u0000byte.png', (n) => assert.equal(n, 'nulbyte.png')],
      [`${'a'.repeat(300)}.png`, (n) => assert.equal(n.length, 255)],
      [
        Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x70, 0x6e, 0x67]),
        (n) => assert.equal(n, 'caf\ufffd.png'),
      ],
      ['..', (n) => assert.equal(n, 'file')],
    ];
    for (const [filename, check] of cases) {
      // Plain text: no versions are made for it, so the folder holds exactly what the upload stored.
      const res = await rawPost(g.upload_url, multipartBody(filename, Buffer.from('hostile name')));
      assert.equal(res.status, 200, `${JSON.stringify(String(filename))}: ${JSON.stringify(res.body)}`);
      check(res.body.asset.filename);
      assert.deepEqual(readdirSync(join(media(), res.body.rid)), ['original']);
    }
    assert.equal(existsSync(join(t.dataDir, 'escape.png')), false);
    assert.equal(existsSync(join(t.dataDir, '..', 'escape.png')), false);
  });

  it('answers with CORS headers like the API', async () => {
    const g = await createGallery(t);
    const url = new URL(g.upload_url);
    const res = await fetch(url, { method: 'POST', body: new FormData() });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.test', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  });

  it('attaches an upload to an asset under its type, replacing an earlier attachment of that type', async () => {
    const g = await createGallery(t);
    const parent = await uploadFile(g.upload_url, { name: 'video.bin', bytes: tinyPng() });
    const urlOf = async () =>
      (await t.call('asset.get_upload_url', { rid: parent.body.rid, type: 'poster' })).body
        .upload_url as string;
    // Text stands in for the poster images: no background version work races the checks on disk.
    const posterBytes = new TextEncoder().encode('poster');
    const first = await uploadFile(await urlOf(), { name: 'poster1.png', bytes: posterBytes });
    assert.equal(first.status, 200);
    let record = (await t.call('asset.list', { rid: parent.body.rid })).body.items[0];
    assert.deepEqual(record.attached, { poster: first.body.rid });
    events.length = 0;
    const second = await uploadFile(await urlOf(), { name: 'poster2.png', bytes: posterBytes });
    assert.equal(second.status, 200);
    record = (await t.call('asset.list', { rid: parent.body.rid })).body.items[0];
    assert.deepEqual(record.attached, { poster: second.body.rid });
    assert.equal(existsSync(join(media(), first.body.rid)), false);
    assert.deepEqual(
      events.filter((e) => e.event === 'asset.deleted').map((e) => e.data.rid),
      [first.body.rid],
    );
    const updated = events.filter((e) => e.event === 'asset.updated').map((e) => e.data);
    assert.deepEqual(
      updated.map((d) => [d.rid, d.attached]),
      [[parent.body.rid, { poster: second.body.rid }]],
    );
    assert.deepEqual(galleryRids(g.fid), [parent.body.rid]);
  });

  it('answers 404 when the asset to attach to is gone', async () => {
    const g = await createGallery(t);
    const parent = await uploadFile(g.upload_url, { name: 'p.png', bytes: tinyPng() });
    const url = (await t.call('asset.get_upload_url', { rid: parent.body.rid, type: 'thumb' })).body
      .upload_url;
    await t.call('asset.delete', { rid: parent.body.rid }, { method: 'POST' });
    const res = await uploadFile(url, { name: 't.png', bytes: tinyPng() });
    assert.equal(res.status, 404);
  });
});

describe('upload tokens and ownership', () => {
  let t: TestServer;
  let clock: ManualClock;
  before(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
    t = await startTestServer({ clock });
  });
  after(() => t.close());

  const ownerOf = (rid: string) =>
    (
      t.server.ctx.db.prepare('SELECT upload_token_hash AS h FROM assets WHERE rid = ?').get(rid) as {
        h: string | null;
      }
    ).h;

  it('issues an upload token for an existing gallery', async () => {
    const g = await createGallery(t);
    const res = await t.call('upload.get_upload_token', { fid: g.fid, expire: '2026-06-03' });
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.upload_token, 'string');
    assert.equal(res.body.expires, '2026-06-04T00:00:00.000Z');
    const ping = await t.call('ping', {}, { token: res.body.upload_token, uploadToken: true });
    assert.equal(ping.body.token_type, 'upload');
  });

  it('refuses upload.get_upload_token without fid (400), for an unknown fid (404), with a bad expire (400)', async () => {
    const g = await createGallery(t);
    const none = await t.call('upload.get_upload_token', {});
    assert.deepEqual([none.status, none.body.code], [400, 'missing_parameter']);
    const unknown = await t.call('upload.get_upload_token', { fid: 'nosuchgallery' });
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'not_found']);
    for (const expire of ['tomorrow', '2026-02-30', '2020-01-01']) {
      const bad = await t.call('upload.get_upload_token', { fid: g.fid, expire });
      assert.deepEqual([bad.status, bad.body.code], [400, 'invalid_parameter'], expire);
    }
  });

  it('refuses upload.get_upload_token to read tokens, upload tokens and temporary tokens of another gallery', async () => {
    const g = await createGallery(t);
    const other = await createGallery(t, 'Other');
    const read = t.server.services.tokens.createApplicationToken('read');
    assert.equal((await t.call('upload.get_upload_token', { fid: g.fid }, { token: read })).status, 403);
    const upload = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token;
    const byUpload = await t.call(
      'upload.get_upload_token',
      { fid: g.fid },
      { token: upload, uploadToken: true },
    );
    assert.equal(byUpload.status, 403);
    const temp = (await t.call('token.get_temp', { permissions: '*', fid: g.fid })).body.token;
    assert.equal((await t.call('upload.get_upload_token', { fid: other.fid }, { token: temp })).status, 403);
    assert.equal((await t.call('upload.get_upload_token', { fid: g.fid }, { token: temp })).status, 200);
  });

  it('records the upload token as owner, so it may edit only its own uploads', async () => {
    const g = await createGallery(t);
    const token = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token as string;
    const mine = await uploadFile(g.upload_url, { name: 'mine.png', bytes: tinyPng() }, {}, token);
    assert.equal(mine.status, 200);
    assert.notEqual(ownerOf(mine.body.rid), null);
    const theirs = await uploadFile(g.upload_url, { name: 'theirs.png', bytes: tinyPng() });
    assert.equal(ownerOf(theirs.body.rid), null);
    const asUpload = { method: 'POST' as const, token, uploadToken: true };
    const ok = await t.call('asset.set_meta', { rid: mine.body.rid, caption: 'Mine' }, asUpload);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.asset.caption, 'Mine');
    const refused = await t.call('asset.set_meta', { rid: theirs.body.rid, caption: 'Nope' }, asUpload);
    assert.equal(refused.status, 403);
    const listed = await t.call('asset.list', { rid: theirs.body.rid });
    assert.equal(listed.body.items[0].caption, '');
  });

  it('refuses an upload whose upload token is invalid, expired or for another gallery, storing nothing', async () => {
    const g = await createGallery(t);
    const other = await createGallery(t, 'Other');
    const token = (await t.call('upload.get_upload_token', { fid: g.fid, expire: '2026-06-01' })).body
      .upload_token;
    const count = () =>
      (t.server.ctx.db.prepare('SELECT COUNT(*) AS n FROM assets').get() as { n: number }).n;
    const before = count();
    const wrongGallery = await uploadFile(other.upload_url, { name: 'x.png', bytes: tinyPng() }, {}, token);
    assert.equal(wrongGallery.status, 403);
    const invalid = await uploadFile(g.upload_url, { name: 'x.png', bytes: tinyPng() }, {}, 'not-a-token');
    assert.deepEqual([invalid.status, invalid.body.code], [403, 'invalid_token']);
    const apiToken = await uploadFile(g.upload_url, { name: 'x.png', bytes: tinyPng() }, {}, t.token);
    assert.equal(apiToken.status, 403);
    clock.advance(12 * 3600 * 1000); // the token ends with its day; the upload URL is still valid
    const expired = await uploadFile(g.upload_url, { name: 'x.png', bytes: tinyPng() }, {}, token);
    assert.deepEqual([expired.status, expired.body.code], [403, 'token_expired']);
    assert.equal(count(), before);
  });

  it('lets an upload token get upload URLs for its own gallery and own assets only', async () => {
    const g = await createGallery(t);
    const other = await createGallery(t, 'Other');
    const token = (await t.call('upload.get_upload_token', { fid: g.fid })).body.upload_token as string;
    const asUpload = { token, uploadToken: true };
    const own = await t.call('asset.get_upload_url', { fid: g.fid }, asUpload);
    assert.equal(own.status, 200);
    assert.equal(new URL(own.body.upload_url).searchParams.get('addtofid'), g.fid);
    const implied = await t.call('asset.get_upload_url', {}, asUpload);
    assert.equal(new URL(implied.body.upload_url).searchParams.get('addtofid'), g.fid);
    assert.equal((await t.call('asset.get_upload_url', { fid: other.fid }, asUpload)).status, 403);
    const mine = await uploadFile(own.body.upload_url, { name: 'v.png', bytes: tinyPng() }, {}, token);
    const theirs = await uploadFile(g.upload_url, { name: 'w.png', bytes: tinyPng() });
    const attachMine = await t.call('asset.get_upload_url', { rid: mine.body.rid, type: 'poster' }, asUpload);
    assert.equal(attachMine.status, 200);
    const poster = await uploadFile(
      attachMine.body.upload_url,
      { name: 'p.png', bytes: tinyPng() },
      {},
      token,
    );
    assert.equal(poster.status, 200);
    const attachTheirs = await t.call(
      'asset.get_upload_url',
      { rid: theirs.body.rid, type: 'poster' },
      asUpload,
    );
    assert.equal(attachTheirs.status, 403);
  });
});

describe('start-up', () => {
  it('deletes leftovers in tmp when the server starts', async () => {
    const first = await startTestServer();
    await first.stop();
    const leftover = join(first.dataDir, 'tmp', 'part-leftover');
    mkdirSync(join(first.dataDir, 'tmp'), { recursive: true });
    writeFileSync(leftover, 'half an upload');
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      assert.equal(existsSync(leftover), false);
    } finally {
      await second.close();
    }
  });
});
