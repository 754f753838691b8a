// Every operation of the contract (src/contract/) with test data of its own: how the client is called, what
// must then go on the wire, and a sample answer. Method, path and kind come from the contract's table.
import type { AssetRecord, GalleryClient, GalleryEntry, LiveEntry } from '../../src/api/index.ts';
import type { Answer } from '../../src/api/namespace.ts';
import { ASSET_TEXT_FIELDS, type AssetTextField } from '../../src/contract/asset-record.ts';
import {
  type AnswerOf,
  OPERATION_NAMES,
  type OperationName,
  OPERATIONS as TABLE,
} from '../../src/contract/index.ts';

export interface OperationCase {
  /** Operation name as the contract writes it. */
  op: OperationName;
  method: 'GET' | 'POST';
  /** Path under the base URL. */
  path: string;
  call(client: GalleryClient): Promise<unknown>;
  /** Query parameters expected besides the token. */
  query: Record<string, string>;
  /** Answer fields of the sample (merged into the success envelope). */
  response: Record<string, unknown>;
  /** The operation answers text, not JSON. */
  text?: boolean;
}

/**
 * The test data of one operation: the client method it calls must resolve to the operation's answer, and
 * the sample answer must fit it, so a field name wrong in the contract (or here) fails the typecheck.
 */
interface Sample<N extends OperationName> {
  call(client: GalleryClient): Promise<Answer<AnswerOf<N>>>;
  query: Record<string, string>;
  response: AnswerOf<N> extends string ? { html: string } : AnswerOf<N>;
}

/** A sample for every operation of the contract: a new operation without one does not compile. */
type Samples = { [N in OperationName]: Sample<N> };

/** Every metadata text field of the contract, empty: a field added there needs no change here. */
const emptyText = Object.fromEntries(Object.keys(ASSET_TEXT_FIELDS).map((field) => [field, ''])) as Record<
  AssetTextField,
  string
>;

const asset = {
  rid: 'r1',
  filename: 'a.png',
  type: 'image',
  ...emptyText,
  caption: 'c',
  reference_id: 'ref',
  tags: 'a,b',
  custom: { color: 'red' },
  filesize: 10,
  width: 4,
  height: 3,
  uploaded: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  syncstatus: 'synced',
  thumbnail: { url: 'http://x/files/r1/jpg_200x150.jpg', width: 4, height: 3 },
  versions: { original: { url: 'http://x/files/r1/original', width: 4, height: 3, filesize: 10 } },
  attached: { poster: 'r2' },
} satisfies AssetRecord;

const gallery = {
  fid: 'f1',
  name: 'G',
  description: '',
  upload_url: 'http://x/upload?uid=a&d=1&hash=h&addtofid=f1',
  tags: 't',
  modified: '2026-01-01T00:00:00.000Z',
  syncstatus: 'synced',
} satisfies GalleryEntry;

const live = {
  liveid: 'l1',
  name: 'cam',
  location: 'eu',
  type: 'transcoded',
  state: 'idle',
  rtmp_source: 'rtmp://x/live/l1',
  hls_playback_url: 'http://x/live/l1/index.m3u8',
  iframe_embed_code: '<iframe></iframe>',
  created: '2026-01-01T00:00:00.000Z',
} satisfies LiveEntry;

