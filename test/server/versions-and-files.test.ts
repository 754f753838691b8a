// Versions made off the request path, asset.resync, and `/files/*` serving (types, ranges, caching), over HTTP.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { AccountEvent } from '../../server/events.ts';
import { mediaTools } from '../../server/media/tools.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

// Made with: ffmpeg -f lavfi -i testsrc=size=160x120:rate=10 -t 2 -pix_fmt yuv420p -c:v libx264
//   -profile:v main -crf 35 -movflags +faststart test/fixtures/media/tiny.mp4
const TINY_MP4 = new Uint8Array(readFileSync(new URL('../fixtures/media/tiny.mp4', import.meta.url)));
// Made with: ffmpeg -f lavfi -i sine=frequency=440:duration=1 -ac 1 -ar 16000 -c:a libmp3lame -b:a 16k
//   test/fixtures/media/tiny.mp3
const TINY_MP3 = new Uint8Array(readFileSync(new URL('../fixtures/media/tiny.mp3', import.meta.url)));

/** ffmpeg as the server finds it (PATH, else the npm package). */
const hasFfmpeg = () => mediaTools({}).ffmpeg !== null;

async function asset(server: TestServer, rid: string) {
  const { status, body } = await server.call('asset.list', { rid });
  assert.equal(status, 200, JSON.stringify(body));
  return body.items[0];
}

/** Uploads a file into a new gallery and waits until its versions are done (synced or failed). */
async function uploadAndSettle(server: TestServer, bytes: Uint8Array, name: string, mime: string) {
  const { upload_url } = await createGallery(server);
  const uploaded = await uploadFile(upload_url, { name, bytes, mime });
  assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
  const rid: string = uploaded.body.rid;
  await waitFor(async () => (await asset(server, rid)).syncstatus !== 'pending');
  return asset(server, rid);
}

