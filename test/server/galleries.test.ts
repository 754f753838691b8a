// The gallery namespace over real HTTP: create, set_meta, delete, add_item, remove_item, list, get_items, set_master.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AccountEvent } from '../../server/events.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let t: TestServer;
const events: AccountEvent[] = [];

before(async () => {
  t = await startTestServer();
  t.server.ctx.events.subscribe((event) => events.push(event));
});
after(() => t.close());

const post = (op: string, params: Record<string, string | number | undefined>, token?: string) =>
  t.call(op, params, { method: 'POST', ...(token ? { token } : {}) });

async function ok(op: string, params: Record<string, string | number | undefined>, token?: string) {
  const { status, body } = await t.call(op, params, {
    method: /\.(list|get_items)$/.test(op) ? 'GET' : 'POST',
    ...(token ? { token } : {}),
  });
  assert.equal(status, 200, `${op}: ${JSON.stringify(body)}`);
  assert.equal(body.success, true);
  return body;
}

/** Uploads `count` tiny images into the gallery; returns their rids in upload order. */
async function fill(uploadUrl: string, count: number): Promise<string[]> {
  const rids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { status, body } = await uploadFile(uploadUrl, { name: `p${i}.png`, bytes: tinyPng() });
    assert.equal(status, 200, JSON.stringify(body));
    rids.push(body.rid);
  }
  return rids;
}

async function order(fid: string): Promise<string[]> {
  const body = await ok('gallery.get_items', { fid, items_per_page: 100, details: 'caption' });
  return body.folder.items.map((item: { rid: string }) => item.rid);
}

async function listedFids(params: Record<string, string | number> = {}): Promise<string[]> {
  const body = await ok('gallery.list', { items_per_page: 100, ...params });
  return body.galleries.map((g: { fid: string }) => g.fid);
}

describe('gallery.create', () => {
  test('returns the new gallery: fid, a signed 24 h upload_url, claimed original, spfid, workspace', async () => {
    const body = await ok('gallery.create', { name: 'Holidays', description: 'Summer' });
    assert.match(body.fid, /^[A-Za-z0-9_-]+$/);
    const url = new URL(body.upload_url);
    assert.equal(url.searchParams.get('addtofid'), body.fid);
    assert.ok(url.searchParams.get('hash'));
    const expires = Number(url.searchParams.get('d')) * 1000;
    assert.ok(Math.abs(expires - (Date.now() + 24 * 3600 * 1000)) < 120_000, 'expires in 24 hours');
    assert.equal(body.claimed, 'original');
    assert.equal(typeof body.spfid, 'string');
    assert.ok(body.spfid.length > 0);
    assert.equal(body.workspace, '');
    assert.equal(body.name, 'Holidays');
    assert.equal(body.description, 'Summer');
    const uploaded = await uploadFile(body.upload_url, { name: 'a.png', bytes: tinyPng() });
    assert.equal(uploaded.status, 200, 'the upload_url accepts a file');
    assert.deepEqual(await order(body.fid), [uploaded.body.rid]);
  });

  test('refuses a missing, empty or 256-character name and an unknown template with 400, creating nothing', async () => {
    const before = (await ok('gallery.list', {})).items_data.items_count;
    const cases: [Record<string, string>, string][] = [
      [{}, 'missing_parameter'],
      [{ name: '   ' }, 'invalid_parameter'],
      [{ name: 'x'.repeat(256) }, 'invalid_parameter'],
      [{ name: 'ok', description: 'd'.repeat(1001) }, 'invalid_parameter'],
      [{ name: 'ok', template: 'no-such-template' }, 'invalid_parameter'],
    ];
    for (const [params, code] of cases) {
      const { status, body } = await post('gallery.create', params);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.success, false);
      assert.equal(body.code, code);
      assert.match(body.message, /name|description|template/);
    }
    assert.equal((await ok('gallery.create', { name: 'é'.repeat(255) })).name, 'é'.repeat(255));
    assert.equal((await ok('gallery.list', {})).items_data.items_count, before + 1);
  });

  test('with master the gallery is claimed shared and follows the master', async () => {
    const master = await ok('gallery.create', { name: 'Master', template: 'masonry' });
    const linked = await ok('gallery.create', { name: 'Linked', master: master.fid });
    assert.equal(linked.claimed, 'shared');
    assert.equal(linked.master, master.fid);
    assert.equal(linked.template, 'masonry');
  });

  test('copy_args copies the settings (superseding template); copy_items copies the items in order', async () => {
    const source = await ok('gallery.create', { name: 'Source', template: 'slideshow' });
    const rids = await fill(source.upload_url, 3);
    await ok('gallery.add_item', { fid: source.fid, rid: rids[2], insert_position: 'top' });
    const copy = await ok('gallery.create', {
      name: 'Copy',
      template: 'list',
      copy_args: source.fid,
      copy_items: source.fid,
    });
    assert.equal(copy.template, 'slideshow');
    assert.equal(copy.claimed, 'original');
    assert.deepEqual(await order(copy.fid), [rids[2], rids[0], rids[1]]);
    // Independent afterwards: removing from the copy leaves the source alone.
    await ok('gallery.remove_item', { fid: copy.fid, rid: rids[0] });
    assert.deepEqual(await order(source.fid), [rids[2], rids[0], rids[1]]);
  });

  test('an unknown master, copy_args or copy_items gives 404 and creates nothing', async () => {
    const before = (await ok('gallery.list', {})).items_data.items_count;
    for (const param of ['master', 'copy_args', 'copy_items']) {
      const { status, body } = await post('gallery.create', { name: 'x', [param]: 'nope404' });
      assert.equal(status, 404, param);
      assert.equal(body.code, 'not_found');
      assert.match(body.message, /nope404/);
    }
    assert.equal((await ok('gallery.list', {})).items_data.items_count, before);
  });

  test('emits gallery.created with the entry', async () => {
    const body = await ok('gallery.create', { name: 'Evented' });
    const event = events.find((e) => e.event === 'gallery.created' && e.data.fid === body.fid);
    assert.ok(event);
    assert.equal(event.data.name, 'Evented');
  });
});

