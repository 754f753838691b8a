// gallery.download: the signed link, the streamed zip (read back through its central directory), 403s.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { ManualClock } from '../../server/clock.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

/** Reads a zip the way unzip tools do: end record, then the central directory, then each entry's data. */
function readZip(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  assert.ok(end >= 0, 'end of central directory found');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    assert.equal(zip.readUInt32LE(local), 0x04034b50, 'local header');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : inflateRawSync(raw);
    assert.equal(data.length, size, `${name} size`);
    entries.push({ name, method, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('gallery.download', () => {
  let server: TestServer;
  let fid: string;
  const clock = new ManualClock(Date.now());
  const files = [
    { name: 'photo.png', bytes: tinyPng(320, 240) },
    { name: 'photo.png', bytes: tinyPng(30, 20) },
    { name: '../../evil.png', bytes: tinyPng(10, 10) },
    { name: '/etc/passwd.png', bytes: tinyPng(12, 12) },
    { name: 'notes.txt', bytes: new TextEncoder().encode('plain text that is not media\n'.repeat(20)) },
  ];

  before(async () => {
    server = await startTestServer({ clock });
    const gallery = await createGallery(server);
    fid = gallery.fid;
    const rids: string[] = [];
    for (const file of files) {
      const uploaded = await uploadFile(gallery.upload_url, { ...file, mime: 'application/octet-stream' });
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      rids.push(uploaded.body.rid);
    }
    await waitFor(async () => {
      const { body } = await server.call('asset.list', { rid: rids.join(',') });
      return body.items.every((item: { syncstatus: string }) => item.syncstatus !== 'pending');
    });
  });
  after(() => server.close());

  async function link(type?: string): Promise<string> {
    const { status, body } = await server.call('gallery.download', { fid, type });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.success, true);
    return body.download_link;
  }

  test('returns a signed link to /download/<fid>.zip carrying the type, expiry and hash', async () => {
    const url = new URL(await link());
    assert.equal(url.origin, server.origin);
    assert.equal(url.pathname, `/download/${fid}.zip`);
    assert.equal(url.searchParams.get('type'), 'original');
    assert.equal(Number(url.searchParams.get('d')), Math.floor(clock.now() / 1000) + 24 * 3600);
    assert.match(url.searchParams.get('hash') ?? '', /^[0-9a-f]{64}$/);
  });

  test('streams a zip of the originals in gallery order with safe, de-duplicated names', async () => {
    const response = await fetch(await link('original'));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    assert.deepEqual(
      entries.map((e) => e.name),
      ['photo.png', 'photo (2).png', 'evil.png', 'passwd.png', 'notes.txt'],
    );
    for (const entry of entries) {
      assert.ok(!entry.name.includes('..') && !entry.name.startsWith('/') && !entry.name.includes('\\'));
    }
    entries.forEach((entry, i) => {
      assert.ok(entry.data.equals(Buffer.from(files[i]?.bytes ?? [])), `${entry.name} content`);
    });
    // Already-compressed media is stored; text is deflated.
    assert.equal(entries[0]?.method, 0);
    assert.equal(entries[4]?.method, 8);
  });

  test('the resized zip holds the largest JPEG version of each image and the original of the rest', async () => {
    const response = await fetch(await link('resized'));
    assert.equal(response.status, 200);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    assert.deepEqual(
      entries.map((e) => e.name),
      ['photo.jpg', 'photo (2).jpg', 'evil.jpg', 'passwd.jpg', 'notes.txt'],
    );
    const first = await sharp(entries[0]?.data).metadata();
    assert.equal(first.format, 'jpeg');
    assert.equal(first.width, 320);
    assert.equal(first.height, 240);
  });

  test('a tampered link gets 403 JSON', async () => {
    const good = new URL(await link());
    const variants: URL[] = [];
    const hash = good.searchParams.get('hash') ?? '';
    const flipped = new URL(good);
    flipped.searchParams.set('hash', `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`);
    variants.push(flipped);
    const resized = new URL(good);
    resized.searchParams.set('type', 'resized');
    variants.push(resized);
    const later = new URL(good);
    later.searchParams.set('d', String(Number(good.searchParams.get('d')) + 3600));
    variants.push(later);
    const unsigned = new URL(good);
    unsigned.searchParams.delete('hash');
    variants.push(unsigned);
    const other = await createGallery(server, 'Other');
    variants.push(new URL(good.href.replace(`/download/${fid}.zip`, `/download/${other.fid}.zip`)));
    for (const url of variants) {
      const response = await fetch(url);
      assert.equal(response.status, 403, url.href);
      const body = await response.json();
      assert.equal(body.success, false);
      assert.equal(body.code, 'permission_denied');
    }
  });

  test('a link older than 24 hours gets 403', async () => {
    const url = await link();
    clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const response = await fetch(url);
      assert.equal(response.status, 403);
      assert.match((await response.json()).message, /expired/);
    } finally {
      clock.advance(-(24 * 3600 * 1000 + 1000));
    }
  });

  test('an empty gallery gives an empty zip; an unknown fid gives 404; a bad type 400', async () => {
    const empty = await createGallery(server, 'Empty');
    const { body } = await server.call('gallery.download', { fid: empty.fid });
    const response = await fetch(body.download_link);
    assert.equal(response.status, 200);
    assert.deepEqual(readZip(Buffer.from(await response.arrayBuffer())), []);
    const unknown = await server.call('gallery.download', { fid: 'nosuchgallery' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'not_found');
    const badType = await server.call('gallery.download', { fid, type: 'thumbnails' });
    assert.equal(badType.status, 400);
    assert.equal(badType.body.code, 'invalid_parameter');
  });
});