async function jpegSize(url: string): Promise<{ width?: number; height?: number; format?: string }> {
  const response = await fetch(url);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

describe('versions', () => {
  let server: TestServer;
  const events: AccountEvent[] = [];
  before(async () => {
    server = await startTestServer();
    server.server.ctx.events.subscribe((event) => events.push(event));
  });
  after(() => server.close());

  test('an image gets three JPEG versions fitted inside their boxes, never enlarged, and turns synced', async () => {
    const record = await uploadAndSettle(server, tinyPng(800, 600), 'landscape.png', 'image/png');
    assert.equal(record.syncstatus, 'synced');
    assert.equal(record.width, 800);
    assert.equal(record.height, 600);
    const expected: Record<string, [number, number]> = {
      jpg_200x150: [200, 150],
      jpg_600x450: [600, 450],
      jpg_1200x900: [800, 600],
    };
    for (const [name, [width, height]] of Object.entries(expected)) {
      const version = record.versions[name];
      assert.ok(version, `version ${name} missing`);
      assert.equal(version.width, width, name);
      assert.equal(version.height, height, name);
      assert.ok(version.filesize > 0);
      assert.deepEqual(await jpegSize(version.url), { width, height, format: 'jpeg' });
    }
    assert.deepEqual(record.thumbnail, {
      url: record.versions.jpg_200x150.url,
      width: 200,
      height: 150,
    });
    const synced = events.find((e) => e.event === 'asset.synced' && e.data.rid === record.rid);
    assert.ok(synced, 'asset.synced was emitted');
    assert.equal(synced.data.syncstatus, 'synced');
  });

  test('a portrait image keeps its aspect ratio in every version', async () => {
    const record = await uploadAndSettle(server, tinyPng(300, 900), 'portrait.png', 'image/png');
    assert.equal(record.syncstatus, 'synced');
    assert.equal(record.versions.jpg_200x150.width, 50);
    assert.equal(record.versions.jpg_200x150.height, 150);
    assert.equal(record.versions.jpg_600x450.width, 150);
    assert.equal(record.versions.jpg_600x450.height, 450);
    assert.equal(record.versions.jpg_1200x900.width, 300);
    assert.equal(record.versions.jpg_1200x900.height, 900);
  });

  test('an upload answers before its versions exist: the record starts pending', async () => {
    const { upload_url } = await createGallery(server);
    const uploaded = await uploadFile(upload_url, {
      name: 'a.png',
      bytes: tinyPng(640, 480),
      mime: 'image/png',
    });
    assert.equal(uploaded.status, 200);
    assert.equal(uploaded.body.asset.syncstatus, 'pending');
    assert.equal(uploaded.body.asset.thumbnail, null);
    await waitFor(async () => (await asset(server, uploaded.body.rid)).syncstatus === 'synced');
  });

  test('a corrupt image turns failed, keeps its original and emits asset.synced', async () => {
    const png = tinyPng(50, 50);
    const corrupt = new Uint8Array(png.length);
    corrupt.set(png.subarray(0, 16));
    corrupt.fill(0x42, 16);
    const record = await uploadAndSettle(server, corrupt, 'broken.png', 'image/png');
    assert.equal(record.syncstatus, 'failed');
    assert.deepEqual(Object.keys(record.versions), ['original']);
    assert.equal(record.thumbnail, null);
    const original = await fetch(record.versions.original.url);
    assert.equal(original.status, 200);
    assert.equal((await original.arrayBuffer()).byteLength, corrupt.length);
    const synced = events.find((e) => e.event === 'asset.synced' && e.data.rid === record.rid);
    assert.equal(synced?.data.syncstatus, 'failed');
  });

  test('a HEIC photo fails cleanly: this sharp build has no HEVC decoder, and the message says so', async () => {
    // The HEIF box structure of a phone's photo, its image data cut short: sharp reads the brand and gives up.
    const head = Buffer.alloc(24);
    head.writeUInt32BE(24, 0);
    head.write('ftypheic', 4, 'latin1');
    head.write('mif1heic', 16, 'latin1');
    const bytes = new Uint8Array(Buffer.concat([head, Buffer.alloc(2000, 7)]));
    const record = await uploadAndSettle(server, bytes, 'IMG_0001.HEIC', 'image/heic');
    assert.equal(record.type, 'image');
    assert.equal(record.syncstatus, 'failed');
    assert.match(record.message, /HEIC\/HEIF photos cannot be converted/);
    assert.deepEqual(Object.keys(record.versions), ['original']);
  });

  test('asset.resync regenerates a deleted version file and answers queued', async () => {
    const record = await uploadAndSettle(server, tinyPng(640, 480), 'resync.png', 'image/png');
    const file = join(server.dataDir, 'media', record.rid, 'jpg_600x450.jpg');
    assert.ok(existsSync(file));
    rmSync(file);
    assert.equal((await fetch(record.versions.jpg_600x450.url)).status, 404);
    const { status, body } = await server.call('asset.resync', { rid: record.rid }, { method: 'POST' });
    assert.equal(status, 200);
    assert.equal(body.success, true);
    assert.equal(body.status, 'queued');
    await waitFor(
      async () => existsSync(file) && (await fetch(record.versions.jpg_600x450.url)).status === 200,
    );
    assert.deepEqual(await jpegSize(record.versions.jpg_600x450.url), {
      width: 600,
      height: 450,
      format: 'jpeg',
    });
    const again = await asset(server, record.rid);
    assert.equal(again.syncstatus, 'synced');
    assert.equal(again.versions.jpg_600x450.width, 600);
  });

  test('asset.resync refuses unknown rids (404), a missing rid (400) and a read-only token', async () => {
    const unknown = await server.call('asset.resync', { rid: 'nosuchasset1' }, { method: 'POST' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'not_found');
    const missingRid = await server.call('asset.resync', {}, { method: 'POST' });
    assert.equal(missingRid.status, 400);
    assert.equal(missingRid.body.code, 'missing_parameter');
    const temp = await server.call('token.get_temp', { permissions: 'asset.read' });
    assert.equal(temp.status, 200, JSON.stringify(temp.body));
    const record = await uploadAndSettle(server, tinyPng(20, 20), 'r.png', 'image/png');
    const refused = await server.call(
      'asset.resync',
      { rid: record.rid },
      { method: 'POST', token: temp.body.token },
    );
    assert.equal(refused.status, 403);
  });

  test('a video gets a poster, its JPEG sizes and HLS renditions', async () => {
    // The npm package ships ffmpeg: there is always one, so the poster path cannot fall silently aside.
    assert.ok(hasFfmpeg(), 'no ffmpeg: neither on PATH nor from @ffmpeg-installer/ffmpeg');
    const record = await uploadAndSettle(server, TINY_MP4, 'clip.mp4', 'video/mp4');
    assert.equal(record.type, 'video');
    assert.equal(record.syncstatus, 'synced', record.message);
    assert.equal(record.width, 160);
    assert.equal(record.height, 120);
    assert.ok(Math.abs(record.duration - 2) < 0.2, `duration ${record.duration}`);
    assert.deepEqual(await jpegSize(record.versions.poster.url), { width: 160, height: 120, format: 'jpeg' });
    assert.equal(record.thumbnail.width, 160);
    assert.equal(record.versions.jpg_1200x900.width, 160);
    assert.match(record.versions.hls.url, /\/hls\/master\.m3u8$/);
  });

  test('audio gets its duration and an HLS audio rendition', async () => {
    const record = await uploadAndSettle(server, TINY_MP3, 'tone.mp3', 'audio/mpeg');
    assert.equal(record.type, 'audio');
    assert.equal(record.syncstatus, 'synced', record.message);
    assert.deepEqual(Object.keys(record.versions).sort(), ['hls', 'original']);
    assert.ok(Math.abs(record.duration - 1) < 0.2, `duration ${record.duration}`);
  });
});

describe('versions after a restart', () => {
  test('assets left pending by a stopped server get their versions at the next start', async () => {
    const first = await startTestServer();
    const record = await uploadAndSettle(first, tinyPng(400, 300), 'later.png', 'image/png');
    await first.stop();
    // As if the server had died mid-job: the asset is pending and its versions are gone.
    const db = new Database(join(first.dataDir, 'gallery.sqlite3'));
    db.prepare(`UPDATE assets SET syncstatus = 'pending' WHERE rid = ?`).run(record.rid);
    db.prepare('DELETE FROM asset_versions WHERE rid = ?').run(record.rid);
    db.close();
    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      await waitFor(async () => (await asset(second, record.rid)).syncstatus === 'synced');
      const again = await asset(second, record.rid);
      assert.equal(again.versions.jpg_200x150.width, 200);
      assert.equal(again.versions.jpg_1200x900.width, 400);
    } finally {
      await second.close();
    }
  });
});

describe('versions without ffmpeg', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ ffmpegPath: null });
  });
  after(() => server.close());

  test('a video stays synced with no poster and no thumbnail', async () => {
    const record = await uploadAndSettle(server, TINY_MP4, 'clip.mp4', 'video/mp4');
    assert.equal(record.type, 'video');
    assert.equal(record.syncstatus, 'synced');
    assert.deepEqual(Object.keys(record.versions), ['original']);
    assert.equal(record.thumbnail, null);
  });

  test('audio stays synced without a duration or renditions', async () => {
    const record = await uploadAndSettle(server, TINY_MP3, 'tone.mp3', 'audio/mpeg');
    assert.equal(record.syncstatus, 'synced');
    assert.deepEqual(Object.keys(record.versions), ['original']);
    assert.equal(record.duration, undefined);
  });
});

