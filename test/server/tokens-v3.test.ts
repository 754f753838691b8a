// Self-minted version 3 temporary tokens over real HTTP: minted by the client's mintTempToken (WebCrypto)
// and by an independent node:crypto implementation written here (3 and 7 fraction digits) to pin the wire
// format; every restriction enforced (!p !r !f !d !i !h, expiry); tampered tokens 403, never a crash.
import assert from 'node:assert/strict';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { mintTempToken } from '../../src/api/mint-token.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** The format as the service's Strapi plugin writes it with node:crypto: nothing shared with the client. */
function mintIndependently(parent: string, payload: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = Buffer.from(hkdfSync('sha256', parent, salt, '', 32));
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  const accid = parent.split('i', 2)[0];
  return `${accid}i3${parent.slice(-4)}${Buffer.concat([salt, iv, sealed]).toString('base64url')}`;
}

describe('self-minted version 3 tokens', () => {
  let t: TestServer;
  let clock: ManualClock;
  let parent: string;
  let readParent: string;
  const inTenMinutes = () => new Date(clock.now() + 10 * 60_000);
  before(async () => {
    clock = new ManualClock(Date.now());
    t = await startTestServer({ clock });
    parent = t.server.services.tokens.createApplicationToken('delete');
    readParent = t.server.services.tokens.createApplicationToken('read');
  });
  after(() => t.close());

  const ping = (token: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}ping.json?api_token=${token}`, { headers }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  it('accepts a minted token as a temporary token of its parent: ping answers accid and token_type', async () => {
    const token = await mintTempToken(parent, { expire: inTenMinutes() });
    assert.match(token, /^\d+i3/);
    const parentPing = await ping(parent);
    const { status, body } = await ping(token);
    assert.equal(status, 200);
    assert.equal(body.token_type, 'temporary');
    assert.equal(body.accid, parentPing.body.accid);
    assert.equal(body.permissions, parentPing.body.permissions);
    assert.equal(Date.parse(body.expires), Math.floor(inTenMinutes().getTime()));
    // Sent as the plugins send it, unencoded in the URL, to a read and a write.
    const g = await createGallery(t);
    const list = await fetch(`${t.baseUrl}asset.list.json?api_token=${token}&items_per_page=50&page=1`);
    assert.equal(list.status, 200);
    const url = await fetch(`${t.baseUrl}asset.get_upload_url.json?api_token=${token}&fid=${g.fid}`);
    assert.equal(url.status, 200);
  });

  it('!p narrows to the named permissions (the service names included), never beyond the parent', async () => {
    const read = await mintTempToken(parent, { expire: inTenMinutes(), permissions: 'asset.read' });
    assert.equal((await ping(read)).body.permissions, '|asset.read|');
    assert.equal((await t.call('asset.list', {}, { token: read })).status, 200);
    const create = await t.call('gallery.create', { name: 'no' }, { token: read });
    assert.deepEqual([create.status, create.body.code], [403, 'permission_denied']);
    const aliases = await mintTempToken(parent, {
      expire: inTenMinutes(),
      permissions: ['asset.write', 'gallery.upload'],
    });
    assert.equal((await ping(aliases)).body.permissions, '|asset.update|asset.upload|');
    const beyond = await mintTempToken(readParent, { expire: inTenMinutes(), permissions: '*' });
    assert.equal((await ping(beyond)).body.permissions, (await ping(readParent)).body.permissions);
    const none = await mintTempToken(parent, { expire: inTenMinutes(), permissions: '' });
    assert.equal((await ping(none)).body.permissions, '||');
  });

  it('!r limits changes to one asset and !f to one gallery', async () => {
    const g = await createGallery(t);
    const other = await createGallery(t, 'Other');
    const mine = (await uploadFile(g.upload_url, { name: 'a.png', bytes: tinyPng() })).body.rid as string;
    const theirs = (await uploadFile(g.upload_url, { name: 'b.png', bytes: tinyPng() })).body.rid as string;
    const byRid = await mintTempToken(parent, { expire: inTenMinutes(), rid: mine });
    assert.equal(
      (await t.call('asset.set_meta', { rid: mine, caption: 'ok' }, { token: byRid })).status,
      200,
    );
    assert.equal(
      (await t.call('asset.set_meta', { rid: theirs, caption: 'no' }, { token: byRid })).status,
      403,
    );
    const byFid = await mintTempToken(parent, { expire: inTenMinutes(), fid: g.fid });
    assert.equal(
      (await t.call('gallery.set_meta', { fid: g.fid, name: 'Mine' }, { token: byFid })).status,
      200,
    );
    const refused = await t.call('gallery.set_meta', { fid: other.fid, name: 'No' }, { token: byFid });
    assert.deepEqual([refused.status, refused.body.code], [403, 'permission_denied']);
  });

  it('!d limits a token to the gallery of an rrid, which upload.iframe may create with it', async () => {
    const token = await mintTempToken(parent, { expire: inTenMinutes(), rrid: 'assign:9:4' });
    const frame = await fetch(
      `${t.baseUrl}upload.iframe?api_token=${token}&rrid=assign:9:4&view=x&disable-undo=true`,
    );
    assert.equal(frame.status, 200);
    assert.match(await frame.text(), /^<iframe /);
    const found = await t.call('gallery.list', { search: 'caption=rrid:assign:9:4' }, { token });
    const fid = found.body.galleries[0].fid as string;
    assert.equal((await t.call('gallery.set_meta', { fid, name: 'Student' }, { token })).status, 200);
    const other = await createGallery(t, 'Other');
    assert.equal((await t.call('gallery.set_meta', { fid: other.fid, name: 'No' }, { token })).status, 403);
    const elsewhere = await fetch(`${t.baseUrl}upload.iframe?api_token=${token}&rrid=assign:9:5`);
    assert.equal(elsewhere.status, 403);
  });

  it('!i limits a token to one address and !h to pages on one host', async () => {
    const away = await mintTempToken(parent, { expire: inTenMinutes(), sourceip: '10.1.2.3' });
    const refused = await ping(away);
    assert.deepEqual([refused.status, refused.body.code], [403, 'ip_not_allowed']);
    assert.equal(
      (await ping(await mintTempToken(parent, { expire: inTenMinutes(), sourceip: '127.0.0.1' }))).status,
      200,
    );
    const hosted = await mintTempToken(parent, { expire: inTenMinutes(), host: 'cms.example' });
    assert.equal((await ping(hosted, { origin: 'https://cms.example' })).status, 200);
    assert.equal((await ping(hosted, { referer: 'https://cms.example/admin/page?x=1' })).status, 200);
    assert.equal((await ping(hosted, { origin: 'https://evil.example' })).status, 403);
    assert.equal((await ping(hosted)).status, 403);
  });

  it('refuses an expired token with 403 token_expired', async () => {
    const token = await mintTempToken(parent, { expire: new Date(clock.now() + 60_000) });
    assert.equal((await ping(token)).status, 200);
    clock.advance(61_000);
    const late = await ping(token);
    assert.deepEqual([late.status, late.body.code], [403, 'token_expired']);
  });

  it('refuses a tampered token with 403: a flipped ciphertext character, wrong last4, accid, garbage', async () => {
    const token = await mintTempToken(parent, { expire: inTenMinutes() });
    const head = token.indexOf('i3') + 6;
    const flip = (at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    // Base64 character 48 lies in the first ciphertext block (bytes 32-47): its whole block decrypts to
    // noise. (A flip in the IV would change one bit of the expiry, which may still read as a date.)
    const variants = [
      flip(head + 48),
      flip(token.length - 3),
      flip(head + 2), // the salt: another key
      token.slice(0, head - 4) + 'zzzz' + token.slice(head),
      `9${token}`,
      token.slice(0, -22),
      `${token.slice(0, head)}${'A'.repeat(86)}`,
      `${token.slice(0, head)}!!!!`,
    ];
    for (const variant of variants) {
      const { status, body } = await ping(variant);
      assert.equal(status, 403, variant);
      assert.equal(body.code, 'invalid_token', variant);
    }
    // Many random payloads, some of which pass the CBC padding check: refused, and the server stays up.
    for (let i = 0; i < 300; i++) {
      const junk = `${token.slice(0, head)}${randomBytes(48).toString('base64url')}`;
      assert.equal((await ping(junk)).status, 403);
    }
    assert.equal((await ping(parent)).status, 200);
  });

  it('accepts tokens minted by an independent node:crypto implementation, with 3 and 7 fraction digits', async () => {
    const g = await createGallery(t);
    const expire = inTenMinutes();
    const seven = `${expire.toISOString().slice(0, -1)}0000Z`;
    const three = expire.toISOString();
    const none = `${expire.toISOString().slice(0, 19)}Z`;
    for (const stamp of [seven, three, none]) {
      const token = mintIndependently(parent, stamp);
      const { status, body } = await ping(token);
      assert.equal(status, 200, stamp);
      assert.equal(body.token_type, 'temporary');
    }
    // Every field, in order; !f must not run into !d.
    const full = mintIndependently(
      parent,
      `${seven}!pgallery.*|asset.read!f${g.fid}!dassign:1:2!i127.0.0.1!hcms.example`,
    );
    const headers = { origin: 'https://cms.example' };
    const checked = await ping(full, headers);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.equal(checked.body.permissions, '|asset.read|gallery.*|');
    const setMeta = await fetch(
      `${t.baseUrl}gallery.set_meta.json?api_token=${full}&fid=${g.fid}&name=Pinned`,
      {
        headers,
      },
    );
    assert.equal(setMeta.status, 200);
    const past = mintIndependently(parent, new Date(clock.now() - 1000).toISOString());
    assert.equal((await ping(past)).body.code, 'token_expired');
    for (const bad of ['2026-13-01T00:00:00Z', 'tomorrow', `${three}!x1`, `${seven}!r`]) {
      const token = mintIndependently(parent, bad);
      assert.equal((await ping(token)).status, bad.endsWith('!r') ? 200 : 403, bad);
    }
  });

  it('works from the fixed --token and from a token made before secrets were kept, once it is used', async () => {
    const fromFixed = await mintTempToken(t.token, { expire: inTenMinutes() });
    assert.equal((await ping(fromFixed)).status, 200);
    // A row as older servers wrote it: the hash alone.
    const legacy = t.server.services.tokens.createApplicationToken('write');
    t.server.ctx.db
      .prepare('UPDATE tokens SET secret_box = NULL, last4 = NULL WHERE last4 = ?')
      .run(legacy.slice(-4));
    const minted = await mintTempToken(legacy, { expire: inTenMinutes() });
    assert.equal((await ping(minted)).status, 403);
    assert.equal((await ping(legacy)).status, 200);
    assert.equal((await ping(minted)).status, 200);
  });

  it('mints temporary tokens of its own through token.get_temp, within its limits', async () => {
    const g = await createGallery(t);
    const token = await mintTempToken(parent, { expire: inTenMinutes(), fid: g.fid });
    const temp = await t.call('token.get_temp', { ttl: 600 }, { token });
    assert.equal(temp.status, 200);
    const child = await ping(temp.body.token);
    assert.equal(child.body.token_type, 'temporary');
    assert.equal(
      (await t.call('gallery.set_meta', { fid: g.fid, name: 'Child' }, { token: temp.body.token })).status,
      200,
    );
    const other = await createGallery(t, 'Other');
    assert.equal(
      (await t.call('gallery.set_meta', { fid: other.fid, name: 'No' }, { token: temp.body.token })).status,
      403,
    );
  });
});
