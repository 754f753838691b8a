// gallery.list's tag_cloud when galleries carry tags that collide with its reserved `notags` key.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('gallery.list tag_cloud', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  async function galleryWithTags(name: string, tags?: string): Promise<void> {
    const created = await t.call('gallery.create', { name }, { method: 'POST' });
    assert.equal(created.status, 200);
    if (tags === undefined) return;
    const set = await t.call('gallery.set_meta', { fid: created.body.fid, tags }, { method: 'POST' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  }

  test('a gallery tagged "notags" does not break the list, and notags still counts untagged galleries', async () => {
    await galleryWithTags('Untagged one');
    await galleryWithTags('Untagged two');
    await galleryWithTags('Literal', 'notags,sea');
    await galleryWithTags('Shouting', 'NoTags');
    const { status, body } = await t.call('gallery.list');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.success, true);
    assert.deepEqual(body.tag_cloud, { sea: 1, notags: 2 });
  });

  test('tags named like Object.prototype members are counted as plain keys', async () => {
    await galleryWithTags('Proto', '__proto__,constructor,toString');
    const { status, body } = await t.call('gallery.list');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.tag_cloud.constructor, 1);
    assert.equal(body.tag_cloud.toString, 1);
    assert.equal(Object.hasOwn(body.tag_cloud, '__proto__'), true);
    assert.equal(body.tag_cloud.notags, 2);
  });
});