describe('/files', () => {
  let server: TestServer;
  let record: any;
  let original: Buffer;
  before(async () => {
    server = await startTestServer();
    original = Buffer.from(TINY_MP4);
    record = await uploadAndSettle(server, TINY_MP4, 'clip.mp4', 'video/mp4');
  });
  after(() => server.close());

  test('serves the original with its stored type, length, validators and a year-long immutable cache', async () => {
    const response = await fetch(record.versions.original.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'video/mp4');
    assert.equal(response.headers.get('content-length'), String(original.length));
    assert.equal(response.headers.get('accept-ranges'), 'bytes');
    assert.match(response.headers.get('cache-control') ?? '', /max-age=31536000/);
    assert.match(response.headers.get('cache-control') ?? '', /immutable/);
    assert.ok(response.headers.get('etag'));
    assert.ok(Date.parse(response.headers.get('last-modified') ?? '') > 0);
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(original));
  });

  test('answers a byte range with 206 and exactly those bytes', async () => {
    const response = await fetch(record.versions.original.url, { headers: { range: 'bytes=100-199' } });
    assert.equal(response.status, 206);
    assert.equal(response.headers.get('content-range'), `bytes 100-199/${original.length}`);
    assert.equal(response.headers.get('content-length'), '100');
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(original.subarray(100, 200)));

    const suffix = await fetch(record.versions.original.url, { headers: { range: 'bytes=-10' } });
    assert.equal(suffix.status, 206);
    assert.ok(Buffer.from(await suffix.arrayBuffer()).equals(original.subarray(original.length - 10)));

    const open = await fetch(record.versions.original.url, {
      headers: { range: `bytes=${original.length - 5}-` },
    });
    assert.equal(open.status, 206);
    assert.equal((await open.arrayBuffer()).byteLength, 5);
  });

  test('answers a range past the end with 416 and the full length', async () => {
    const response = await fetch(record.versions.original.url, {
      headers: { range: `bytes=${original.length}-${original.length + 10}` },
    });
    assert.equal(response.status, 416);
    assert.equal(response.headers.get('content-range'), `bytes */${original.length}`);
    const body = await response.json();
    assert.equal(body.success, false);
  });

  test('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(record.versions.original.url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const second = await fetch(record.versions.original.url, { headers: { 'if-none-match': etag } });
    assert.equal(second.status, 304);
  });

  test('answers JSON 404 for an unknown rid, an unknown name and path traversal attempts', async () => {
    const paths = [
      '/files/nosuchasset1/original',
      `/files/${record.rid}/jpg_9999x9999`,
      `/files/${record.rid}/..%2F..%2Fgallery.sqlite3`,
      '/files/..%2Fgallery.sqlite3/original',
      `/files/${record.rid}/%2e%2e`,
    ];
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`);
      assert.equal(response.status, 404, path);
      const body = await response.json();
      assert.equal(body.success, false, path);
      assert.equal(body.code, 'not_found', path);
    }
  });
});
