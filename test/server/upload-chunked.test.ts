// Chunked uploads to the signed upload URL over real HTTP, as the hosted service's uploader sends them
// (Content-Type multipart/form-data without a boundary, exclusive ends, a digits unique-id, no Accept):
// chunks in order, inclusive ends, repeats, refusals naming the offset, the probe, resuming after a restart
// or with a fresh URL, and the sweep of abandoned partial uploads.
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { signUploadUrl } from '../../server/services/upload-urls.ts';
import {
  chunkHeaders,
  postRaw,
  ridByLine,
  ridByRegex,
  sha256OfFile,
  writeRandomFile,
} from '../helpers/chunks.ts';
import { createGallery } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MB = 1000 * 1000;
const partials = (t: TestServer) => {
  const dir = join(t.dataDir, 'partial');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const assetCount = async (t: TestServer) =>
  (await t.call('asset.list', {})).body.items_data.items_count as number;
const probe = (url: string, uniqueId: string, total: number) =>
  postRaw(url, { 'content-range': `bytes */${total}`, 'unique-id': uniqueId });

describe('chunked uploads', () => {
  let t: TestServer;
  let clock: ManualClock;
  let work: string;
  before(async () => {
    clock = new ManualClock(Date.now());
    t = await startTestServer({ clock });
    work = mkdtempSync(join(tmpdir(), 'gallery-chunks-'));
  });
  after(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('stores a 120 MB file sent in 3 chunks byte for byte, and answers the rid on the last one', async () => {
    const total = 120 * MB;
    const path = join(work, 'big.bin');
    const sourceHash = await writeRandomFile(path, total);
    const g = await createGallery(t);
    const uniqueId = String(Date.now());
    const answers = [];
    for (const start of [0, 40 * MB, 80 * MB]) {
      const end = start + 40 * MB;
      answers.push(
        await postRaw(g.upload_url, chunkHeaders(uniqueId, start, end, total), { path, start, end }),
      );
    }
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(answers[0]?.text, `OK\nchunk stored\noffset ${40 * MB} of ${total}`);
    assert.equal(answers[0]?.headers['upload-offset'], String(40 * MB));
    assert.equal(answers[1]?.text, `OK\nchunk stored\noffset ${80 * MB} of ${total}`);
    const last = answers[2]?.text ?? '';
    const rid = ridByRegex(last);
    assert.ok(rid, last);
    assert.equal(ridByLine(last), rid);
    const stored = join(t.dataDir, 'media', rid, 'original');
    assert.equal(statSync(stored).size, total);
    assert.equal(await sha256OfFile(stored), sourceHash);
    const listed = (await t.call('asset.list', { rid })).body.items[0];
    assert.equal(listed.filename, 'clip one.bin');
    assert.equal(listed.filesize, total);
    const items = await t.call('gallery.get_items', { fid: g.fid });
    assert.deepEqual(
      items.body.folder.items.map((item: { rid: string }) => item.rid),
      [rid],
    );
    assert.deepEqual(partials(t), []);
    rmSync(path);
  });

  it('takes inclusive ends too (start + length - 1), the body length telling them apart', async () => {
    const g = await createGallery(t);
    const body = Buffer.alloc(3000);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7) % 256;
    const first = await postRaw(g.upload_url, chunkHeaders('incl-1', 0, 999, 3000), body.subarray(0, 1000));
    assert.equal(first.text, 'OK\nchunk stored\noffset 1000 of 3000');
    // Mixed with an exclusive end on the next chunk, as two clients of one file would not, but may.
    await postRaw(g.upload_url, chunkHeaders('incl-1', 1000, 2000, 3000), body.subarray(1000, 2000));
    const last = await postRaw(g.upload_url, chunkHeaders('incl-1', 2000, 2999, 3000), body.subarray(2000));
    const rid = ridByRegex(last.text);
    assert.ok(rid, last.text);
    const stored = Buffer.from(await (await fetch(`${t.origin}/files/${rid}/original`)).arrayBuffer());
    assert.deepEqual(stored, body);
  });

  it('refuses an empty file (bytes 0-0/0) with 400', async () => {
    const g = await createGallery(t);
    const empty = await postRaw(g.upload_url, chunkHeaders('empty-1', 0, 0, 0));
    assert.equal(empty.status, 400);
    assert.match(empty.text, /^error\n/);
  });

  it('accepts a repeated chunk without storing its bytes twice', async () => {
    const g = await createGallery(t);
    const body = Buffer.alloc(3000, 1);
    const headers = chunkHeaders('repeat-1', 0, 1000, 3000);
    const first = await postRaw(g.upload_url, headers, body.subarray(0, 1000));
    const again = await postRaw(g.upload_url, headers, body.subarray(0, 1000));
    assert.equal(first.text, 'OK\nchunk stored\noffset 1000 of 3000');
    assert.equal(again.status, 200);
    assert.equal(again.text, 'OK\nchunk stored\noffset 1000 of 3000');
    assert.equal((await probe(g.upload_url, 'repeat-1', 3000)).headers['upload-offset'], '1000');
    const [file] = partials(t).filter((name) => statSync(join(t.dataDir, 'partial', name)).size === 1000);
    assert.ok(file, 'the partial file holds the chunk once');
  });

  it('refuses a chunk out of order with 409 naming the stored offset, and stores nothing', async () => {
    const g = await createGallery(t);
    const body = Buffer.alloc(3000, 2);
    await postRaw(g.upload_url, chunkHeaders('order-1', 0, 1000, 3000), body.subarray(0, 1000));
    const sizes = () => partials(t).map((name) => statSync(join(t.dataDir, 'partial', name)).size);
    const before = sizes();
    const skipped = await postRaw(
      g.upload_url,
      chunkHeaders('order-1', 2000, 3000, 3000),
      body.subarray(2000),
    );
    assert.equal(skipped.status, 409);
    assert.equal(skipped.headers['upload-offset'], '1000');
    assert.match(skipped.text, /^error\ncode conflict\nmessage .+\noffset 1000 of 3000$/);
    // An overlap (from before the offset to past it) is refused the same way.
    const overlap = await postRaw(
      g.upload_url,
      chunkHeaders('order-1', 500, 1500, 3000),
      body.subarray(500, 1500),
    );
    assert.equal(overlap.status, 409);
    const json = await postRaw(
      g.upload_url,
      chunkHeaders('order-1', 2000, 3000, 3000, { accept: 'application/json' }),
      body.subarray(2000),
    );
    const parsed = JSON.parse(json.text);
    assert.deepEqual([parsed.success, parsed.code, parsed.offset], [false, 'conflict', 1000]);
    assert.deepEqual(sizes(), before);
    assert.equal((await probe(g.upload_url, 'order-1', 3000)).headers['upload-offset'], '1000');
  });

  it('answers a probe with the stored offset: 0 before any chunk, then the complete answer once done', async () => {
    const g = await createGallery(t);
    const none = await probe(g.upload_url, 'probe-1', 2000);
    assert.equal(none.status, 200);
    assert.equal(none.text, 'OK\nchunk stored\noffset 0 of 2000');
    assert.equal(none.headers['upload-offset'], '0');
    const body = Buffer.alloc(2000, 3);
    await postRaw(g.upload_url, chunkHeaders('probe-1', 0, 1200, 2000), body.subarray(0, 1200));
    const json = await postRaw(g.upload_url, {
      'content-range': 'bytes */2000',
      'unique-id': 'probe-1',
      accept: 'application/json',
    });
    const parsed = JSON.parse(json.text);
    assert.deepEqual(
      [parsed.success, parsed.offset, parsed.total, parsed.complete],
      [true, 1200, 2000, false],
    );
    const done = await postRaw(g.upload_url, chunkHeaders('probe-1', 1200, 2000, 2000), body.subarray(1200));
    const rid = ridByRegex(done.text);
    assert.ok(rid);
    const after = await probe(g.upload_url, 'probe-1', 2000);
    assert.equal(ridByRegex(after.text), rid);
    assert.equal(ridByLine(after.text), rid);
  });

  it('takes a chunk whose Content-Range has no total yet, and completes on the chunk that names it', async () => {
    const g = await createGallery(t);
    const body = Buffer.alloc(1500, 4);
    const first = await postRaw(g.upload_url, chunkHeaders('open-1', 0, 1000, null), body.subarray(0, 1000));
    assert.equal(first.text, 'OK\nchunk stored\noffset 1000 of ?');
    const last = await postRaw(g.upload_url, chunkHeaders('open-1', 1000, 1500, 1500), body.subarray(1000));
    assert.ok(ridByRegex(last.text), last.text);
  });

  it('refuses a chunk that is not the whole file without a unique-id, and another file under a used unique-id', async () => {
    const g = await createGallery(t);
    const headers = chunkHeaders('x', 0, 100, 300);
    delete headers['unique-id'];
    const noId = await postRaw(g.upload_url, headers, Buffer.alloc(100));
    assert.equal(noId.status, 400);
    assert.match(noId.text, /^error\ncode missing_parameter/);
    await postRaw(g.upload_url, chunkHeaders('same-id', 0, 100, 300), Buffer.alloc(100));
    const otherSize = await postRaw(g.upload_url, chunkHeaders('same-id', 100, 200, 400), Buffer.alloc(100));
    assert.equal(otherSize.status, 409);
    const otherName = await postRaw(
      g.upload_url,
      chunkHeaders('same-id', 100, 200, 300, { 'x-file-name': 'another.bin' }),
      Buffer.alloc(100),
    );
    assert.equal(otherName.status, 409);
    const lengthMismatch = await postRaw(
      g.upload_url,
      chunkHeaders('same-id', 100, 150, 300),
      Buffer.alloc(100),
    );
    assert.equal(lengthMismatch.status, 400);
    assert.equal((await probe(g.upload_url, 'same-id', 300)).headers['upload-offset'], '100');
  });

  it('stores a whole file sent as one chunk, with or without a unique-id', async () => {
    const g = await createGallery(t);
    const count = await assetCount(t);
    const headers = chunkHeaders('x', 0, 500, 500);
    delete headers['unique-id'];
    const plain = await postRaw(g.upload_url, headers, Buffer.alloc(500, 5));
    assert.ok(ridByRegex(plain.text), plain.text);
    const withId = await postRaw(g.upload_url, chunkHeaders('whole-1', 0, 500, 500), Buffer.alloc(500, 6));
    assert.ok(ridByRegex(withId.text), withId.text);
    assert.equal(await assetCount(t), count + 2);
  });

  it('continues a partial upload on a fresh upload URL for the same target (the first one expired)', async () => {
    const g = await createGallery(t);
    const first = signUploadUrl(t.server.ctx, { fid: g.fid, ttlSeconds: 60 });
    const body = Buffer.alloc(2000, 7);
    await postRaw(first, chunkHeaders('fresh-1', 0, 1000, 2000), body.subarray(0, 1000));
    clock.advance(61_000);
    const expired = await postRaw(first, chunkHeaders('fresh-1', 1000, 2000, 2000), body.subarray(1000));
    assert.equal(expired.status, 403);
    assert.match(expired.text, /^error\n/);
    const fresh = (await t.call('asset.get_upload_url', { fid: g.fid })).body.upload_url as string;
    assert.notEqual(fresh, first);
    assert.equal((await probe(fresh, 'fresh-1', 2000)).headers['upload-offset'], '1000');
    const done = await postRaw(fresh, chunkHeaders('fresh-1', 1000, 2000, 2000), body.subarray(1000));
    const rid = ridByRegex(done.text);
    assert.ok(rid, done.text);
    // Another target (another gallery) with the same unique-id is another upload.
    const other = await createGallery(t, 'Other');
    assert.equal((await probe(other.upload_url, 'fresh-1', 2000)).headers['upload-offset'], '0');
  });

  it('sweeps a partial upload untouched for 24 hours, row and file', async () => {
    const g = await createGallery(t);
    await postRaw(g.upload_url, chunkHeaders('stale-1', 0, 1000, 3000), Buffer.alloc(1000, 8));
    const row = () =>
      t.server.ctx.db.prepare('SELECT file FROM partial_uploads WHERE unique_id = ?').get('stale-1') as
        | { file: string }
        | undefined;
    const file = row()?.file as string;
    assert.ok(partials(t).includes(file));
    clock.advance(23 * 3600 * 1000);
    const url = (await t.call('asset.get_upload_url', { fid: g.fid })).body.upload_url as string;
    assert.equal((await probe(url, 'stale-1', 3000)).headers['upload-offset'], '1000');
    clock.advance(25 * 3600 * 1000);
    const later = (await t.call('asset.get_upload_url', { fid: g.fid })).body.upload_url as string;
    assert.equal((await probe(later, 'stale-1', 3000)).headers['upload-offset'], '0');
    assert.equal(row(), undefined);
    assert.equal(partials(t).includes(file), false);
  });
});

describe('chunked uploads across a restart', () => {
  it('resumes after the server restarts between chunks, on the same data dir', async () => {
    const first = await startTestServer();
    const g = await createGallery(first);
    const body = Buffer.alloc(3000);
    for (let i = 0; i < body.length; i++) body[i] = i % 251;
    const one = await postRaw(g.upload_url, chunkHeaders('restart-1', 0, 1000, 3000), body.subarray(0, 1000));
    assert.equal(one.status, 200);
    await first.stop();
    // A crash in the middle of the next chunk would leave bytes past the recorded offset: they are cut.
    const [file] = readdirSync(join(first.dataDir, 'partial'));
    appendFileSync(join(first.dataDir, 'partial', file as string), Buffer.alloc(500, 0xee));
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      // The URL was signed by the same server secret: it is still good after the restart.
      assert.equal(
        (await probe(g.upload_url.replace(first.origin, second.origin), 'restart-1', 3000)).headers[
          'upload-offset'
        ],
        '1000',
      );
      const url = (await second.call('asset.get_upload_url', { fid: g.fid })).body.upload_url as string;
      await postRaw(url, chunkHeaders('restart-1', 1000, 2000, 3000), body.subarray(1000, 2000));
      const done = await postRaw(url, chunkHeaders('restart-1', 2000, 3000, 3000), body.subarray(2000));
      const rid = ridByRegex(done.text);
      assert.ok(rid, done.text);
      const download = await fetch(`${second.origin}/files/${rid}/original`);
      assert.deepEqual(Buffer.from(await download.arrayBuffer()), body);
    } finally {
      await second.close();
    }
  });
});
