// The fault injector itself: off by default, 500s at the asked share for the asked operations, upload bodies
// cut off (never leaving an asset the client did not hear of), expired upload URLs, latency.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseFaults } from '../../server/http/faults.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

async function assetCount(t: TestServer): Promise<number> {
  return (await t.call('asset.list', { items_per_page: 1 })).body.items_data.items_count;
}

describe('fault injection', () => {
  it('reads the fault spec and refuses a bad one', () => {
    assert.deepEqual(parseFaults('error=0.3,drop=0.1,latency=20,ops=upload|ping,seed=7'), {
      errorRate: 0.3,
      dropRate: 0.1,
      latencyMs: 20,
      operations: ['upload', 'ping'],
      seed: 7,
    });
    assert.deepEqual(parseFaults('expire=0.05'), { expireRate: 0.05 });
    assert.throws(() => parseFaults('error=2'), /between 0 and 1/);
    assert.throws(() => parseFaults('expire=-1'), /between 0 and 1/);
    assert.throws(() => parseFaults('nonsense'), /cannot read/);
  });

  it('injects nothing unless asked', async () => {
    const t = await startTestServer();
    try {
      for (let i = 0; i < 20; i++) assert.equal((await t.call('ping')).status, 200);
    } finally {
      await t.close();
    }
  });

  it('answers about the asked share of the chosen operation with a JSON 500 and leaves others alone', async () => {
    const t = await startTestServer({ faults: { errorRate: 0.3, operations: ['ping'], seed: 3 } });
    try {
      let failures = 0;
      for (let i = 0; i < 200; i++) {
        const { status, body } = await t.call('ping');
        if (status === 500) {
          failures++;
          assert.deepEqual([body.success, body.code], [false, 'internal']);
        } else assert.equal(status, 200);
      }
      assert.ok(failures > 30 && failures < 90, `${failures} of 200 failed`);
      const temp = await t.call('token.get_temp', { permissions: 'gallery.read' });
      assert.equal(temp.status, 200);
    } finally {
      await t.close();
    }
  });

  it('adds the asked latency', async () => {
    const t = await startTestServer({ faults: { latencyMs: 150, operations: ['ping'] } });
    try {
      const started = performance.now();
      assert.equal((await t.call('ping')).status, 200);
      assert.ok(performance.now() - started >= 140);
    } finally {
      await t.close();
    }
  });

  it('cuts off about the asked share of upload bodies, and only what the client saw succeed is stored', async () => {
    const t = await startTestServer({ faults: { dropRate: 0.4, operations: ['upload'], seed: 5 } });
    try {
      const g = await createGallery(t);
      // Small bodies arrive in one chunk, so the cut can only come after the whole body was read: the
      // server must still not store a file whose client saw the connection die.
      const files = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? new Uint8Array(300 * 1024).fill(i) : tinyPng(4 + i, 3),
      );
      let succeeded = 0;
      let dropped = 0;
      for (const [i, bytes] of files.entries()) {
        try {
          const { status } = await uploadFile(g.upload_url, { name: `f${i}.png`, bytes });
          assert.equal(status, 200);
          succeeded++;
        } catch {
          dropped++;
        }
      }
      assert.ok(dropped >= 5 && dropped <= 20, `${dropped} of 30 dropped`);
      // The server may finish reading a cut-off request after the client gave up: give it that moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(await assetCount(t), succeeded);
      assert.equal(
        (await t.call('gallery.get_items', { fid: g.fid })).body.folder.items_data.items_count,
        succeeded,
      );
      await waitFor(async () => readdirSync(join(t.dataDir, 'tmp')).length === 0, { timeoutMs: 3000 });
    } finally {
      await t.close();
    }
  });

  it('answers the asked share of uploads as an expired upload URL (403), storing nothing', async () => {
    const t = await startTestServer({ faults: { expireRate: 1, operations: ['upload'] } });
    try {
      const g = await createGallery(t);
      const { status, body } = await uploadFile(g.upload_url, { name: 'late.png', bytes: tinyPng() });
      assert.deepEqual([status, body.success, body.code], [403, false, 'permission_denied']);
      assert.match(body.message, /upload URL has expired/);
      assert.equal(await assetCount(t), 0);
    } finally {
      await t.close();
    }
  });
});
