// webhook.* over real HTTP, with real receivers on 127.0.0.1: signatures, matching, retries, restarts, chat.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { matchesEvent, parseEvents } from '../../server/webhooks/events.ts';
import { verifyWebhookSignature, verifyWebhookUrlSignature } from '../../src/api/webhook-signature.ts';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = number | { status: number; location: string };
type Answer = (request: Received, index: number) => Reply | Promise<Reply>;

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  answer: Answer;
  close(): Promise<void>;
}

async function startReceiver(answer: Answer = () => 200, port = 0): Promise<Receiver> {
  const receiver = { received: [] as Received[], answer } as Receiver;
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    receiver.received.push(entry);
    const reply = await receiver.answer(entry, receiver.received.length - 1);
    if (typeof reply === 'number') res.writeHead(reply).end();
    else res.writeHead(reply.status, { location: reply.location }).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
const queued = (server: TestServer) =>
  (server.server.ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as { n: number }).n;
const FAST = { webhookRetryDelaysMs: [30], webhookTimeoutMs: 2000 };

describe('webhook.set, set_chat, list and delete', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(FAST);
  });
  after(() => server.close());

  test('lists a webhook with its events but never its security_key', async () => {
    const set = await server.call(
      'webhook.set',
      { hook_url: 'http://127.0.0.1:9/a', security_key: 'k-secret-1', events: 'asset,gallery.*' },
      { method: 'POST' },
    );
    assert.equal(set.status, 200);
    assert.equal(set.body.success, true);
    const { status, body } = await server.call('webhook.list');
    assert.equal(status, 200);
    const entry = body.webhooks.find((w: { hook_url: string }) => w.hook_url === 'http://127.0.0.1:9/a');
    assert.equal(entry.events, 'asset,gallery.*');
    assert.equal(entry.type, 'url');
    assert.ok(!JSON.stringify(body).includes('k-secret-1'));
    assert.equal('security_key' in entry, false);
  });

  test('webhook.set on an existing hook_url updates it instead of adding another', async () => {
    await server.call(
      'webhook.set',
      { hook_url: 'http://127.0.0.1:9/a', security_key: 'k2', events: 'live' },
      { method: 'POST' },
    );
    const { body } = await server.call('webhook.list');
    const entries = body.webhooks.filter((w: { hook_url: string }) => w.hook_url === 'http://127.0.0.1:9/a');
    assert.equal(entries.length, 1);
    assert.equal(entries[0].events, 'live');
  });

  test('refuses hook URLs that are not http(s) with 400', async () => {
    for (const hook_url of [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'not a url',
      'file:///etc/passwd',
      // The signature is appended to the URL: after a fragment it would never be sent.
      'http://127.0.0.1:9/a#part',
      // The URL parser drops these silently, so the URL called would not be the one registered.
      ' http://127.0.0.1:9/a',
      'http://127.0.0.1:9/a\n',
      'http://127.0.0.1:9/a\tb',
    ]) {
      const { status, body } = await server.call(
        'webhook.set',
        { hook_url, security_key: 'k' },
        { method: 'POST' },
      );
      assert.equal(status, 400, hook_url);
      assert.equal(body.code, 'invalid_parameter');
      const chat = await server.call(
        'webhook.set_chat',
        { hook_url, chat_channel: '#c' },
        { method: 'POST' },
      );
      assert.equal(chat.status, 400, hook_url);
    }
  });

  test('requires hook_url and security_key, and chat_channel for chat hooks', async () => {
    const noKey = await server.call('webhook.set', { hook_url: 'http://127.0.0.1:9/b' }, { method: 'POST' });
    assert.equal(noKey.status, 400);
    assert.equal(noKey.body.code, 'missing_parameter');
    const noUrl = await server.call('webhook.set', { security_key: 'k' }, { method: 'POST' });
    assert.equal(noUrl.body.code, 'missing_parameter');
    const noChannel = await server.call(
      'webhook.set_chat',
      { hook_url: 'http://127.0.0.1:9/c' },
      { method: 'POST' },
    );
    assert.equal(noChannel.status, 400);
    assert.equal(noChannel.body.code, 'missing_parameter');
  });

  test('refuses unknown event names and a malformed chat icon with 400', async () => {
    for (const events of ['nonsense', 'asset.exploded', 'gallery.created.more', 'foo.*']) {
      const { status, body } = await server.call(
        'webhook.set',
        { hook_url: 'http://127.0.0.1:9/d', security_key: 'k', events },
        { method: 'POST' },
      );
      assert.equal(status, 400, events);
      assert.equal(body.code, 'invalid_parameter');
    }
    const icon = await server.call(
      'webhook.set_chat',
      { hook_url: 'http://127.0.0.1:9/d', chat_channel: '#c', chat_icon: '<img src=x>' },
      { method: 'POST' },
    );
    assert.equal(icon.status, 400);
  });

  test('accepts the account, analytics and leads namespaces', async () => {
    const { status } = await server.call(
      'webhook.set',
      { hook_url: 'http://127.0.0.1:9/e', security_key: 'k', events: 'account,analytics.*,leads.created' },
      { method: 'POST' },
    );
    assert.equal(status, 200);
  });

  test('webhook.delete removes a hook, 404 for an unknown hook_url, and webhhook.delete is an alias', async () => {
    const gone = await server.call(
      'webhook.delete',
      { hook_url: 'http://127.0.0.1:9/e' },
      { method: 'POST' },
    );
    assert.equal(gone.status, 200);
    const again = await server.call(
      'webhook.delete',
      { hook_url: 'http://127.0.0.1:9/e' },
      { method: 'POST' },
    );
    assert.equal(again.status, 404);
    assert.equal(again.body.code, 'not_found');
    const alias = await server.call(
      'webhhook.delete',
      { hook_url: 'http://127.0.0.1:9/a' },
      { method: 'POST' },
    );
    assert.equal(alias.status, 200);
    const { body } = await server.call('webhook.list');
    assert.ok(!body.webhooks.some((w: { hook_url: string }) => w.hook_url.endsWith(':9/a')));
    const missing = await server.call('webhook.delete', {}, { method: 'POST' });
    assert.equal(missing.body.code, 'missing_parameter');
  });

  test('a read token may list but not change webhooks', async () => {
    const temp = await server.call('token.get_temp', { permissions: 'webhook.read' });
    const list = await server.call('webhook.list', {}, { token: temp.body.token });
    assert.equal(list.status, 200);
    const set = await server.call(
      'webhook.set',
      { hook_url: 'http://127.0.0.1:9/f', security_key: 'k' },
      { method: 'POST', token: temp.body.token },
    );
    assert.equal(set.status, 403);
  });
});

