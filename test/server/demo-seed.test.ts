// The demo's sample gallery and public portal: made once through the API on a fresh data dir, kept on later
// starts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GALLERY, DEMO_PORTAL, seedDemoGallery } from '../../server/web/demo-seed.ts';
import { waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('demo sample gallery', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer();
  });
  after(() => t.close());

  it('creates the demo gallery with six captioned photos once, and keeps it on the next start', async () => {
    assert.equal(await seedDemoGallery(t.baseUrl, t.token), 'created');
    assert.equal(await seedDemoGallery(t.baseUrl, t.token), 'kept');
    const listed = await t.call('gallery.list', { search: `caption=${DEMO_GALLERY}` });
    const demo = listed.body.galleries.filter((g: { name: string }) => g.name === DEMO_GALLERY);
    assert.equal(demo.length, 1);
    // Sizes are read by the version worker after the upload: wait until it is through with all six.
    const synced = async () => {
      const page = await t.call('gallery.get_items', { fid: demo[0].fid, details: 'caption' });
      return page.body.folder.items.every((item: { syncstatus: string }) => item.syncstatus === 'synced');
    };
    await waitFor(synced);
    const items = await t.call('gallery.get_items', { fid: demo[0].fid, details: 'caption' });
    const captions = items.body.folder.items.map((item: { caption: string }) => item.caption);
    assert.equal(captions.length, 6);
    assert.ok(captions.every((caption: string) => caption.length > 0));
    for (const item of items.body.folder.items) {
      assert.equal(item.type, 'image');
      assert.ok(item.versions.original.width >= 1067, `${item.rid} is a full-size photo`);
    }
  });

  it('makes one public portal showing the demo gallery, and keeps a portal its owner changed', async () => {
    const listed = await t.call('gallery.list', { search: `caption=${DEMO_GALLERY}` });
    const fid = listed.body.galleries[0].fid as string;
    const response = await fetch(`${t.origin}/portals/${DEMO_PORTAL}/`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /<h1>Demo portal<\/h1>/);
    assert.ok(html.includes(`<gallery-view base-url="${t.baseUrl}" fid="${fid}"`));
    await t.call('portal.set', { subdomain: DEMO_PORTAL, args: '{"title":"Mine now"}' }, { method: 'POST' });
    assert.equal(await seedDemoGallery(t.baseUrl, t.token), 'kept');
    const portal = await t.call('portal.list', { subdomain: DEMO_PORTAL });
    assert.deepEqual(portal.body.portals[0].args, { title: 'Mine now' });
  });
});
