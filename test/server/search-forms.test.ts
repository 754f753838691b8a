// The search forms the hosted service's plugins send, over real HTTP with their raw query strings:
// gallery.list `caption=rrid:X` finding the gallery upload.iframe?rrid=X made (exactly, and first),
// asset.list `tag=`, `caption=`, `description=`, and asset.get_tags answering `tag_cloud`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { FIXED_TOKEN, startTestServer, type TestServer } from '../helpers/server.ts';

describe('search forms', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  /** A GET with the query written as the plugins write it: values not URL-encoded. */
  const raw = async (operation: string, query: string) => {
    const response = await fetch(`${t.baseUrl}${operation}.json?api_token=${FIXED_TOKEN}&${query}`);
    return { status: response.status, body: await response.json() };
  };
  const frameFid = async (rrid: string) => {
    const frame = await t.call('upload.iframe', { rrid, disable_mobile_app: 'true', view: 'x' });
    assert.equal(frame.status, 200);
    const list = await t.call('gallery.list', { search: `caption=rrid:${rrid}` });
    return list.body.galleries[0]?.fid as string;
  };

  it('finds exactly the gallery of upload.iframe?rrid=X with search=caption=rrid:X, first', async () => {
    const seven = await frameFid('assign:5:7');
    const seventy = await frameFid('assign:5:70');
    assert.ok(seven && seventy);
    assert.notEqual(seven, seventy);
    // A gallery named like the search itself matches the exact caption too, but after the rrid's own.
    const named = await createGallery(t, 'rrid:assign:5:7');
    const { status, body } = await raw('gallery.list', 'search=caption=rrid:assign:5:7');
    assert.equal(status, 200);
    assert.deepEqual(
      body.galleries.map((g: { fid: string }) => g.fid),
      [seven, named.fid],
    );
    const other = await raw('gallery.list', 'search=caption=rrid:assign:5:70');
    assert.deepEqual(
      other.body.galleries.map((g: { fid: string }) => g.fid),
      [seventy],
    );
    const none = await raw('gallery.list', 'search=caption=rrid:assign:5:');
    assert.deepEqual(none.body.galleries, []);
    // The frame called again reuses its gallery.
    assert.equal(await frameFid('assign:5:7'), seven);
    const items = await raw('gallery.get_items', `fid=${seven}`);
    assert.equal(items.body.folder.items_data.items_count, 0);
  });

  it('takes tag=, caption= and description= in asset.list search, besides free text', async () => {
    const g = await createGallery(t);
    const up = async (name: string, fields: Record<string, string>) =>
      (await uploadFile(g.upload_url, { name, bytes: tinyPng() }, fields)).body.rid as string;
    const sea = await up('a.png', { tags: 'sea,blue', caption: 'Harbour', description: 'Morning' });
    const seaside = await up('b.png', { tags: 'seaside', caption: 'Harbour lights' });
    const ids = (body: { items: { rid: string }[] }) => body.items.map((item) => item.rid).sort();
    assert.deepEqual(ids((await raw('asset.list', 'search=tag=sea')).body), [sea]);
    assert.deepEqual(ids((await raw('asset.list', 'search=tag=SEASIDE')).body), [seaside]);
    assert.deepEqual(ids((await raw('asset.list', 'search=caption=harbour')).body), [sea]);
    assert.deepEqual(ids((await raw('asset.list', 'search=description=Morning')).body), [sea]);
    assert.deepEqual(ids((await raw('asset.list', 'search=Harbour')).body), [sea, seaside].sort());
    // The plugins' other filters: tag= as its own parameter, and details= (ignored, never a 400).
    assert.deepEqual(ids((await raw('asset.list', 'tag=blue&details=Harbour&')).body), [sea]);
  });

  it('answers asset.get_tags with tag_cloud', async () => {
    const { status, body } = await raw('asset.get_tags', '');
    assert.equal(status, 200);
    assert.equal(body.tag_cloud.sea, 1);
    assert.equal(body.tag_cloud.seaside, 1);
    assert.equal('tags' in body, false);
  });
});
