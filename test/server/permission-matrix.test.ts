// Every operation called with every kind of token: allowed or 403 exactly as decided (decisions.md,
// "Tokens and permissions"). The expectations are written out here from the contract, not read from the server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

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

  for (const [op, row] of Object.entries(EXPECTED)) {
    it(`${op}: ${KINDS.map((k, i) => `${k}=${row[i] === 'A' ? 'allowed' : '403'}`).join(', ')}`, async () => {
      for (const [i, kind] of KINDS.entries()) {
        const params = await paramsFor(op, kind);
        const method = /^(live\.|.*\.(list|get_\w+|check|download)$|ping$|upload\.iframe$)/.test(op)
          ? 'GET'
          : 'POST';
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