describe('hook URLs are kept exactly as registered', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(FAST);
  });
  after(() => server.close());

  test('a bare origin and a URL with a query are listed, signed and deleted by the exact text given', async () => {
    const receiver = await startReceiver();
    const origin = `http://127.0.0.1:${receiver.port}`;
    const registered = [origin, `${origin}/hook?x=1`];
    try {
      for (const hook_url of registered) {
        const set = await server.call(
          'webhook.set',
          { hook_url, security_key: 'exact-key', events: 'gallery.created' },
          { method: 'POST' },
        );
        assert.equal(set.status, 200, JSON.stringify(set.body));
      }
      const listed = (await server.call('webhook.list')).body.webhooks.map(
        (w: { hook_url: string }) => w.hook_url,
      );
      for (const hook_url of registered) assert.ok(listed.includes(hook_url), `${hook_url} in ${listed}`);
      assert.ok(!listed.includes(`${origin}/`), 'the bare origin was rewritten with a trailing slash');

      server.server.ctx.events.emit('gallery.created', { fid: 'f-exact' });
      await waitFor(async () => receiver.received.length >= 2 && queued(server) === 0);
      assert.equal(receiver.received.length, 2);
      for (const hook_url of registered) {
        // The receiver knows only the URL it registered and its key, and finds the signature it expects.
        const path = hook_url === origin ? '/' : '/hook';
        const delivery = receiver.received.find((r) => new URL(r.url, origin).pathname === path);
        assert.ok(delivery, `no delivery to ${hook_url}`);
        const query = new URL(delivery.url, origin).searchParams;
        assert.equal(query.get('signature'), hmac('exact-key', hook_url));
        if (hook_url !== origin) assert.equal(query.get('x'), '1');
        assert.equal(
          await verifyWebhookUrlSignature({
            url: `${hook_url}${hook_url.includes('?') ? '&' : '?'}signature=${query.get('signature')}`,
            securityKey: 'exact-key',
          }),
          true,
        );
      }

      // Another spelling of the same address is another string: not found.
      const normalised = await server.call('webhook.delete', { hook_url: `${origin}/` }, { method: 'POST' });
      assert.equal(normalised.status, 404);
      for (const hook_url of registered) {
        const gone = await server.call('webhook.delete', { hook_url }, { method: 'POST' });
        assert.equal(gone.status, 200, hook_url);
      }
      const left = (await server.call('webhook.list')).body.webhooks;
      assert.deepEqual(left, []);
    } finally {
      for (const hook_url of registered)
        await server.call('webhook.delete', { hook_url }, { method: 'POST' });
      await receiver.close();
    }
  });
});

