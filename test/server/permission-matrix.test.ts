// Every operation of the contract's table called with every kind of token: allowed or 403 exactly as decided
// (decisions.md, "Tokens and permissions"), and refused tokens (expired, wrong IP, scoped elsewhere) changing
// nothing. The operations and their methods come from the table; the expectations are written out here
// from decisions.md, not read from the table or the server.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { OPERATION_NAMES, OPERATIONS as TABLE } from '../../src/contract/index.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** The operations and their aliases, each with the method the table gives it. */
const SERVED = new Map<string, 'GET' | 'POST'>(
  OPERATION_NAMES.flatMap((name) => {
    const operation = TABLE[name];
    const aliases = 'aliases' in operation ? operation.aliases : [];
    return [name, ...aliases].map((served) => [served, operation.method] as const);
  }),
);

type Kind = 'read' | 'write' | 'delete' | 'tempGallery' | 'upload';
const KINDS: Kind[] = ['read', 'write', 'delete', 'tempGallery', 'upload'];

/** A = allowed (200), D = 403. Column order: read, write, delete, temp `gallery.*`, upload token. */
const EXPECTED: Record<string, string> = {
  ping: 'AAAAA',
  'token.get_temp': 'DAADD',
  'gallery.create': 'DAAAD',
  'gallery.set_meta': 'DAAAD',
  'gallery.delete': 'DDAAD',
  'gallery.add_item': 'DAAAA',
  'gallery.remove_item': 'DAAAA',
  'gallery.list': 'AAAAD',
  'gallery.get_items': 'AAAAA',
  'gallery.set_master': 'DAAAD',
  'gallery.download': 'AAAAD',
  'asset.list': 'AAADD',
  'asset.get_tags': 'AAADD',
  'asset.set_meta': 'DAADA',
  'asset.resync': 'DAADD',
  'asset.delete': 'DDADD',
  'asset.get_upload_url': 'DAADA',
  'asset.upload_from_url': 'DAADD',
  'asset.upload_from_url_get_status': 'AAADD',
  'asset.upload_from_url_abort': 'DAADD',
  'upload.iframe': 'DAADA',
  'upload.get_upload_token': 'DAADD',
  'portal.check': 'AAADD',
  'portal.cease': 'DAADD',
  'portal.rename': 'DAADD',
  'portal.remove': 'DDADD',
  'portal.set': 'DAADD',
  'portal.list': 'AAADD',
  'webhook.list': 'AAADD',
  'webhook.set': 'DAADD',
  'webhook.set_chat': 'DAADD',
  'webhook.delete': 'DDADD',
  'live.list': 'AAADD',
  'live.create': 'DAADD',
  'live.start': 'DAADD',
  'live.stop': 'DAADD',
  'live.reset': 'DAADD',
  'live.delete': 'DDADD',
};

