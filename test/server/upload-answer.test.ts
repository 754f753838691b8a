// The answers of the upload URL read the three ways the hosted service's clients read them (the rid as
// group 2 of a regular expression, as word 4 of line 6, failure as the substring `error`), JSON when asked
// for, and readable cross-origin: every kind of failure, whoever produces it, over real HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import type { FaultOptions } from '../../server/http/faults.ts';
import { MAX_CHUNK_BYTES } from '../../server/services/upload-errors.ts';
import { signUploadUrl } from '../../server/services/upload-urls.ts';
import { readUploadAnswer } from '../../src/api/upload-answer.ts';
import { chunkHeaders, postRaw, type RawAnswer, ridByLine, ridByRegex } from '../helpers/chunks.ts';
import { createGallery, tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** How the service's uploader tells a failure: the status is never read. */
const failed = (answer: RawAnswer) => answer.text.indexOf('error') > -1;

function assertFailure(answer: RawAnswer, status: number, code: string, what: string) {
  assert.equal(answer.status, status, `${what}: ${answer.text}`);
  assert.ok(failed(answer), `${what}: the body holds "error": ${answer.text}`);
  assert.match(answer.text, new RegExp(`^error\\ncode ${code}\\nmessage [^\\n]+`), what);
  assert.equal(ridByRegex(answer.text), null, what);
  assert.equal(answer.headers['access-control-allow-origin'], '*', `${what}: CORS`);
  assert.match(String(answer.headers['access-control-expose-headers']), /Upload-Offset/, what);
}

/** A multipart form by hand (the filename is ours to choose exactly). */
function form(filename: string, bytes: Uint8Array, boundary = '----answer-boundary'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
const formType = 'multipart/form-data; boundary=----answer-boundary';

/** Declares a body longer than a chunk may be and sends only its first bytes: refused before the rest. */
const oversizedChunk = (url: string): Promise<RawAnswer> =>
  postRaw(
    url,
    {
      ...chunkHeaders('big-1', 0, MAX_CHUNK_BYTES + 1, MAX_CHUNK_BYTES + 1),
      'content-length': String(MAX_CHUNK_BYTES + 1),
    },
    { head: Buffer.alloc(1024) },
  );

describe('upload URL answers', () => {
  let t: TestServer;
  let clock: ManualClock;
  before(async () => {
    clock = new ManualClock(Date.now());
    t = await startTestServer({ clock });
  });
  after(() => t.close());

  it('answers a complete upload in 7 lines that give the rid by regex group 2 and by line 6 word 4', async () => {
    const g = await createGallery(t);
    const png = Buffer.from(tinyPng());
    const answer = await postRaw(g.upload_url, chunkHeaders('1730195945123', 0, png.length, png.length), png);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/plain; charset=utf-8');
    const lines = answer.text.split('\n');
    assert.equal(lines.length, 7);
    const rid = ridByRegex(answer.text);
    assert.match(rid ?? '', /^[a-z0-9]{12}$/);
    assert.equal(ridByLine(answer.text), rid);
    assert.equal(lines[6], `new resource id ${png.length} ${rid}`);
    assert.equal(failed(answer), false);
    assert.deepEqual(readUploadAnswer(answer.text), { success: true, rid });
    assert.equal(answer.headers['access-control-allow-origin'], '*');
  });

  it('reads the same way for a multipart form and a raw body when no Accept header asks for JSON', async () => {
    const g = await createGallery(t);
    const multipart = await postRaw(g.upload_url, { 'content-type': formType }, form('a.png', tinyPng()));
    const raw = await postRaw(
      g.upload_url,
      { 'content-type': 'image/png', 'x-file-name': 'b.png' },
      Buffer.from(tinyPng()),
    );
    for (const answer of [multipart, raw]) {
      assert.equal(answer.status, 200, answer.text);
      assert.ok(ridByRegex(answer.text));
      assert.equal(ridByLine(answer.text), ridByRegex(answer.text));
    }
    const listed = await t.call('asset.list', { rid: ridByRegex(raw.text) ?? '' });
    assert.equal(listed.body.items[0].filename, 'b.png');
  });

  it('sends a JSON success without the substring "error", even for a file named error.jpg', async () => {
    const g = await createGallery(t);
    const json = await postRaw(
      g.upload_url,
      { 'content-type': formType, accept: 'application/json' },
      form('error.jpg', tinyPng()),
    );
    assert.equal(json.status, 200);
    assert.match(String(json.headers['content-type']), /^application\/json/);
    assert.equal(json.text.indexOf('error'), -1, json.text);
    const body = JSON.parse(json.text);
    assert.equal(body.success, true);
    assert.equal(body.asset.filename, 'error.jpg');
    assert.equal(body.rid, body.asset.rid);
    // The text answer never names the file at all.
    const text = await postRaw(
      g.upload_url,
      { ...chunkHeaders('err-name', 0, 67, 67), 'x-file-name': 'error_log.mp4' },
      Buffer.alloc(67, 1),
    );
    assert.equal(failed(text), false, text.text);
    assert.ok(ridByRegex(text.text));
  });

  it('answers a chunk stored and a probe with the offset and no "error"', async () => {
    const g = await createGallery(t);
    const chunk = await postRaw(g.upload_url, chunkHeaders('mid-1', 0, 10, 30), Buffer.alloc(10));
    assert.equal(chunk.text, 'OK\nchunk stored\noffset 10 of 30');
    assert.deepEqual(readUploadAnswer(chunk.text), { success: true, offset: 10, total: 30, complete: false });
    assert.equal(failed(chunk), false);
    const json = await postRaw(
      g.upload_url,
      chunkHeaders('mid-1', 10, 20, 30, { accept: 'application/json' }),
      Buffer.alloc(10),
    );
    const body = JSON.parse(json.text);
    assert.deepEqual([body.success, body.offset, body.total, body.complete], [true, 20, 30, false]);
    assert.equal(typeof body.runtime, 'number');
  });

  it('holds "error" in every failure: bad hash, expired URL, too large a chunk, offset refusal, parser errors', async () => {
    const g = await createGallery(t);
    const bad = new URL(g.upload_url);
    bad.searchParams.set('hash', '0'.repeat(64));
    assertFailure(
      await postRaw(bad.toString(), chunkHeaders('f-1', 0, 5, 5), Buffer.alloc(5)),
      403,
      'permission_denied',
      'bad hash',
    );

    const short = signUploadUrl(t.server.ctx, { fid: g.fid, ttlSeconds: 60 });
    clock.advance(61_000);
    const expired = await postRaw(short, chunkHeaders('f-2', 0, 5, 5), Buffer.alloc(5));
    assertFailure(expired, 403, 'permission_denied', 'expired URL');
    assert.match(expired.text, /expired/);

    assertFailure(await oversizedChunk(g.upload_url), 413, 'too_large', 'too large a chunk');

    await postRaw(g.upload_url, chunkHeaders('f-3', 0, 5, 15), Buffer.alloc(5));
    const refused = await postRaw(g.upload_url, chunkHeaders('f-3', 10, 15, 15), Buffer.alloc(5));
    assertFailure(refused, 409, 'conflict', 'offset refusal');
    assert.equal(refused.text.split('\n')[3], 'offset 5 of 15');
    assert.deepEqual(
      (({ success, code, offset }) => ({ success, code, offset }))(
        readUploadAnswer(refused.text) as { success: boolean; code: string; offset?: number },
      ),
      { success: false, code: 'conflict', offset: 5 },
    );

    const broken = await postRaw(
      g.upload_url,
      { 'content-type': formType },
      form('x.png', tinyPng()).subarray(0, 80),
    );
    assertFailure(broken, 400, 'invalid_parameter', 'cut-off multipart body');
    const range = await postRaw(
      g.upload_url,
      { 'content-range': 'bytes five-six/7', 'unique-id': 'f-4' },
      Buffer.alloc(2),
    );
    assertFailure(range, 400, 'invalid_parameter', 'malformed Content-Range');
    const emptyFile = await postRaw(g.upload_url, { 'content-type': 'application/octet-stream' });
    assertFailure(emptyFile, 400, 'invalid_parameter', 'empty body');
    const gone = signUploadUrl(t.server.ctx, { fid: 'nosuchgallery' });
    assertFailure(
      await postRaw(gone, chunkHeaders('f-5', 0, 5, 5), Buffer.alloc(5)),
      404,
      'not_found',
      'no gallery',
    );
    const get = await fetch(g.upload_url);
    const getAnswer = {
      status: get.status,
      text: await get.text(),
      headers: Object.fromEntries(get.headers),
    };
    assertFailure(getAnswer, 404, 'not_found', 'GET');
  });

  it('sends failures as JSON with "error" when asked for JSON', async () => {
    const g = await createGallery(t);
    await postRaw(g.upload_url, chunkHeaders('j-1', 0, 5, 15), Buffer.alloc(5));
    const answer = await postRaw(
      g.upload_url,
      chunkHeaders('j-1', 10, 15, 15, { accept: 'application/json' }),
      Buffer.alloc(5),
    );
    assert.ok(failed(answer));
    const body = JSON.parse(answer.text);
    assert.deepEqual(
      [body.success, body.code, body.offset, body.error === body.message],
      [false, 'conflict', 5, true],
    );
  });

  it('answers a CORS preflight with the four headers of the service uploader, without a token or hash', async () => {
    const g = await createGallery(t);
    const url = new URL(g.upload_url);
    url.searchParams.set('hash', 'nonsense');
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://cms.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-range,content-type,unique-id,x-file-name',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    for (const name of ['content-range', 'content-type', 'unique-id', 'x-file-name', 'accept']) {
      assert.ok(allowed.includes(name), `allows ${name}: ${allowed}`);
    }
    assert.ok(Number(preflight.headers.get('access-control-max-age')) > 0);
  });
});

describe('upload URL answers of injected faults', () => {
  const cases: [string, FaultOptions, number, string][] = [
    ['an injected 500', { errorRate: 1, operations: ['upload'] }, 500, 'internal'],
    ['an injected expired URL', { expireRate: 1, operations: ['upload'] }, 403, 'permission_denied'],
  ];
  for (const [label, faults, status, code] of cases) {
    it(`holds "error" and CORS headers in ${label}`, async () => {
      const t = await startTestServer({ faults });
      try {
        const g = await createGallery(t);
        const text = await postRaw(g.upload_url, chunkHeaders('i-1', 0, 5, 5), Buffer.alloc(5));
        assertFailure(text, status, code, label);
        const json = await postRaw(
          g.upload_url,
          chunkHeaders('i-2', 0, 5, 5, { accept: 'application/json' }),
          Buffer.alloc(5),
        );
        assert.ok(failed(json));
        assert.equal(JSON.parse(json.text).code, code);
        assert.equal((await t.call('asset.list', {})).body.items_data.items_count, 0);
      } finally {
        await t.close();
      }
    });
  }
});
