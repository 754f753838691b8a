// The fault injector itself: off by default, 500s at the asked share for the asked operations, latency.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFaults } from '../../server/http/faults.ts';
import { startTestServer } from '../helpers/server.ts';

describe('fault injection', () => {
  it('reads the fault spec and refuses a bad one', () => {
    assert.deepEqual(parseFaults('error=0.3,drop=0.1,latency=20,ops=upload|ping,seed=7'), {
      errorRate: 0.3,
      dropRate: 0.1,
      latencyMs: 20,
      operations: ['upload', 'ping'],
      seed: 7,
    });
    assert.throws(() => parseFaults('error=2'), /between 0 and 1/);
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
});