describe('gallery.set_meta', () => {
  test('changes name, description and tags; leaves what it does not mention', async () => {
    const { fid } = await createGallery(t, 'Before');
    await ok('gallery.set_meta', { fid, description: 'About', tags: ' sea, Sun ,sea,,sand ' });
    await ok('gallery.set_meta', { fid, name: 'After' });
    const entry = (await ok('gallery.list', { search: fid })).galleries[0];
    assert.equal(entry.name, 'After');
    assert.equal(entry.description, 'About');
    assert.equal(entry.tags, 'sea,Sun,sand');
    assert.ok(
      events.some((e) => e.event === 'gallery.updated' && e.data.fid === fid && e.data.name === 'After'),
    );
  });

  test('enforces 255 / 1,000 characters and 50 tags of 50 characters with 400, changing nothing', async () => {
    const { fid } = await createGallery(t, 'Limits');
    const tooMany = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');
    for (const params of [
      { name: 'n'.repeat(256) },
      { description: 'd'.repeat(1001) },
      { tags: tooMany },
      { tags: `ok,${'x'.repeat(51)}` },
    ]) {
      const { status, body } = await post('gallery.set_meta', { fid, ...params });
      assert.equal(status, 400, JSON.stringify(params).slice(0, 60));
      assert.equal(body.code, 'invalid_parameter');
    }
    await ok('gallery.set_meta', {
      fid,
      description: 'd'.repeat(1000),
      tags: tooMany.split(',').slice(0, 50).join(','),
    });
    const entry = (await ok('gallery.list', { search: fid })).galleries[0];
    assert.equal(entry.name, 'Limits');
    assert.equal(entry.tags.split(',').length, 50);
  });

  test('an unknown fid gives 404 not_found; a missing fid 400 missing_parameter', async () => {
    const unknown = await post('gallery.set_meta', { fid: 'nope', name: 'x' });
    assert.deepEqual([unknown.status, unknown.body.success, unknown.body.code], [404, false, 'not_found']);
    const missing = await post('gallery.set_meta', { name: 'x' });
    assert.deepEqual(
      [missing.status, missing.body.success, missing.body.code],
      [400, false, 'missing_parameter'],
    );
    const names = (await ok('gallery.list', { items_per_page: 100 })).galleries.map(
      (g: { name: string }) => g.name,
    );
    assert.equal(names.includes('x'), false);
  });
});