describe('event matching', () => {
  test('matches a namespace, a wildcard, a full name, and everything when empty', () => {
    const parse = (text: string) => {
      const parsed = parseEvents(text);
      assert.ok('events' in parsed, text);
      return parsed.events;
    };
    assert.equal(matchesEvent(parse('asset'), 'asset.uploaded'), true);
    assert.equal(matchesEvent(parse('asset.*'), 'asset.deleted'), true);
    assert.equal(matchesEvent(parse('asset.uploaded'), 'asset.uploaded'), true);
    assert.equal(matchesEvent(parse('asset.uploaded'), 'asset.synced'), false);
    assert.equal(matchesEvent(parse('gallery'), 'asset.uploaded'), false);
    assert.equal(matchesEvent(parse(''), 'live.started'), true);
    assert.equal(matchesEvent(parse('gallery, live.stopped'), 'live.stopped'), true);
  });
});

describe('deliveries', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(FAST);
  });
  after(() => server.close());

  test('each emitted event arrives once, with a valid URL signature and body signature', async () => {
    const live = await startReceiver();
    const assets = await startReceiver();
    try {
      await server.call(
        'webhook.set',
        { hook_url: live.url, security_key: 'live-key', events: 'live' },
        { method: 'POST' },
      );
      await server.call(
        'webhook.set',
        { hook_url: assets.url, security_key: 'asset-key', events: 'asset.uploaded' },
        { method: 'POST' },
      );
      const created = await server.call('live.create', { name: 'Hook stream' });
      assert.equal(created.status, 200);
      server.server.ctx.events.emit('asset.uploaded', { rid: 'r1', filename: 'a.png' });
      server.server.ctx.events.emit('asset.synced', { rid: 'r1', filename: 'a.png' });
      await waitFor(
        async () => live.received.length >= 1 && assets.received.length >= 1 && queued(server) === 0,
      );

      assert.equal(live.received.length, 1);
      assert.equal(assets.received.length, 1);
      const [fromLive] = live.received as [Received];
      const payload = JSON.parse(fromLive.body);
      assert.equal(payload.event, 'live.created');
      assert.equal(payload.liveid, created.body.liveid);
      assert.equal(typeof payload.id, 'string');
      assert.ok(!Number.isNaN(Date.parse(payload.created)));
      assert.equal(fromLive.headers['content-type'], 'application/json');

      // The exact decided formats, computed independently…
      const signature = new URL(fromLive.url, live.url).searchParams.get('signature');
      assert.equal(signature, hmac('live-key', live.url));
      const header = String(fromLive.headers['x-webhook-signature']);
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      assert.ok(match, header);
      assert.equal(match[2], hmac('live-key', `${match[1]}.${fromLive.body}`));
      // …and through the receiver helper.
      assert.equal(
        await verifyWebhookSignature({ body: fromLive.body, header, securityKey: 'live-key' }),
        true,
      );
      assert.equal(
        await verifyWebhookUrlSignature({ url: new URL(fromLive.url, live.url), securityKey: 'live-key' }),
        true,
      );

      const fromAssets = JSON.parse((assets.received[0] as Received).body);
      assert.equal(fromAssets.event, 'asset.uploaded');
      const { event, id, created: at, ...fields } = fromAssets;
      assert.equal(event, 'asset.uploaded');
      assert.ok(id && at);
      assert.deepEqual(fields, { rid: 'r1', filename: 'a.png', drid: 'r1' });
      assert.notEqual(fromAssets.id, payload.id);
    } finally {
      await server.call('webhook.delete', { hook_url: live.url }, { method: 'POST' });
      await server.call('webhook.delete', { hook_url: assets.url }, { method: 'POST' });
      await live.close();
      await assets.close();
    }
  });

  test('an upload delivers asset.uploaded with the asset record', async () => {
    const receiver = await startReceiver();
    try {
      await server.call(
        'webhook.set',
        { hook_url: receiver.url, security_key: 'upload-key', events: 'asset.uploaded' },
        { method: 'POST' },
      );
      const gallery = await createGallery(server, 'Hooked gallery');
      const upload = await uploadFile(gallery.upload_url, {
        name: 'dot.png',
        bytes: tinyPng(),
        mime: 'image/png',
      });
      assert.equal(upload.status, 200);
      await waitFor(async () => receiver.received.length >= 1 && queued(server) === 0);
      assert.equal(receiver.received.length, 1);
      const delivery = receiver.received[0] as Received;
      const payload = JSON.parse(delivery.body);
      assert.equal(payload.event, 'asset.uploaded');
      assert.equal(payload.rid, upload.body.rid);
      assert.equal(payload.filename, 'dot.png');
      assert.equal(
        await verifyWebhookSignature({
          body: delivery.body,
          header: String(delivery.headers['x-webhook-signature']),
          securityKey: 'upload-key',
        }),
        true,
      );
      // The version worker emits asset.synced later: let it happen here, not in the next test's catch-all hook.
      await waitFor(async () => {
        const list = await server.call('asset.list', { rid: upload.body.rid });
        return list.body.items?.[0]?.syncstatus !== 'pending';
      });
    } finally {
      await server.call('webhook.delete', { hook_url: receiver.url }, { method: 'POST' });
      await receiver.close();
    }
  });

  test('a hook with empty events gets every event', async () => {
    const all = await startReceiver();
    try {
      await server.call('webhook.set', { hook_url: all.url, security_key: 'k' }, { method: 'POST' });
      server.server.ctx.events.emit('gallery.created', { fid: 'f1', name: 'G' });
      server.server.ctx.events.emit('asset.deleted', { rid: 'r2' });
      server.server.ctx.events.emit('live.stopped', { liveid: 'l1' });
      await waitFor(async () => all.received.length >= 3 && queued(server) === 0);
      const events = all.received.map((r) => JSON.parse(r.body).event).sort();
      assert.deepEqual(events, ['asset.deleted', 'gallery.created', 'live.stopped']);
    } finally {
      await server.call('webhook.delete', { hook_url: all.url }, { method: 'POST' });
      await all.close();
    }
  });

  test('a receiver answering 500 three times then 200 gets the event on the fourth try, same id', async () => {
    const flaky = await startReceiver((_request, index) => (index < 3 ? 500 : 200));
    try {
      await server.call(
        'webhook.set',
        { hook_url: flaky.url, security_key: 'k', events: 'gallery' },
        { method: 'POST' },
      );
      server.server.ctx.events.emit('gallery.updated', { fid: 'f9' });
      await waitFor(async () => flaky.received.length >= 4 && queued(server) === 0);
      assert.equal(flaky.received.length, 4);
      const ids = new Set(flaky.received.map((r) => JSON.parse(r.body).id));
      assert.equal(ids.size, 1);
      for (const r of flaky.received) {
        const ok = await verifyWebhookSignature({
          body: r.body,
          header: String(r.headers['x-webhook-signature']),
          securityKey: 'k',
        });
        assert.equal(ok, true);
      }
    } finally {
      await server.call('webhook.delete', { hook_url: flaky.url }, { method: 'POST' });
      await flaky.close();
    }
  });

  test('gives up after 8 tries', async () => {
    const broken = await startReceiver(() => 503);
    try {
      await server.call(
        'webhook.set',
        { hook_url: broken.url, security_key: 'k', events: 'asset' },
        { method: 'POST' },
      );
      server.server.ctx.events.emit('asset.updated', { rid: 'r3' });
      await waitFor(async () => queued(server) === 0);
      assert.equal(broken.received.length, 8);
    } finally {
      await server.call('webhook.delete', { hook_url: broken.url }, { method: 'POST' });
      await broken.close();
    }
  });

  test('a chat webhook gets the chat body: channel, username, icon and text', async () => {
    const chat = await startReceiver();
    const chatUrl = await startReceiver();
    try {
      const set = await server.call(
        'webhook.set_chat',
        {
          hook_url: chat.url,
          chat_channel: '#media',
          chat_username: 'gallery',
          chat_icon: ':camera:',
          events: 'live',
        },
        { method: 'POST' },
      );
      assert.equal(set.status, 200);
      await server.call(
        'webhook.set_chat',
        {
          hook_url: chatUrl.url,
          chat_channel: '#ops',
          chat_icon: 'https://example.com/i.png',
          events: 'live.created',
        },
        { method: 'POST' },
      );
      const listed = (await server.call('webhook.list')).body.webhooks.find(
        (w: { hook_url: string }) => w.hook_url === chatUrl.url,
      );
      assert.equal(listed.chat_username, 'service_bot');
      assert.equal(listed.type, 'chat');
      const created = await server.call('live.create', { name: 'Chat stream' });
      await waitFor(async () => chat.received.length >= 1 && chatUrl.received.length >= 1);
      const body = JSON.parse((chat.received[0] as Received).body);
      assert.deepEqual(Object.keys(body).sort(), ['channel', 'icon_emoji', 'text', 'username']);
      assert.equal(body.channel, '#media');
      assert.equal(body.username, 'gallery');
      assert.equal(body.icon_emoji, ':camera:');
      assert.match(body.text, /live\.created/);
      assert.ok(body.text.includes(created.body.liveid));
      const other = JSON.parse((chatUrl.received[0] as Received).body);
      assert.equal(other.username, 'service_bot');
      assert.equal(other.icon_url, 'https://example.com/i.png');
      assert.equal('icon_emoji' in other, false);
    } finally {
      await server.call('webhook.delete', { hook_url: chat.url }, { method: 'POST' });
      await server.call('webhook.delete', { hook_url: chatUrl.url }, { method: 'POST' });
      await chat.close();
      await chatUrl.close();
    }
  });

  test('follows a redirect on the same host but never one to another host', async () => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver((request) => {
      if (request.url.startsWith('/moved')) return 200;
      const to = new URL(request.url, 'http://127.0.0.1').searchParams.get('to');
      return { status: 307, location: to === 'same' ? '/moved' : elsewhere.url };
    });
    const same = `${redirecting.url}?to=same`;
    const other = `${redirecting.url}?to=other`;
    try {
      await server.call(
        'webhook.set',
        { hook_url: same, security_key: 'k', events: 'asset.uploaded' },
        { method: 'POST' },
      );
      await server.call(
        'webhook.set',
        { hook_url: other, security_key: 'k', events: 'asset.deleted' },
        { method: 'POST' },
      );
      server.server.ctx.events.emit('asset.uploaded', { rid: 'r5' });
      server.server.ctx.events.emit('asset.deleted', { rid: 'r6' });
      const triesOfOther = () => redirecting.received.filter((r) => r.url.includes('to=other')).length;
      await waitFor(
        async () => redirecting.received.some((r) => r.url.startsWith('/moved')) && triesOfOther() >= 3,
      );
      const moved = redirecting.received.find((r) => r.url.startsWith('/moved')) as Received;
      assert.equal(JSON.parse(moved.body).event, 'asset.uploaded');
      // The cross-host redirect counts as a failed try (retried) and never reaches the other host.
      assert.equal(elsewhere.received.length, 0);
    } finally {
      await server.call('webhook.delete', { hook_url: same }, { method: 'POST' });
      await server.call('webhook.delete', { hook_url: other }, { method: 'POST' });
      await elsewhere.close();
      await redirecting.close();
    }
  });

  test('the API call that emits is not held up by a receiver that has not answered yet', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await startReceiver(async () => {
      await released;
      return 200;
    });
    try {
      await server.call(
        'webhook.set',
        { hook_url: slow.url, security_key: 'k', events: 'live.created' },
        { method: 'POST' },
      );
      const created = await server.call('live.create', { name: 'Slow receiver' });
      assert.equal(created.status, 200);
      // The call has answered while the receiver still holds the delivery open.
      await waitFor(async () => slow.received.length === 1);
      assert.equal(queued(server), 1);
      const listed = await server.call('live.list');
      assert.equal(listed.status, 200);
      release();
      await waitFor(async () => queued(server) === 0);
      assert.equal(slow.received.length, 1);
    } finally {
      release();
      await server.call('webhook.delete', { hook_url: slow.url }, { method: 'POST' });
      await slow.close();
    }
  });
});

