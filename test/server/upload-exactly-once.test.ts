// Exactly one asset per file however often a request whose answer was lost is repeated with the same
// unique-id: chunks under the `cut` fault (stored, then the answer dropped), whole multipart and raw
// uploads sent again, and the same chunk arriving twice at once. Over real HTTP.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { parseFaults } from '../../server/http/faults.ts';
import { chunkHeaders, postRaw, type RawAnswer, ridByRegex } from '../helpers/chunks.ts';
import { createGallery, tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const assetCount = async (t: TestServer) =>
  (await t.call('asset.list', {})).body.items_data.items_count as number;

/** Sends again, as the service's uploader does on a network error, until an answer arrives (at most 20 tries). */
async function untilAnswered(send: () => Promise<RawAnswer>): Promise<{ answer: RawAnswer; lost: number }> {
  for (let lost = 0; lost < 20; lost++) {
    try {
      return { answer: await send(), lost };
    } catch {
      // The connection was cut after the server stored the request: send it again, unchanged.
    }
  }
  throw new Error('no answer in 20 tries');
}

describe('exactly once under lost answers (the cut fault)', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ faults: { cutRate: 0.5, operations: ['upload'], seed: 3 } });
  });
  after(() => t.close());

  it('makes one asset per file when lost chunk answers, the last one included, are sent again', async () => {
    const g = await createGallery(t);
    let lost = 0;
    const rids: string[] = [];
    const files: Buffer[] = [];
    for (let f = 0; f < 6; f++) {
      const file = Buffer.alloc(4000);
      for (let i = 0; i < file.length; i++) file[i] = (i * (f + 7)) % 256;
      files.push(file);
      const uniqueId = String(1730195945000 + f);
      let last: RawAnswer | undefined;
      for (let start = 0; start < file.length; start += 1000) {
        const headers = chunkHeaders(uniqueId, start, start + 1000, file.length);
        const sent = await untilAnswered(() =>
          postRaw(g.upload_url, headers, file.subarray(start, start + 1000)),
        );
        lost += sent.lost;
        assert.equal(sent.answer.status, 200, sent.answer.text);
        last = sent.answer;
      }
      const rid = ridByRegex(last?.text ?? '');
      assert.ok(rid, last?.text);
      rids.push(rid);
    }
    assert.ok(lost >= 3, `answers were lost ${lost} times`);
    assert.equal(new Set(rids).size, 6);
    assert.equal(await assetCount(t), 6);
    for (const [i, rid] of rids.entries()) {
      const stored = Buffer.from(await (await fetch(`${t.origin}/files/${rid}/original`)).arrayBuffer());
      assert.equal(
        createHash('sha256').update(stored).digest('hex'),
        createHash('sha256')
          .update(files[i] as Buffer)
          .digest('hex'),
      );
    }
  });
});

describe('the cut fault', () => {
  it('is read from the fault spec, stores the upload, then drops the answer', async () => {
    assert.deepEqual(parseFaults('cut=1,ops=upload'), { cutRate: 1, operations: ['upload'] });
    const t = await startTestServer({ faults: parseFaults('cut=1,ops=upload') });
    try {
      const g = await createGallery(t);
      const bytes = Buffer.from(tinyPng());
      await assert.rejects(
        postRaw(g.upload_url, { 'content-type': 'image/png', 'unique-id': 'cut-1' }, bytes),
      );
      assert.equal(await assetCount(t), 1);
      await assert.rejects(
        postRaw(g.upload_url, { 'content-type': 'image/png', 'unique-id': 'cut-1' }, bytes),
      );
      assert.equal(await assetCount(t), 1);
      // A refusal is answered: only stored uploads lose their answer.
      const refused = await postRaw(g.upload_url, chunkHeaders('cut-2', 5, 10, 10), Buffer.alloc(5));
      assert.equal(refused.status, 409);
    } finally {
      await t.close();
    }
  });
});

describe('exactly once for whole uploads', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  const form = (uniqueIdField?: string) => {
    const body = new FormData();
    if (uniqueIdField) body.append('unique_id', uniqueIdField);
    body.append('caption', 'Once');
    body.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'once.png');
    return body;
  };
  const upload = async (url: string, body: FormData, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: { accept: 'application/json', ...headers },
    });
    return { status: response.status, body: await response.json() };
  };

  it('answers the same rid to a multipart upload repeated with the same unique-id header', async () => {
    const g = await createGallery(t);
    const before = await assetCount(t);
    const first = await upload(g.upload_url, form(), { 'unique-id': 'form-header-1' });
    const again = await upload(g.upload_url, form(), { 'unique-id': 'form-header-1' });
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.equal(again.body.rid, first.body.rid);
    assert.equal(again.body.asset.caption, 'Once');
    assert.equal(await assetCount(t), before + 1);
  });

  it('answers the same rid to a multipart upload repeated with the same unique_id field, also at once', async () => {
    const g = await createGallery(t);
    const before = await assetCount(t);
    const answers = await Promise.all([1, 2, 3].map(() => upload(g.upload_url, form('form-field-1'))));
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(new Set(answers.map((a) => a.body.rid)).size, 1);
    const later = await upload(g.upload_url, form('form-field-1'));
    assert.equal(later.body.rid, answers[0]?.body.rid);
    assert.equal(await assetCount(t), before + 1);
    // Another unique-id is another file.
    const other = await upload(g.upload_url, form('form-field-2'));
    assert.notEqual(other.body.rid, later.body.rid);
    assert.equal(await assetCount(t), before + 2);
  });

  it('answers the same rid to a raw body repeated with the same unique-id, and to the same id sent as chunks', async () => {
    const g = await createGallery(t);
    const before = await assetCount(t);
    const bytes = Buffer.from(tinyPng());
    const headers = { 'content-type': 'image/png', 'x-file-name': 'raw.png', 'unique-id': 'raw-1' };
    const first = await postRaw(g.upload_url, headers, bytes);
    const again = await postRaw(g.upload_url, headers, bytes);
    assert.equal(ridByRegex(again.text), ridByRegex(first.text));
    const asChunk = await postRaw(g.upload_url, chunkHeaders('raw-1', 0, bytes.length, bytes.length), bytes);
    assert.equal(ridByRegex(asChunk.text), ridByRegex(first.text));
    assert.equal(await assetCount(t), before + 1);
  });

  it('stores a chunk sent twice at the same moment once', async () => {
    const g = await createGallery(t);
    const body = Buffer.alloc(2_000_000, 9);
    const headers = chunkHeaders('twice-1', 0, 1_000_000, 2_000_000);
    const both = await Promise.all([
      postRaw(g.upload_url, headers, body.subarray(0, 1_000_000)),
      postRaw(g.upload_url, headers, body.subarray(0, 1_000_000)),
    ]);
    assert.deepEqual(
      both.map((a) => a.text),
      ['OK\nchunk stored\noffset 1000000 of 2000000', 'OK\nchunk stored\noffset 1000000 of 2000000'],
    );
    const done = await postRaw(
      g.upload_url,
      chunkHeaders('twice-1', 1_000_000, 2_000_000, 2_000_000),
      body.subarray(1_000_000),
    );
    const rid = ridByRegex(done.text);
    assert.ok(rid, done.text);
    assert.equal((await t.call('asset.list', { rid })).body.items[0].filesize, 2_000_000);
  });
});