describe('gallery.add_item and gallery.remove_item', () => {
  test('add_item puts assets at the bottom by default, at the top, or at a 1-based position (moving them)', async () => {
    const source = await createGallery(t, 'Uploads');
    const [a, b, c, d] = (await fill(source.upload_url, 4)) as [string, string, string, string];
    const { fid } = await createGallery(t, 'Ordered');
    await ok('gallery.add_item', { fid, rid: `${a},${b}` });
    assert.deepEqual(await order(fid), [a, b]);
    await ok('gallery.add_item', { fid, rid: c, insert_position: 'top' });
    assert.deepEqual(await order(fid), [c, a, b]);
    await ok('gallery.add_item', { fid, rid: d, insert_position: 'bottom' });
    assert.deepEqual(await order(fid), [c, a, b, d]);
    await ok('gallery.add_item', { fid, rid: d, insert_position: 2 });
    assert.deepEqual(await order(fid), [c, d, a, b], 'an item already there moves');
    await ok('gallery.add_item', { fid, rid: `${b},${c}`, insert_position: 'top' });
    assert.deepEqual(await order(fid), [b, c, d, a], 'several keep the given order');
    await ok('gallery.add_item', { fid, rid: b, insert_position: 99 });
    assert.deepEqual(await order(fid), [c, d, a, b], 'a position past the end means the bottom');
    await ok('gallery.add_item', { fid, rid: a });
    assert.deepEqual(await order(fid), [c, d, b, a], 'bottom moves an item already there too');
  });

  test('add_item with an unknown rid gives 404 naming it and changes nothing; a bad position 400', async () => {
    const { fid, upload_url } = await createGallery(t, 'Strict');
    const [a] = (await fill(upload_url, 1)) as [string];
    const { status, body } = await post('gallery.add_item', {
      fid,
      rid: `${a},ghost1,ghost2`,
      insert_position: 'top',
    });
    assert.equal(status, 404);
    assert.match(body.message, /ghost1, ghost2/);
    assert.deepEqual(await order(fid), [a]);
    for (const position of ['middle', '0', '-1', '1.5']) {
      const bad = await post('gallery.add_item', { fid, rid: a, insert_position: position });
      assert.equal(bad.status, 400, position);
      assert.equal(bad.body.code, 'invalid_parameter');
    }
    assert.equal((await post('gallery.add_item', { fid: 'nope', rid: a })).status, 404);
    assert.equal((await post('gallery.add_item', { fid, rid: ' , ' })).body.code, 'missing_parameter');
  });

  test('an asset can be in several galleries; remove_item takes it out of one only', async () => {
    const one = await createGallery(t, 'One');
    const [a, b] = (await fill(one.upload_url, 2)) as [string, string];
    const two = await createGallery(t, 'Two');
    await ok('gallery.add_item', { fid: two.fid, rid: a });
    await ok('gallery.remove_item', { fid: one.fid, rid: a });
    assert.deepEqual(await order(one.fid), [b]);
    assert.deepEqual(await order(two.fid), [a]);
    const listed = await ok('asset.list', { rid: a });
    assert.equal(listed.items.length, 1, 'the asset itself stays');
  });

  test('remove_item of an rid not in the gallery gives 404 and changes nothing', async () => {
    const { fid, upload_url } = await createGallery(t, 'Keep');
    const [a, b] = (await fill(upload_url, 2)) as [string, string];
    const other = await createGallery(t, 'Elsewhere');
    const [c] = (await fill(other.upload_url, 1)) as [string];
    const { status, body } = await post('gallery.remove_item', { fid, rid: `${a},${c}` });
    assert.equal(status, 404);
    assert.match(body.message, new RegExp(c));
    assert.deepEqual(await order(fid), [a, b]);
  });

  test('remove_item with delete_assets=yes deletes the assets from every gallery and the asset list', async () => {
    const one = await createGallery(t, 'Del one');
    const [a, b] = (await fill(one.upload_url, 2)) as [string, string];
    const two = await createGallery(t, 'Del two');
    await ok('gallery.add_item', { fid: two.fid, rid: a });
    await ok('gallery.remove_item', { fid: one.fid, rid: a, delete_assets: 'yes' });
    assert.deepEqual(await order(one.fid), [b]);
    assert.deepEqual(await order(two.fid), []);
    assert.equal((await ok('asset.list', { rid: a })).items.length, 0);
    const file = await fetch(`${t.origin}/files/${a}/original`);
    assert.equal(file.status, 404);
    await file.body?.cancel();
    const maybe = await post('gallery.remove_item', { fid: one.fid, rid: b, delete_assets: 'maybe' });
    assert.deepEqual([maybe.status, maybe.body.success, maybe.body.code], [400, false, 'invalid_parameter']);
    assert.match(maybe.body.message, /delete_assets/);
    assert.deepEqual(await order(one.fid), [b]);
    assert.equal((await ok('asset.list', { rid: b })).items.length, 1);
    const deleteMaybe = await post('gallery.delete', { fid: one.fid, delete_assets: 'maybe' });
    assert.deepEqual([deleteMaybe.status, deleteMaybe.body.code], [400, 'invalid_parameter']);
    assert.deepEqual(await order(one.fid), [b]);
  });
});

