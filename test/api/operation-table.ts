// Every operation of the contract: how the client calls it, what must go on the wire, a sample answer.
import type { AssetRecord, GalleryClient, GalleryEntry, LiveEntry } from '../../src/api/index.ts';

export interface OperationCase {
  /** Operation name as the contract writes it. */
  op: string;
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
 * A case whose sample answer must fit the response type of the client method it calls, so a field name
 * wrong in the client's types (or here) fails the typecheck.
 */
function typed<R>(
  c: Omit<OperationCase, 'call' | 'response'> & {
    call(client: GalleryClient): Promise<R>;
    response: R extends string ? Record<string, unknown> : NoInfer<Omit<R, 'success' | 'runtime'>>;
  },
): OperationCase {
  return c as OperationCase;
}

const asset = {
  rid: 'r1',
  filename: 'a.png',
  type: 'image',
  caption: 'c',
  description: '',
  long_description: '',
  related_link_text: '',
  related_link_url: '',
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

export const OPERATIONS: OperationCase[] = [
  typed({
    op: 'ping',
    method: 'GET',
    path: 'ping.json',
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
  }),
  typed({
    op: 'token.get_temp',
    method: 'GET',
    path: 'token.get_temp.json',
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
  }),
  typed({
    op: 'gallery.create',
    method: 'POST',
    path: 'gallery.create.json',
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
  }),
  typed({
    op: 'gallery.set_meta',
    method: 'POST',
    path: 'gallery.set_meta.json',
    call: (c) => c.gallery.setMeta({ fid: 'f1', name: 'N', description: 'D', tags: ['a', 'b c'] }),
    query: { fid: 'f1', name: 'N', description: 'D', tags: 'a,b c' },
    response: {},
  }),
  typed({
    op: 'gallery.delete',
    method: 'POST',
    path: 'gallery.delete.json',
    call: (c) => c.gallery.delete({ fid: 'f1', delete_assets: true }),
    query: { fid: 'f1', delete_assets: 'yes' },
    response: {},
  }),
  typed({
    op: 'gallery.add_item',
    method: 'POST',
    path: 'gallery.add_item.json',
    call: (c) => c.gallery.addItem({ fid: 'f1', rid: ['r1', 'r2'], insert_position: 3 }),
    query: { fid: 'f1', rid: 'r1,r2', insert_position: '3' },
    response: {},
  }),
  typed({
    op: 'gallery.remove_item',
    method: 'POST',
    path: 'gallery.remove_item.json',
    call: (c) => c.gallery.removeItem({ fid: 'f1', rid: ['r1', 'r2'], delete_assets: false }),
    query: { fid: 'f1', rid: 'r1,r2', delete_assets: 'no' },
    response: {},
  }),
  typed({
    op: 'gallery.list',
    method: 'GET',
    path: 'gallery.list.json',
    call: (c) =>
      c.gallery.list({ search: 'caption=sea', page: 2, items_per_page: 10, filter_tags: ['beach', '-work'] }),
    query: { search: 'caption=sea', page: '2', items_per_page: '10', filter_tags: 'beach,-work' },
    response: {
      workspace: '',
      galleries: [gallery],
      tag_cloud: { t: 1, notags: 0 },
      items_data: { page: 2, items_per_page: 10, items_count: 11, page_count: 2 },
    },
  }),
  typed({
    op: 'gallery.get_items',
    method: 'GET',
    path: 'gallery.get_items.json',
    call: (c) => c.gallery.getItems({ fid: 'f1', details: ['caption', 'tags'], page: 1, items_per_page: 5 }),
    query: { fid: 'f1', details: 'caption,tags', page: '1', items_per_page: '5' },
    response: {
      fid: 'f1',
      upload_url: gallery.upload_url,
      claimed: 'original',
      spfid: 's1',
      folder: { items: [asset], items_data: { page: 1, items_per_page: 5, items_count: 1, pages_count: 1 } },
    },
  }),
  typed({
    op: 'gallery.set_master',
    method: 'POST',
    path: 'gallery.set_master.json',
    call: (c) => c.gallery.setMaster({ fid: 'f1', master: 'fm' }),
    query: { fid: 'f1', master: 'fm' },
    response: {},
  }),
  typed({
    op: 'gallery.download',
    method: 'GET',
    path: 'gallery.download.json',
    call: (c) => c.gallery.download({ fid: 'f1', type: 'resized' }),
    query: { fid: 'f1', type: 'resized' },
    response: { download_link: 'http://x/download/f1.zip?type=resized&auth=a' },
  }),
  typed({
    op: 'asset.list',
    method: 'GET',
    path: 'asset.list.json',
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
  }),
  typed({
    op: 'asset.get_tags',
    method: 'GET',
    path: 'asset.get_tags.json',
    call: (c) => c.asset.getTags(),
    query: {},
    response: { tag_cloud: { a: 2, b: 1 } },
  }),
  typed({
    op: 'asset.set_meta',
    method: 'POST',
    path: 'asset.set_meta.json',
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
  }),
  typed({
    op: 'asset.resync',
    method: 'POST',
    path: 'asset.resync.json',
    call: (c) => c.asset.resync({ rid: 'r1' }),
    query: { rid: 'r1' },
    response: { status: 'queued' },
  }),
  typed({
    op: 'asset.delete',
    method: 'POST',
    path: 'asset.delete.json',
    call: (c) => c.asset.delete({ rid: ['r1', 'r2'] }),
    query: { rid: 'r1,r2' },
    response: {},
  }),
  typed({
    op: 'asset.get_upload_url',
    method: 'GET',
    path: 'asset.get_upload_url.json',
    call: (c) => c.asset.getUploadUrl({ fid: 'f1', rid: 'r1', type: 'poster', ttl: 600 }),
    query: { fid: 'f1', rid: 'r1', type: 'poster', ttl: '600' },
    response: { upload_url: 'http://x/upload?uid=a&d=1&hash=h&addtofid=0&rid=r1&type=poster' },
  }),
  typed({
    op: 'asset.upload_from_url',
    method: 'POST',
    path: 'asset.upload_from_url.json',
    call: (c) =>
      c.asset.uploadFromUrl({ input: 'https://example.com/a.jpg?x=1&y=2', fid: 'f1', caption: 'From URL' }),
    query: { input: 'https://example.com/a.jpg?x=1&y=2', fid: 'f1', caption: 'From URL' },
    response: { status_id: 's1' },
  }),
  typed({
    op: 'asset.upload_from_url_get_status',
    method: 'GET',
    path: 'asset.upload_from_url_get_status.json',
    call: (c) => c.asset.uploadFromUrlGetStatus({ status_id: 's1' }),
    query: { status_id: 's1' },
    response: { status: 'done', progress: 100, progress_bytes: 10, file_size_bytes: 10, resid: 'r9' },
  }),
  typed({
    op: 'asset.upload_from_url_abort',
    method: 'POST',
    path: 'asset.upload_from_url_abort.json',
    call: (c) => c.asset.uploadFromUrlAbort({ status_id: 's1' }),
    query: { status_id: 's1' },
    response: { status_id: 's1' },
  }),
  typed({
    op: 'upload.get_upload_token',
    method: 'GET',
    path: 'upload.get_upload_token.json',
    call: (c) => c.upload.getUploadToken({ fid: 'f1', expire: new Date('2030-01-02T23:30:00Z') }),
    query: { fid: 'f1', expire: '2030-01-02' },
    response: { upload_token: 'up1', fid: 'f1', expires: '2030-01-03T00:00:00.000Z' },
  }),
  typed({
    op: 'upload.iframe',
    method: 'GET',
    path: 'upload.iframe',
    call: (c) => c.upload.iframe({ rrid: 'crm-42' }),
    query: { rrid: 'crm-42' },
    response: { html: '<iframe src="http://x/v2/upload.iframe?upload_token=u" width="100%"></iframe>' },
    text: true,
  }),
  typed({
    op: 'portal.check',
    method: 'GET',
    path: 'portal.check.json',
    call: (c) => c.portal.check({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: { subdomain: 'available' },
  }),
  typed({
    op: 'portal.cease',
    method: 'POST',
    path: 'portal.cease.json',
    call: (c) => c.portal.cease({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: {},
  }),
  typed({
    op: 'portal.rename',
    method: 'POST',
    path: 'portal.rename.json',
    call: (c) => c.portal.rename({ from: 'shop', to: 'store' }),
    query: { from: 'shop', to: 'store' },
    response: {},
  }),
  typed({
    op: 'portal.remove',
    method: 'POST',
    path: 'portal.remove.json',
    call: (c) => c.portal.remove({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: {},
  }),
  typed({
    op: 'portal.set',
    method: 'POST',
    path: 'portal.set.json',
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
  }),
  typed({
    op: 'portal.list',
    method: 'GET',
    path: 'portal.list.json',
    call: (c) => c.portal.list({ subdomain: 'shop' }),
    query: { subdomain: 'shop' },
    response: { portals: [{ subdomain: 'shop', status: 'active' }] },
  }),
  typed({
    op: 'webhook.list',
    method: 'GET',
    path: 'webhook.list.json',
    call: (c) => c.webhook.list(),
    query: {},
    response: { webhooks: [{ hook_url: 'https://hooks.example/a', events: 'asset' }] },
  }),
  typed({
    op: 'webhook.set',
    method: 'POST',
    path: 'webhook.set.json',
    call: (c) =>
      c.webhook.set({
        hook_url: 'https://hooks.example/a?x=1',
        security_key: 'k',
        events: ['asset', 'gallery.*'],
      }),
    query: { hook_url: 'https://hooks.example/a?x=1', security_key: 'k', events: 'asset,gallery.*' },
    response: {},
  }),
  typed({
    op: 'webhook.set_chat',
    method: 'POST',
    path: 'webhook.set_chat.json',
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
  }),
  typed({
    op: 'webhook.delete',
    method: 'POST',
    path: 'webhook.delete.json',
    call: (c) => c.webhook.delete({ hook_url: 'https://hooks.example/a' }),
    query: { hook_url: 'https://hooks.example/a' },
    response: {},
  }),
  typed({
    op: 'live.list',
    method: 'GET',
    path: 'live.list.json',
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
  }),
  typed({
    op: 'live.create',
    method: 'GET',
    path: 'live.create.json',
    call: (c) => c.live.create({ name: 'cam', location: 'eu', type: 'transcoded' }),
    query: { name: 'cam', location: 'eu', type: 'transcoded' },
    response: { ...live },
  }),
  ...(['start', 'stop', 'reset'] as const).map(
    (action): OperationCase => ({
      op: `live.${action}`,
      method: 'GET',
      path: `live.${action}.json`,
      call: (c) => c.live[action]({ liveid: 'l1' }),
      query: { liveid: 'l1' },
      response: {
        state: { start: 'starting', stop: 'stopped', reset: 'resetting' }[action],
        note: 'charges may apply',
      },
    }),
  ),
  typed({
    op: 'live.delete',
    method: 'GET',
    path: 'live.delete.json',
    call: (c) => c.live.delete({ liveid: 'l1' }),
    query: { liveid: 'l1' },
    response: {},
  }),
];

/** The operations of api-v2.md, by namespace: 2 general, 9 gallery, 9 asset, 2 upload, 6 portal, 4 webhook, 6 live. */
export const CONTRACT_OPERATIONS = [
  'ping',
  'token.get_temp',
  ...[
    'create',
    'set_meta',
    'delete',
    'add_item',
    'remove_item',
    'list',
    'get_items',
    'set_master',
    'download',
  ].map((a) => `gallery.${a}`),
  ...[
    'list',
    'get_tags',
    'set_meta',
    'resync',
    'delete',
    'get_upload_url',
    'upload_from_url',
    'upload_from_url_get_status',
    'upload_from_url_abort',
  ].map((a) => `asset.${a}`),
  'upload.iframe',
  'upload.get_upload_token',
  ...['check', 'cease', 'rename', 'remove', 'set', 'list'].map((a) => `portal.${a}`),
  ...['list', 'set', 'set_chat', 'delete'].map((a) => `webhook.${a}`),
  ...['list', 'create', 'start', 'stop', 'reset', 'delete'].map((a) => `live.${a}`),
];

/** Write operations per decisions.md: never retried unless the caller opts in. */
export const WRITES = new Set(
  OPERATIONS.filter((o) => o.method === 'POST')
    .map((o) => o.op)
    // The spec's GETs are reads except the live operations, which change state with GET.
    .concat(['live.create', 'live.start', 'live.stop', 'live.reset', 'live.delete']),
);