describe('permission matrix', () => {
  let t: TestServer;
  const tokens = {} as Record<Kind, string>;
  /** The upload token's gallery, and an asset uploaded with that token. */
  let uploadFid = '';
  let counter = 0;

  const ok = async (op: string, params: Record<string, string | number> = {}) => {
    const { status, body } = await t.call(op, params);
    assert.equal(status, 200, `${op} setup failed: ${JSON.stringify(body)}`);
    return body;
  };

  /** An asset in the upload token's gallery, uploaded with that token (what it may change). */
  const ownUpload = async () => {
    const url = await t.call(
      'asset.get_upload_url',
      { fid: uploadFid },
      { token: tokens.upload, uploadToken: true },
    );
    assert.equal(url.status, 200, JSON.stringify(url.body));
    const target = new URL(url.body.upload_url);
    target.searchParams.set('upload_token', tokens.upload);
    const uploaded = await uploadFile(target.toString(), {
      name: `own-${counter++}.png`,
      bytes: await tinyPng(),
    });
    return uploaded.body.rid as string;
  };

  /** Valid parameters for one call of the operation by the given kind of token. */
  const paramsFor = async (op: string, kind: Kind): Promise<Record<string, string | number>> => {
    const n = counter++;
    const gallery = async () => (kind === 'upload' ? uploadFid : (await createGallery(t, `g${n}`)).fid);
    const asset = async (fid?: string) => {
      if (kind === 'upload') return ownUpload();
      const target = fid ?? (await createGallery(t, `a${n}`)).fid;
      const { upload_url } = await ok('asset.get_upload_url', { fid: target });
      return (await uploadFile(upload_url, { name: `f${n}.png`, bytes: await tinyPng() })).body.rid as string;
    };
    switch (op) {
      case 'gallery.create':
        return { name: `new ${n}` };
      case 'gallery.set_meta':
        return { fid: await gallery(), name: `renamed ${n}` };
      case 'gallery.delete':
      case 'gallery.download':
      case 'gallery.get_items':
      case 'upload.iframe':
      case 'upload.get_upload_token':
        return { fid: await gallery() };
      case 'gallery.add_item': {
        const fid = await gallery();
        return { fid, rid: await asset(fid), insert_position: 'top' };
      }
      case 'gallery.remove_item': {
        const fid = await gallery();
        return { fid, rid: await asset(fid) };
      }
      case 'gallery.set_master':
        return { fid: await gallery(), master: (await createGallery(t, `m${n}`)).fid };
      case 'asset.set_meta':
        return { rid: await asset(kind === 'upload' ? uploadFid : undefined), caption: `c${n}` };
      case 'asset.resync':
      case 'asset.delete':
        return { rid: await asset() };
      case 'asset.get_upload_url':
        return { fid: await gallery() };
      case 'asset.upload_from_url':
        return { input: `${t.origin}/files/none/original`, fid: await gallery() };
      case 'asset.upload_from_url_get_status':
      case 'asset.upload_from_url_abort': {
        const started = await ok('asset.upload_from_url', { input: `${t.origin}/files/none/original` });
        return { status_id: started.status_id };
      }
      case 'portal.check':
        return { subdomain: `free-${n}` };
      case 'portal.set':
        return { subdomain: `portal-${n}` };
      case 'portal.cease':
      case 'portal.remove': {
        await ok('portal.set', { subdomain: `portal-${n}` });
        return { subdomain: `portal-${n}` };
      }
      case 'portal.rename': {
        await ok('portal.set', { subdomain: `portal-${n}` });
        return { from: `portal-${n}`, to: `renamed-${n}` };
      }
      case 'webhook.set':
        return { hook_url: `http://127.0.0.1:9/hook-${n}`, security_key: 'k', events: 'asset' };
      case 'webhook.set_chat':
        return { hook_url: `http://127.0.0.1:9/chat-${n}`, chat_channel: '#media' };
      case 'webhook.delete': {
        await ok('webhook.set', { hook_url: `http://127.0.0.1:9/del-${n}`, security_key: 'k' });
        return { hook_url: `http://127.0.0.1:9/del-${n}` };
      }
      case 'live.create':
        return { name: `stream ${n}` };
      case 'live.start':
      case 'live.stop':
      case 'live.reset':
      case 'live.delete':
        return { liveid: (await ok('live.create', { name: `s${n}` })).liveid };
      default:
        return {};
    }
  };

  before(async () => {
    t = await startTestServer();
    tokens.read = t.server.services.tokens.createApplicationToken('read');
    tokens.write = t.server.services.tokens.createApplicationToken('write');
    tokens.delete = t.server.services.tokens.createApplicationToken('delete');
    tokens.tempGallery = (await ok('token.get_temp', { permissions: 'gallery.*' })).token;
    uploadFid = (await createGallery(t, 'upload target')).fid;
    tokens.upload = (await ok('upload.get_upload_token', { fid: uploadFid })).upload_token;
  });
  after(() => t.close());

  it('has a row for every operation of the contract', () => {
    assert.deepEqual(Object.keys(EXPECTED).sort(), [...OPERATION_NAMES].sort());
  });

  for (const [op, row] of Object.entries(EXPECTED)) {
    it(`${op}: ${KINDS.map((k, i) => `${k}=${row[i] === 'A' ? 'allowed' : '403'}`).join(', ')}`, async () => {
      for (const [i, kind] of KINDS.entries()) {
        const params = await paramsFor(op, kind);
        const method = SERVED.get(op);
        const path = op === 'upload.iframe' ? 'upload.iframe' : op;
        const { status, body } = await t.call(path, params, {
          method,
          token: tokens[kind],
          uploadToken: kind === 'upload',
        });
        if (row[i] === 'A') {
          assert.equal(
            status,
            200,
            `${op} with ${kind}: expected allowed, got ${status} ${JSON.stringify(body)}`,
          );
        } else {
          assert.equal(
            status,
            403,
            `${op} with ${kind}: expected 403, got ${status} ${JSON.stringify(body)}`,
          );
          assert.equal(body.code, 'permission_denied', `${op} with ${kind}`);
        }
      }
    });
  }
});