describe('gallery.get_items', () => {
  test('pages the items in order with folder.items_data and pages_count; past the last page is empty', async () => {
    const { fid, upload_url } = await createGallery(t, 'Paged');
    const rids = await fill(upload_url, 5);
    const first = await ok('gallery.get_items', { fid, items_per_page: 2 });
    assert.equal(first.fid, fid);
    assert.equal(first.claimed, 'original');
    assert.ok(first.upload_url.includes(`addtofid=${fid}`));
    assert.equal(typeof first.spfid, 'string');
    assert.deepEqual(first.folder.items_data, { page: 1, items_per_page: 2, items_count: 5, pages_count: 3 });
    const pages = [first];
    for (const page of [2, 3]) pages.push(await ok('gallery.get_items', { fid, items_per_page: 2, page }));
    assert.deepEqual(
      pages.flatMap((p) => p.folder.items.map((i: { rid: string }) => i.rid)),
      rids,
    );
    const beyond = await ok('gallery.get_items', { fid, items_per_page: 2, page: 4 });
    assert.deepEqual(beyond.folder.items, []);
    assert.equal(beyond.folder.items_data.items_count, 5);
    const defaults = await ok('gallery.get_items', { fid });
    assert.equal(defaults.folder.items_data.items_per_page, 50);
  });

  test('details picks the metadata; rid, type, filename, thumbnail and versions always come', async () => {
    const { fid, upload_url } = await createGallery(t, 'Details');
    await uploadFile(
      upload_url,
      { name: 'c.png', bytes: tinyPng() },
      { caption: 'Cap', description: 'Desc' },
    );
    const some = (await ok('gallery.get_items', { fid, details: 'caption,appears_in_albums' })).folder
      .items[0];
    assert.equal(some.caption, 'Cap');
    assert.equal(some.description, undefined);
    assert.deepEqual(some.appears_in_albums, [fid]);
    for (const field of ['rid', 'type', 'filename', 'thumbnail', 'versions']) assert.ok(field in some, field);
    assert.equal(some.type, 'image');
    const all = (await ok('gallery.get_items', { fid })).folder.items[0];
    for (const field of [
      'caption',
      'description',
      'long_description',
      'reference_id',
      'tags',
      'attached',
      'exif_tags',
    ]) {
      assert.ok(field in all, `default details include ${field}`);
    }
    const bad = await t.call('gallery.get_items', { fid, details: 'caption,secret_field' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /secret_field/);
  });

  test('an unknown fid gives 404 and a missing one 400', async () => {
    const unknown = await t.call('gallery.get_items', { fid: 'nope' });
    assert.deepEqual([unknown.status, unknown.body.success, unknown.body.code], [404, false, 'not_found']);
    assert.equal((await t.call('gallery.get_items', {})).body.code, 'missing_parameter');
  });

  test('page 0 and items_per_page 0 are 400 invalid_parameter; a huge items_per_page is capped (the spec gives no maximum here: ours is 1,000)', async () => {
    const { fid } = await createGallery(t, 'Bounds');
    for (const params of [{ page: 0 }, { items_per_page: 0 }, { page: -1 }, { page: 'two' }]) {
      const { status, body } = await t.call('gallery.get_items', { fid, ...params });
      assert.deepEqual(
        [status, body.success, body.code],
        [400, false, 'invalid_parameter'],
        JSON.stringify(params),
      );
    }
    const capped = await ok('gallery.get_items', { fid, items_per_page: 5000 });
    assert.equal(capped.folder.items_data.items_per_page, 1000);
  });
});

describe('gallery.list', () => {
  let tagged: { sea: string; sun: string; both: string; none: string };
  let listT: TestServer;

  before(async () => {
    listT = await startTestServer();
    const make = async (name: string, tags?: string, description?: string) => {
      const { body } = await listT.call('gallery.create', { name, description }, { method: 'POST' });
      if (tags) await listT.call('gallery.set_meta', { fid: body.fid, tags }, { method: 'POST' });
      return body.fid as string;
    };
    tagged = {
      sea: await make('Sea trip', 'sea'),
      sun: await make('Sun days', 'Sun', 'warm beach'),
      both: await make('Beach', 'sea,sun'),
      none: await make('Plain'),
    };
  });
  after(() => listT.close());

  const list = async (params: Record<string, string | number> = {}) => {
    const { status, body } = await listT.call('gallery.list', { items_per_page: 100, ...params });
    assert.equal(status, 200, JSON.stringify(body));
    return body;
  };
  const fids = async (params: Record<string, string | number> = {}) =>
    (await list(params)).galleries.map((g: { fid: string }) => g.fid).sort();

  test('lists entries with the documented fields, newest first, and the workspace', async () => {
    const body = await list();
    assert.equal(body.workspace, '');
    assert.deepEqual(
      body.galleries.map((g: { fid: string }) => g.fid),
      [tagged.none, tagged.both, tagged.sun, tagged.sea],
    );
    const entry = body.galleries.find((g: { fid: string }) => g.fid === tagged.both);
    for (const field of ['fid', 'name', 'description', 'upload_url', 'tags', 'modified', 'syncstatus']) {
      assert.ok(field in entry, field);
    }
    assert.equal(entry.syncstatus, 'synced');
    assert.ok(!Number.isNaN(Date.parse(entry.modified)));
    assert.ok(entry.upload_url.includes(`addtofid=${tagged.both}`));
  });

  test('pages with items_data.page_count; items_per_page is capped at 100; past the end is empty', async () => {
    const body = await list({ items_per_page: 3, page: 2 });
    assert.deepEqual(body.items_data, { page: 2, items_per_page: 3, items_count: 4, page_count: 2 });
    assert.equal(body.galleries.length, 1);
    assert.equal((await list({ items_per_page: 500 })).items_data.items_per_page, 100);
    assert.equal((await list({ items_per_page: 1000 })).items_data.items_per_page, 100);
    const zero = await listT.call('gallery.list', { items_per_page: 0 });
    assert.deepEqual([zero.status, zero.body.code], [400, 'invalid_parameter']);
    assert.deepEqual((await list({ page: 9 })).galleries, []);
    const bad = await listT.call('gallery.list', { page: 0 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_parameter');
  });

  test('filter_tags keeps galleries with every tag and drops those with a minus tag', async () => {
    assert.deepEqual(await fids({ filter_tags: 'sea' }), [tagged.sea, tagged.both].sort());
    assert.deepEqual(await fids({ filter_tags: 'SEA,sun' }), [tagged.both]);
    assert.deepEqual(await fids({ filter_tags: 'sea,-sun' }), [tagged.sea]);
    assert.deepEqual(await fids({ filter_tags: '-sea' }), [tagged.sun, tagged.none].sort());
  });

  test('search matches name, description, fid and tags; caption= and description= match exactly', async () => {
    assert.deepEqual(await fids({ search: 'beach' }), [tagged.sun, tagged.both].sort());
    assert.deepEqual(await fids({ search: tagged.sea }), [tagged.sea]);
    assert.deepEqual(await fids({ search: 'caption=beach' }), [tagged.both]);
    assert.deepEqual(await fids({ search: 'caption=Bea' }), []);
    assert.deepEqual(await fids({ search: 'description=warm beach' }), [tagged.sun]);
    assert.deepEqual(await fids({ search: '%' }), [], 'LIKE wildcards are literal');
  });

  test('tag_cloud counts galleries per tag and untagged ones under notags', async () => {
    const body = await list({ filter_tags: 'sea' });
    assert.deepEqual(body.tag_cloud, { sea: 2, Sun: 2, notags: 1 });
  });
});

describe('gallery.set_master', () => {
  test('links a gallery to a master: claimed shared, and later master changes propagate', async () => {
    const grid = await ok('gallery.create', { name: 'Grid master', template: 'grid' });
    const masonry = await ok('gallery.create', { name: 'Masonry master', template: 'masonry' });
    const middle = await ok('gallery.create', { name: 'Middle' });
    const leaf = await ok('gallery.create', { name: 'Leaf' });
    await ok('gallery.set_master', { fid: leaf.fid, master: middle.fid });
    await ok('gallery.set_master', { fid: middle.fid, master: grid.fid });
    let entry = (await ok('gallery.list', { search: leaf.fid })).galleries[0];
    assert.equal(entry.claimed, 'shared');
    assert.equal(entry.master, middle.fid);
    assert.equal(entry.template, 'grid');
    await ok('gallery.set_master', { fid: middle.fid, master: masonry.fid });
    entry = (await ok('gallery.list', { search: leaf.fid })).galleries[0];
    assert.equal(entry.template, 'masonry', 'the change reached the gallery two links away');
    const items = await ok('gallery.get_items', { fid: leaf.fid });
    assert.equal(items.claimed, 'shared');
  });

  test('an unknown master gives 404, itself or a loop 400, and the settings stay unchanged', async () => {
    const a = await ok('gallery.create', { name: 'A', template: 'list' });
    const b = await ok('gallery.create', { name: 'B' });
    await ok('gallery.set_master', { fid: b.fid, master: a.fid });
    const unknown = await post('gallery.set_master', { fid: a.fid, master: 'nope' });
    assert.equal(unknown.status, 404);
    assert.equal((await post('gallery.set_master', { fid: a.fid, master: a.fid })).status, 400);
    const loop = await post('gallery.set_master', { fid: a.fid, master: b.fid });
    assert.equal(loop.status, 400);
    assert.match(loop.body.message, /loop/);
    const entry = (await ok('gallery.list', { search: a.fid })).galleries[0];
    assert.equal(entry.claimed, 'original');
    assert.equal(entry.master, '');
    assert.equal((await post('gallery.set_master', { fid: a.fid })).body.code, 'missing_parameter');
  });
});

describe('gallery.delete', () => {
  test('removes the gallery for good but keeps its assets; emits gallery.deleted', async () => {
    const { fid, upload_url } = await createGallery(t, 'Doomed');
    const [a] = (await fill(upload_url, 1)) as [string];
    await ok('gallery.delete', { fid });
    assert.equal((await t.call('gallery.get_items', { fid })).status, 404);
    assert.deepEqual(await listedFids({ search: fid }), []);
    assert.equal((await ok('asset.list', { rid: a })).items.length, 1);
    assert.ok(
      events.some((e) => e.event === 'gallery.deleted' && e.data.fid === fid && e.data.name === 'Doomed'),
    );
    assert.equal((await post('gallery.delete', { fid })).status, 404, 'a second delete finds nothing');
    const upload = await uploadFile(upload_url, { name: 'late.png', bytes: tinyPng() });
    assert.equal(upload.status, 404, 'its upload URL stores nothing any more');
  });

  test('delete_assets=yes deletes its assets everywhere; galleries following it become their own', async () => {
    const { fid, upload_url } = await createGallery(t, 'Doomed with assets');
    const body = await ok('gallery.create', { name: 'Master', template: 'masonry' });
    await ok('gallery.set_master', { fid, master: body.fid });
    const follower = await ok('gallery.create', { name: 'Follower', master: fid });
    const [a] = (await fill(upload_url, 1)) as [string];
    const other = await createGallery(t, 'Other');
    await ok('gallery.add_item', { fid: other.fid, rid: a });
    await ok('gallery.delete', { fid, delete_assets: 'yes' });
    assert.equal((await ok('asset.list', { rid: a })).items.length, 0);
    assert.deepEqual(await order(other.fid), []);
    const entry = (await ok('gallery.list', { search: follower.fid })).galleries[0];
    assert.equal(entry.claimed, 'original');
    assert.equal(entry.master, '');
    assert.equal(entry.template, 'masonry', 'it keeps the settings it had');
    assert.equal((await post('gallery.delete', { fid: other.fid, delete_assets: 'perhaps' })).status, 400);
  });

  test('a write token may not delete galleries; a temporary gallery.* token may not delete assets with them', async () => {
    const write = t.server.services.tokens.createApplicationToken('write');
    const { fid, upload_url } = await createGallery(t, 'Guarded');
    await fill(upload_url, 1);
    const denied = await post('gallery.delete', { fid }, write);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'permission_denied');
    const temp = (await ok('token.get_temp', { permissions: 'gallery.*' })).token;
    assert.equal((await post('gallery.delete', { fid, delete_assets: 'yes' }, temp)).status, 403);
    assert.equal((await order(fid)).length, 1, 'nothing was deleted');
    await ok('gallery.delete', { fid }, temp);
  });
});

describe('scoped tokens on galleries', () => {
  test('a temporary token bound to a gallery changes that gallery only and creates none', async () => {
    const mine = await createGallery(t, 'Mine');
    const theirs = await createGallery(t, 'Theirs');
    const temp = (await ok('token.get_temp', { permissions: 'gallery.*', fid: mine.fid })).token;
    await ok('gallery.set_meta', { fid: mine.fid, name: 'Mine renamed' }, temp);
    const denied = await post('gallery.set_meta', { fid: theirs.fid, name: 'hijacked' }, temp);
    assert.deepEqual(
      [denied.status, denied.body.success, denied.body.code],
      [403, false, 'permission_denied'],
    );
    const created = await post('gallery.create', { name: 'new' }, temp);
    assert.deepEqual([created.status, created.body.code], [403, 'permission_denied']);
    assert.deepEqual(await listedFids({ search: 'caption=new' }), []);
    assert.equal((await ok('gallery.list', { search: theirs.fid }, temp)).galleries[0].name, 'Theirs');
  });

  test('an upload token reorders and removes only what it uploaded, in its own gallery', async () => {
    const { fid, upload_url } = await createGallery(t, 'Invite');
    const [foreign] = (await fill(upload_url, 1)) as [string];
    const token = (await ok('upload.get_upload_token', { fid })).upload_token;
    const own: string[] = [];
    for (let i = 0; i < 2; i++) {
      const url = await t.call('asset.get_upload_url', { fid }, { token, uploadToken: true });
      const target = new URL(url.body.upload_url);
      target.searchParams.set('upload_token', token);
      own.push((await uploadFile(target.href, { name: `o${i}.png`, bytes: tinyPng() })).body.rid);
    }
    const asUpload = (op: string, params: Record<string, string>) =>
      t.call(op, params, { method: 'POST', token, uploadToken: true });
    assert.equal(
      (await asUpload('gallery.add_item', { fid, rid: own[1] as string, insert_position: 'top' })).status,
      200,
    );
    assert.deepEqual(await order(fid), [own[1], foreign, own[0]]);
    const moveForeign = await asUpload('gallery.add_item', { fid, rid: foreign, insert_position: 'bottom' });
    assert.equal(moveForeign.status, 403);
    assert.equal((await asUpload('gallery.remove_item', { fid, rid: foreign })).status, 403);
    const other = await createGallery(t, 'Not theirs');
    assert.equal((await asUpload('gallery.add_item', { fid: other.fid, rid: own[0] as string })).status, 403);
    assert.equal((await asUpload('gallery.remove_item', { fid, rid: own[0] as string })).status, 200);
    assert.deepEqual(await order(fid), [own[1], foreign]);
    assert.equal((await asUpload('gallery.set_meta', { fid, name: 'x' })).status, 403);
    const read = await t.call('gallery.get_items', { fid }, { token, uploadToken: true });
    assert.equal(read.status, 200);
    assert.equal(
      (await t.call('gallery.get_items', { fid: other.fid }, { token, uploadToken: true })).status,
      403,
    );
  });
});