describe('every decided event, from the operations that emit it', () => {
  test('gallery, asset, version and live operations each deliver their event exactly once, signed', async () => {
    // A server of its own: no event of another test can be queued for this receiver.
    const server = await startTestServer(FAST);
    const receiver = await startReceiver();
    const ok = async (op: string, params: Record<string, string>, method: 'GET' | 'POST' = 'POST') => {
      const { status, body } = await server.call(op, params, { method });
      assert.equal(status, 200, `${op}: ${JSON.stringify(body)}`);
      return body;
    };
    try {
      await ok('webhook.set', { hook_url: receiver.url, security_key: 'all-key' });
      const { fid } = await ok('gallery.create', { name: 'Evented' });
      await ok('gallery.set_meta', { fid, name: 'Evented again' });
      const gallery = (await ok('gallery.get_items', { fid }, 'GET')) as { upload_url: string };
      const upload = await uploadFile(gallery.upload_url, {
        name: 'e.png',
        bytes: tinyPng(),
        mime: 'image/png',
      });
      assert.equal(upload.status, 200);
      const rid: string = upload.body.rid;
      // asset.synced comes from the version worker: let it finish before the asset goes.
      await server.server.services.versions.idle();
      assert.equal((await ok('asset.list', { rid }, 'GET')).items[0].syncstatus, 'synced');
      await ok('asset.set_meta', { rid, caption: 'Captioned' });
      await ok('asset.delete', { rid });
      await ok('gallery.delete', { fid });
      const { liveid } = await ok('live.create', { name: 'Evented stream' }, 'GET');
      await ok('live.start', { liveid }, 'GET');
      await ok('live.stop', { liveid }, 'GET');
      await ok('live.delete', { liveid }, 'GET');

      const expected: Record<string, { key: string; id: string }> = {
        'gallery.created': { key: 'fid', id: fid },
        'gallery.updated': { key: 'fid', id: fid },
        'gallery.deleted': { key: 'fid', id: fid },
        'asset.uploaded': { key: 'rid', id: rid },
        'asset.synced': { key: 'rid', id: rid },
        'asset.updated': { key: 'rid', id: rid },
        'asset.deleted': { key: 'rid', id: rid },
        'live.created': { key: 'liveid', id: liveid },
        'live.started': { key: 'liveid', id: liveid },
        'live.stopped': { key: 'liveid', id: liveid },
        'live.deleted': { key: 'liveid', id: liveid },
      };
      const distinct = () => new Set(receiver.received.map((r) => JSON.parse(r.body).id)).size;
      await waitFor(async () => distinct() >= Object.keys(expected).length && queued(server) === 0);
      await server.server.services.versions.idle();
      assert.equal(queued(server), 0);

      const idsByEvent = new Map<string, Set<string>>();
      for (const delivery of receiver.received) {
        const payload = JSON.parse(delivery.body);
        const signed = await verifyWebhookSignature({
          body: delivery.body,
          header: String(delivery.headers['x-webhook-signature']),
          securityKey: 'all-key',
        });
        assert.equal(signed, true, `body signature of ${payload.event}`);
        const query = new URL(delivery.url, receiver.url).searchParams;
        assert.equal(
          query.get('signature'),
          hmac('all-key', receiver.url),
          `URL signature of ${payload.event}`,
        );
        const want = expected[payload.event];
        assert.ok(want, `unexpected event ${payload.event}`);
        assert.equal(payload[want.key], want.id, `${payload.event} names its ${want.key}`);
        idsByEvent.set(payload.event, new Set([...(idsByEvent.get(payload.event) ?? []), payload.id]));
      }
      for (const event of Object.keys(expected)) {
        assert.equal(
          idsByEvent.get(event)?.size,
          1,
          `${event} arrived ${idsByEvent.get(event)?.size ?? 0} times`,
        );
      }
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});

describe('delivery timeout', () => {
  test('a receiver that does not answer within the timeout gets the event again on the next try', async () => {
    const server = await startTestServer({ webhookRetryDelaysMs: [30], webhookTimeoutMs: 300 });
    let hold: (() => void) | undefined;
    const stalling = await startReceiver((_request, index) =>
      index === 0 ? new Promise<number>((resolve) => (hold = () => resolve(200))) : 200,
    );
    try {
      await server.call(
        'webhook.set',
        { hook_url: stalling.url, security_key: 'k', events: 'live' },
        { method: 'POST' },
      );
      server.server.ctx.events.emit('live.started', { liveid: 'l8' });
      await waitFor(async () => stalling.received.length >= 2 && queued(server) === 0);
      assert.equal(stalling.received.length, 2);
      const [firstTry, secondTry] = stalling.received.map((r) => JSON.parse(r.body).id);
      assert.equal(firstTry, secondTry);
    } finally {
      hold?.();
      await server.close();
      await stalling.close();
    }
  });
});

describe('durable queue', () => {
  test('a receiver that is down while the server restarts still gets every event afterwards', async () => {
    const options = { webhookRetryDelaysMs: [200], webhookTimeoutMs: 2000 };
    const probe = await startReceiver();
    const { port, url } = probe;
    await probe.close(); // nothing listens on this port now
    let server = await startTestServer(options);
    const { dataDir } = server;
    let receiver: Receiver | undefined;
    try {
      await server.call('webhook.set', { hook_url: url, security_key: 'restart-key' }, { method: 'POST' });
      const live = await server.call('live.create', { name: 'Before restart' });
      server.server.ctx.events.emit('asset.uploaded', { rid: 'r7' });
      server.server.ctx.events.emit('gallery.deleted', { fid: 'f7' });
      assert.equal(live.status, 200);
      assert.equal(queued(server), 3);
      await server.stop();

      receiver = await startReceiver(() => 200, port);
      server = await startTestServer({ ...options, dataDir });
      await waitFor(async () => queued(server) === 0);
      const events = receiver.received.map((r) => JSON.parse(r.body).event).sort();
      assert.deepEqual(events, ['asset.uploaded', 'gallery.deleted', 'live.created']);
      for (const r of receiver.received) {
        assert.equal(
          await verifyWebhookSignature({
            body: r.body,
            header: String(r.headers['x-webhook-signature']),
            securityKey: 'restart-key',
          }),
          true,
        );
      }
    } finally {
      await server.close();
      await receiver?.close();
    }
  });
});

describe('verifyWebhookSignature', () => {
  const body = JSON.stringify({
    event: 'asset.uploaded',
    id: 'd1',
    created: '2026-01-01T00:00:00.000Z',
    rid: 'r1',
    drid: 'r1',
  });
  const now = Date.UTC(2026, 0, 1);
  const t = Math.floor(now / 1000);
  const header = `t=${t},v1=${hmac('right-key', `${t}.${body}`)}`;

  test('accepts the right key and refuses a wrong key, a changed body or an old timestamp', async () => {
    assert.equal(await verifyWebhookSignature({ body, header, securityKey: 'right-key', now }), true);
    assert.equal(await verifyWebhookSignature({ body, header, securityKey: 'wrong-key', now }), false);
    assert.equal(
      await verifyWebhookSignature({ body: `${body} `, header, securityKey: 'right-key', now }),
      false,
    );
    assert.equal(
      await verifyWebhookSignature({ body, header, securityKey: 'right-key', now: now + 3600_000 }),
      false,
    );
    assert.equal(
      await verifyWebhookSignature({ body, header: 'garbage', securityKey: 'right-key', now }),
      false,
    );
    assert.equal(
      await verifyWebhookSignature({ body, header: undefined, securityKey: 'right-key', now }),
      false,
    );
  });

  test('checks the signature parameter of the callback URL', async () => {
    const hookUrl = 'https://example.com/hook?a=1';
    const signed = `${hookUrl}&signature=${hmac('right-key', hookUrl)}`;
    assert.equal(await verifyWebhookUrlSignature({ url: signed, securityKey: 'right-key' }), true);
    assert.equal(await verifyWebhookUrlSignature({ url: signed, securityKey: 'wrong-key' }), false);
    assert.equal(await verifyWebhookUrlSignature({ url: hookUrl, securityKey: 'right-key' }), false);
  });
});

describe('webhook deliveries are queued with the change they announce', () => {
  let server: TestServer;
  const seen: { event: string; inTransaction: boolean }[] = [];
  before(async () => {
    server = await startTestServer(FAST);
    const { ctx } = server.server;
    ctx.events.subscribe(({ event }) => seen.push({ event, inTransaction: ctx.db.inTransaction }));
  });
  after(() => server.close());

  test('every event of every service is emitted inside the transaction that writes its change', async () => {
    /** Runs an operation and checks the events it emitted, by name (in any order). */
    const expectEvents = async (operation: string, params: Record<string, string>, events: string[]) => {
      const from = seen.length;
      const { status, body } = await server.call(operation, params, { method: 'POST' });
      assert.equal(status, 200, `${operation}: ${JSON.stringify(body)}`);
      const emitted = [...new Set(seen.slice(from).map((e) => e.event))].sort();
      assert.deepEqual(emitted, [...events].sort(), `the events of ${operation}`);
      return body;
    };
    const first = await expectEvents('gallery.create', { name: 'Outbox' }, ['gallery.created']);
    const second = await expectEvents('gallery.create', { name: 'Outbox two' }, ['gallery.created']);
    const upload = async (uploadUrl: string) => {
      const from = seen.length;
      const { status, body } = await uploadFile(uploadUrl, {
        bytes: tinyPng(),
        name: 'a.png',
        mime: 'image/png',
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.ok(seen.slice(from).some((e) => e.event === 'asset.uploaded'));
      await waitFor(async () => seen.slice(from).some((e) => e.event === 'asset.synced'));
      return body.rid as string;
    };
    const rid = await upload(first.upload_url);
    await expectEvents('asset.set_meta', { rid, caption: 'Changed' }, ['asset.updated']);
    await expectEvents('gallery.set_meta', { fid: first.fid, name: 'Renamed' }, ['gallery.updated']);
    await expectEvents('gallery.add_item', { fid: second.fid, rid }, ['gallery.updated']);
    await expectEvents('gallery.remove_item', { fid: second.fid, rid }, ['gallery.updated']);
    await expectEvents('gallery.add_item', { fid: second.fid, rid }, ['gallery.updated']);
    await expectEvents('gallery.remove_item', { fid: second.fid, rid, delete_assets: 'yes' }, [
      'asset.deleted',
      'gallery.updated',
    ]);
    await upload(second.upload_url);
    await expectEvents('gallery.delete', { fid: second.fid, delete_assets: 'yes' }, [
      'asset.deleted',
      'gallery.deleted',
    ]);
    const { liveid } = await expectEvents('live.create', { name: 'Outbox live' }, ['live.created']);
    await expectEvents('live.start', { liveid }, ['live.started']);
    await expectEvents('live.stop', { liveid }, ['live.stopped']);
    await expectEvents('live.delete', { liveid }, ['live.deleted']);

    assert.deepEqual(
      seen.filter((e) => !e.inTransaction).map((e) => e.event),
      [],
      'events emitted after their change had committed',
    );
  });
});