const SAMPLES: Samples = {
  ping: {
    call: (c) => c.ping(),
    query: {},
    response: {
      ping: 'pong',
      accid: 'acc1',
      permissions: '|gallery.*|',
      ip: '127.0.0.1',
      token_type: 'application',
      expires: null,
    },
  },
  'token.get_temp': {
    call: (c) =>
      c.token.getTemp({
        ttl: 60,
        permissions: ['asset.*', 'gallery.update'],
        fid: 'f1',
        rid: 'r1',
        sourceip: '10.0.0.1',
      }),
    query: { ttl: '60', permissions: 'asset.*|gallery.update', fid: 'f1', rid: 'r1', sourceip: '10.0.0.1' },
    response: { token: 'tmp', expires: '2026-01-01T00:01:00.000Z' },
  },
  'gallery.create': {
    call: (c) =>
      c.gallery.create({
        name: 'Trip',
        description: 'd',
        template: 't1',
        copy_args: 'f0',
        master: 'fm',
        copy_items: 'fi',
      }),
    query: {
      name: 'Trip',
      description: 'd',
      template: 't1',
      copy_args: 'f0',
      master: 'fm',
      copy_items: 'fi',
    },
    response: { fid: 'f1', upload_url: gallery.upload_url, claimed: 'shared', spfid: 's1', workspace: '' },
  },
  'gallery.set_meta': {
    call: (c) => c.gallery.setMeta({ fid: 'f1', name: 'N', description: 'D', tags: ['a', 'b c'] }),
    query: { fid: 'f1', name: 'N', description: 'D', tags: 'a,b c' },
    response: {},
  },
  'gallery.delete': {
    call: (c) => c.gallery.delete({ fid: 'f1', delete_assets: true }),
    query: { fid: 'f1', delete_assets: 'yes' },
    response: {},
  },
  'gallery.add_item': {
    call: (c) => c.gallery.addItem({ fid: 'f1', rid: ['r1', 'r2'], insert_position: 3 }),
    query: { fid: 'f1', rid: 'r1,r2', insert_position: '3' },
    response: {},
  },
  'gallery.remove_item': {
    call: (c) => c.gallery.removeItem({ fid: 'f1', rid: ['r1', 'r2'], delete_assets: false }),
    query: { fid: 'f1', rid: 'r1,r2', delete_assets: 'no' },
    response: {},
  },
  'gallery.list': {
    call: (c) =>
      c.gallery.list({ search: 'caption=sea', page: 2, items_per_page: 10, filter_tags: ['beach', '-work'] }),
    query: { search: 'caption=sea', page: '2', items_per_page: '10', filter_tags: 'beach,-work' },
    response: {
      workspace: '',
      galleries: [gallery],
      tag_cloud: { t: 1, notags: 0 },
      items_data: { page: 2, items_per_page: 10, items_count: 11, page_count: 2 },
    },
  },
  'gallery.get_items': {
    call: (c) => c.gallery.getItems({ fid: 'f1', details: ['caption', 'tags'], page: 1, items_per_page: 5 }),
    query: { fid: 'f1', details: 'caption,tags', page: '1', items_per_page: '5' },
    response: {
      fid: 'f1',
      upload_url: gallery.upload_url,
      claimed: 'original',
      spfid: 's1',
      folder: { items: [asset], items_data: { page: 1, items_per_page: 5, items_count: 1, pages_count: 1 } },
    },
  },
  'gallery.set_master': {
    call: (c) => c.gallery.setMaster({ fid: 'f1', master: 'fm' }),
    query: { fid: 'f1', master: 'fm' },
    response: {},
  },
  'gallery.download': {
    call: (c) => c.gallery.download({ fid: 'f1', type: 'resized' }),
    query: { fid: 'f1', type: 'resized' },
    response: { download_link: 'http://x/download/f1.zip?type=resized&auth=a' },
  },
  'asset.list': {
    call: (c) =>
      c.asset.list({
        search: 'sea',
        rid: ['r1', 'r2'],
        reference_id: 'ref',
        tag: 'beach',
        type: 'image',
        page: 1,
        items_per_page: 100,
      }),
    query: {
      search: 'sea',
      rid: 'r1,r2',
      reference_id: 'ref',
      tag: 'beach',
      type: 'image',
      page: '1',
      items_per_page: '100',
    },
    response: {
      items: [asset],
      items_data: { page: 1, items_per_page: 100, items_count: 1, pages_count: 1 },
    },
  },
  'asset.get_tags': {
    call: (c) => c.asset.getTags(),
    query: {},
    response: { tag_cloud: { a: 2, b: 1 } },
  },
  'asset.set_meta': {
    call: (c) =>
      c.asset.setMeta({
        rid: 'r1',
        caption: 'Sea',
        description: 'Blue',
        long_description: 'Long',
        related_link_text: 'more',
        related_link_url: 'https://example.com/',
        reference_id: 'ref',
        tags: ['a', 'b'],
        custom: { color: 'red', 'size.cm': 3, gone: '' },
      }),
    query: {
      rid: 'r1',
      caption: 'Sea',
      description: 'Blue',
      long_description: 'Long',
      related_link_text: 'more',
      related_link_url: 'https://example.com/',
      reference_id: 'ref',
      tags: 'a,b',
      'custom.color': 'red',
      'custom.size.cm': '3',
      'custom.gone': '',
    },
    response: { asset },
  },
  'asset.resync': {
    call: (c) => c.asset.resync({ rid: 'r1' }),
    query: { rid: 'r1' },
    response: { status: 'queued' },
  },
  'asset.delete': {
    call: (c) => c.asset.delete({ rid: ['r1', 'r2'] }),
    query: { rid: 'r1,r2' },
    response: {},
  },
  'asset.get_upload_url': {
    call: (c) => c.asset.getUploadUrl({ fid: 'f1', rid: 'r1', type: 'poster', ttl: 600 }),
    query: { fid: 'f1', rid: 'r1', type: 'poster', ttl: '600' },
    response: { upload_url: 'http://x/upload?uid=a&d=1&hash=h&addtofid=0&rid=r1&type=poster' },
  },
  'asset.upload_from_url': {
    call: (c) =>
      c.asset.uploadFromUrl({ input: 'https://example.com/a.jpg?x=1&y=2', fid: 'f1', caption: 'From URL' }),
    query: { input: 'https://example.com/a.jpg?x=1&y=2', fid: 'f1', caption: 'From URL' },
    response: { status_id: 's1' },
  },
  'asset.upload_from_url_get_status': {
    call: (c) => c.asset.uploadFromUrlGetStatus({ status_id: 's1' }),
    query: { status_id: 's1' },
    response: { status: 'done', progress: 100, progress_bytes: 10, file_size_bytes: 10, resid: 'r9' },
  },
  'asset.upload_from_url_abort': {
    call: (c) => c.asset.uploadFromUrlAbort({ status_id: 's1' }),
    query: { status_id: 's1' },
    response: { status_id: 's1' },
  },
  'upload.get_upload_token': {
    call: (c) => c.upload.getUploadToken({ fid: 'f1', expire: new Date('2030-01-02T23:30:00Z') }),
    query: { fid: 'f1', expire: '2030-01-02' },
    response: { upload_token: 'up1', fid: 'f1', expires: '2030-01-03T00:00:00.000Z' },
  },
  'upload.iframe': {
    call: (c) => c.upload.iframe({ rrid: 'crm-42' }),
    query: { rrid: 'crm-42' },
    response: { html: '<iframe src="http://x/v2/upload.iframe?upload_token=u" width="100%"></iframe>' },
  },
  'portal.check': {
    call: (c) => c.portal.check({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: { subdomain: 'available' },
  },
  'portal.cease': {
    call: (c) => c.portal.cease({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: {},
  },
  'portal.rename': {
    call: (c) => c.portal.rename({ from: 'shop', to: 'store' }),
    query: { from: 'shop', to: 'store' },
    response: {},
  },
  'portal.remove': {
    call: (c) => c.portal.remove({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: {},
  },
  'portal.set': {
    call: (c) =>
      c.portal.set({
        subdomain: 'shop',
        template: 'hub/video',
        args: { title: 'Hi', n: 1 },
        allow_public: false,
        service_login: true,
        service_login_registration: 'off',
        service_login_user_add: ['a@x.org', 'b@x.org'],
        service_login_user_remove: 'c@x.org',
        service_login_domain_add: ['x.org'],
        service_login_domain_remove: ['y.org'],
        idp_openid_user_add: ['d@x.org'],
        idp_openid_user_remove: ['e@x.org'],
        idp_openid_domain_add: ['z.org'],
        idp_openid_domain_remove: ['w.org'],
        simple_user_add: ['ann:pw1', { user: 'bob', password: 'p,w:2' }],
        simple_user_remove: ['carl'],
        cname_domain: 'media.x.org',
      }),
    query: {
      subdomain: 'shop',
      template: 'hub/video',
      args: '{"title":"Hi","n":1}',
      allow_public: 'no',
      service_login: 'yes',
      service_login_registration: 'off',
      service_login_user_add: 'a@x.org,b@x.org',
      service_login_user_remove: 'c@x.org',
      service_login_domain_add: 'x.org',
      service_login_domain_remove: 'y.org',
      idp_openid_user_add: 'd@x.org',
      idp_openid_user_remove: 'e@x.org',
      idp_openid_domain_add: 'z.org',
      idp_openid_domain_remove: 'w.org',
      simple_user_add: '["ann:pw1",{"user":"bob","password":"p,w:2"}]',
      simple_user_remove: 'carl',
      cname_domain: 'media.x.org',
    },
    response: {},
  },
  'portal.list': {
    call: (c) => c.portal.list({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: { portals: [{ subdomain: 'shop', status: 'active' }] },
  },
  'webhook.list': {
    call: (c) => c.webhook.list(),
    query: {},
    response: { webhooks: [{ hook_url: 'https://hooks.example/a', events: 'asset' }] },
  },
  'webhook.set': {
    call: (c) =>
      c.webhook.set({
        hook_url: 'https://hooks.example/a?x=1',
        security_key: 'k',
        events: ['asset', 'gallery.*'],
      }),
    query: { hook_url: 'https://hooks.example/a?x=1', security_key: 'k', events: 'asset,gallery.*' },
    response: {},
  },
  'webhook.set_chat': {
    call: (c) =>
      c.webhook.setChat({
        hook_url: 'https://chat.example/hook',
        events: 'asset',
        chat_channel: '#media',
        chat_username: 'bot',
        chat_icon: ':camera:',
      }),
    query: {
      hook_url: 'https://chat.example/hook',
      events: 'asset',
      chat_channel: '#media',
      chat_username: 'bot',
      chat_icon: ':camera:',
    },
    response: {},
  },
  'webhook.delete': {
    call: (c) => c.webhook.delete({ hook_url: 'https://hooks.example/a' }),
    query: { hook_url: 'https://hooks.example/a' },
    response: {},
  },
  'live.list': {
    call: (c) => c.live.list(),
    query: {},
    response: {
      live_streams: [live],
      usage: {
        max_passthrough_quota: 100,
        max_transcoded_quota: 50,
        usage_passthrough: 1,
        usage_transcoded: 2,
        history: [],
      },
    },
  },
  'live.create': {
    call: (c) => c.live.create({ name: 'cam', location: 'eu', type: 'transcoded' }),
    query: { name: 'cam', location: 'eu', type: 'transcoded' },
    response: { ...live },
  },
  'live.start': {
    call: (c) => c.live.start({ liveid: 'l1' }),
    query: { liveid: 'l1' },
    response: { state: 'starting', note: 'charges may apply' },
  },
  'live.stop': {
    call: (c) => c.live.stop({ liveid: 'l1' }),
    query: { liveid: 'l1' },
    response: { state: 'stopped', note: 'charges may apply' },
  },
  'live.reset': {
    call: (c) => c.live.reset({ liveid: 'l1' }),
    query: { liveid: 'l1' },
    response: { state: 'resetting', note: 'charges may apply' },
  },
  'live.delete': {
    call: (c) => c.live.delete({ liveid: 'l1' }),
    query: { liveid: 'l1' },
    response: {},
  },
};

export const OPERATIONS: OperationCase[] = OPERATION_NAMES.map((name) => {
  const head = TABLE[name];
  const sample = SAMPLES[name] as Sample<OperationName>;
  const html = 'answer' in head && head.answer === 'html';
  return {
    op: name,
    method: head.method,
    path: 'path' in head ? head.path : `${name}.json`,
    call: sample.call,
    query: sample.query,
    response: sample.response as Record<string, unknown>,
    ...(html ? { text: true } : {}),
  };
});

/** The operations of api-v2.md, by namespace: 2 general, 9 gallery, 9 asset, 2 upload, 6 portal, 4 webhook, 6 live. */
export const CONTRACT_OPERATIONS: readonly string[] = OPERATION_NAMES;

/** Write operations (never retried unless the caller opts in), as the contract's table says. */
export const WRITES = new Set(OPERATION_NAMES.filter((name) => TABLE[name].kind === 'write'));