/** Operations that only read: a token limited to a gallery or asset may still call them. */
const READS = new Set([
  'ping',
  'gallery.list',
  'gallery.get_items',
  'gallery.download',
  'asset.list',
  'asset.get_tags',
  'asset.upload_from_url_get_status',
  'portal.check',
  'portal.list',
  'webhook.list',
  'live.list',
]);

/** Everything the database holds, as one digest: a refused call must leave it exactly as it was. */
function digest(t: TestServer): string {
  const db = t.server.ctx.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const hash = createHash('sha256');
  for (const { name } of tables) {
    hash.update(name);
    for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all())
      hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

describe('refused tokens across every operation', () => {
  // Expiry without sleeping: the server's clock moves only when told to.
  const clock = new ManualClock(Date.now());
  let t: TestServer;
  const held: ServerResponse[] = [];
  // A remote file that sends a few bytes and then nothing, so the import to abort stays in progress.
  const source = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
    response.write(Buffer.alloc(10));
    held.push(response);
  });
  const tokens = { expired: '', wrongIp: '', otherGallery: '', otherAsset: '' };
  /** The targets every call aims at: none of them inside the scoped tokens' gallery or asset. */
  const target = { fid: '', rid: '', master: '', statusId: '', input: '', liveid: '' };
  const portal = 'matrix-portal';
  const hook = 'http://127.0.0.1:9/matrix';

  const ok = async (op: string, params: Record<string, string> = {}) => {
    const { status, body } = await t.call(op, params, { method: READS.has(op) ? 'GET' : 'POST' });
    assert.equal(status, 200, `${op} setup failed: ${JSON.stringify(body)}`);
    return body;
  };
  const upload = async (fid: string) => {
    const { upload_url } = await ok('asset.get_upload_url', { fid });
    return (await uploadFile(upload_url, { name: 'm.png', bytes: tinyPng() })).body.rid as string;
  };
  const importStatus = async () =>
    (await ok('asset.upload_from_url_get_status', { status_id: target.statusId })).status as string;

  before(async () => {
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    t = await startTestServer({ clock, urlImportStallMs: 600_000 });
    const home = (await createGallery(t, 'Home')).fid;
    const homeAsset = await upload(home);
    target.fid = (await createGallery(t, 'Target')).fid;
    target.rid = await upload(target.fid);
    target.master = (await createGallery(t, 'Master')).fid;
    await waitFor(async () => {
      const { items } = await ok('asset.list', { rid: `${homeAsset},${target.rid}` });
      return items.every((item: { syncstatus: string }) => item.syncstatus !== 'pending');
    });
    target.input = `http://127.0.0.1:${(source.address() as AddressInfo).port}/slow.png`;
    target.statusId = (await ok('asset.upload_from_url', { input: target.input, fid: target.fid })).status_id;
    await waitFor(async () => (await importStatus()) === 'inprogress');
    await ok('portal.set', { subdomain: portal });
    // Subscribed to an event the server never emits: no delivery rows appear while the matrix runs.
    await ok('webhook.set', { hook_url: hook, security_key: 'k', events: 'leads' });
    target.liveid = (await t.call('live.create', { name: 'Matrix' })).body.liveid;
    const temp = async (params: Record<string, string>) =>
      (await ok('token.get_temp', params)).token as string;
    tokens.expired = await temp({ permissions: '*', ttl: '60' });
    tokens.wrongIp = await temp({ permissions: '*', sourceip: '203.0.113.9' });
    tokens.otherGallery = await temp({ permissions: '*', fid: home });
    tokens.otherAsset = await temp({ permissions: '*', rid: homeAsset });
    clock.advance(61_000);
  });
  after(async () => {
    await t.close();
    for (const response of held) response.destroy();
    source.closeAllConnections();
    await new Promise((resolve) => source.close(resolve));
  });

  /** Valid parameters aimed at the targets (never the scoped tokens' own gallery or asset). */
  const paramsFor = (op: string): Record<string, string> => {
    const { fid, rid, master, statusId, input, liveid } = target;
    const byOp: Record<string, Record<string, string>> = {
      ping: {},
      'token.get_temp': { permissions: '*', fid, rid },
      'gallery.create': { name: 'Refused' },
      'gallery.set_meta': { fid, name: 'Refused' },
      'gallery.delete': { fid, delete_assets: 'yes' },
      'gallery.add_item': { fid, rid, insert_position: 'top' },
      'gallery.remove_item': { fid, rid, delete_assets: 'yes' },
      'gallery.list': {},
      'gallery.get_items': { fid },
      'gallery.set_master': { fid, master },
      'gallery.download': { fid },
      'asset.list': {},
      'asset.get_tags': {},
      'asset.set_meta': { rid, caption: 'Refused' },
      'asset.resync': { rid },
      'asset.delete': { rid },
      'asset.get_upload_url': { fid },
      'asset.upload_from_url': { input, fid },
      'asset.upload_from_url_get_status': { status_id: statusId },
      'asset.upload_from_url_abort': { status_id: statusId },
      'upload.get_upload_token': { fid },
      'upload.iframe': { fid },
      'portal.check': { subdomain: 'free-name' },
      'portal.cease': { subdomain: portal },
      'portal.rename': { from: portal, to: 'renamed-portal' },
      'portal.remove': { subdomain: portal },
      'portal.set': { subdomain: portal, allow_public: 'no' },
      'portal.list': {},
      'webhook.list': {},
      'webhook.set': { hook_url: 'http://127.0.0.1:9/other', security_key: 'k' },
      'webhook.set_chat': { hook_url: 'http://127.0.0.1:9/chat', chat_channel: '#media' },
      'webhook.delete': { hook_url: hook },
      'webhhook.delete': { hook_url: hook },
      'live.list': {},
      'live.create': { name: 'Refused' },
      'live.start': { liveid },
      'live.stop': { liveid },
      'live.reset': { liveid },
      'live.delete': { liveid },
    };
    const params = byOp[op];
    assert.ok(params, `the matrix has no parameters for ${op}: add them`);
    return params;
  };

  const methodOf = (op: string) => SERVED.get(op) ?? 'GET';
  const operations = [...SERVED.keys()];

  const expectRefused = async (op: string, token: string, status: number, code: string) => {
    const before = digest(t);
    const res = await t.call(op, paramsFor(op), { method: methodOf(op), token });
    assert.deepEqual([res.status, res.body.code], [status, code], `${op}: ${JSON.stringify(res.body)}`);
    assert.equal(digest(t), before, `${op} changed the database although refused`);
  };

  it('an expired temporary token gets 403 token_expired from every operation and changes nothing', async () => {
    for (const op of operations) await expectRefused(op, tokens.expired, 403, 'token_expired');
  });

  it('a temporary token bound to another IP gets 403 ip_not_allowed from every operation', async () => {
    for (const op of operations) await expectRefused(op, tokens.wrongIp, 403, 'ip_not_allowed');
  });

  for (const scoped of ['otherGallery', 'otherAsset'] as const) {
    it(`a temporary token limited to ${scoped === 'otherGallery' ? 'another gallery' : 'another asset'} gets 403 permission_denied from every state-changing operation`, async () => {
      for (const op of operations.filter((each) => !READS.has(each))) {
        // Asking token.get_temp for more than the parent has is a bad parameter, not a refusal of the token.
        if (op === 'token.get_temp') await expectRefused(op, tokens[scoped], 400, 'invalid_parameter');
        else await expectRefused(op, tokens[scoped], 403, 'permission_denied');
      }
      assert.equal(await importStatus(), 'inprogress');
    });
  }
});
