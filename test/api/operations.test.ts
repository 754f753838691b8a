// The typed client against a recording fake fetch: every operation's request and answer, errors, retries, abort, paging.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, type ClientOptions, GalleryClient, uploadFile } from '../../src/api/index.ts';
import { fail, fakeFetch, json, never, ok, type Responder } from './fake-fetch.ts';
import { CONTRACT_OPERATIONS, OPERATIONS, WRITES } from './operation-table.ts';

const BASE = 'http://api.test/v2/';

function client(responder: Responder, options: Partial<ClientOptions> = {}) {
  const fake = fakeFetch(responder);
  const c = new GalleryClient({
    baseUrl: BASE,
    token: 'tok',
    fetch: fake.fetch,
    retries: 2,
    retryDelayMs: 1,
    maxRetryDelayMs: 1000,
    ...options,
  });
  return { client: c, requests: fake.requests };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('every operation of the contract', () => {
  it('the table covers all 38 operations once', () => {
    assert.deepEqual(OPERATIONS.map((o) => o.op).sort(), [...CONTRACT_OPERATIONS].sort());
    assert.equal(new Set(CONTRACT_OPERATIONS).size, 38);
  });

  for (const c of OPERATIONS) {
    it(`${c.op} sends ${c.method} ${c.path} with its parameters encoded and passes the answer through`, async () => {
      const body = c.text ? String(c.response.html) : { success: true, runtime: 3, ...c.response };
      const { client: api, requests } = client(() =>
        c.text
          ? new Response(String(body), { headers: { 'content-type': 'text/html' } })
          : json(body as Record<string, unknown>),
      );
      const result = await c.call(api);
      assert.equal(requests.length, 1);
      const [request] = requests;
      assert.equal(request?.method, c.method);
      assert.equal(request?.url.origin + request?.url.pathname, `${BASE}${c.path}`);
      assert.deepEqual(request?.query, { api_token: 'tok', ...c.query });
      assert.deepEqual(result, body);
    });
  }

  for (const c of OPERATIONS) {
    const write = WRITES.has(c.op);
    it(`${c.op} is ${write ? 'a write: not retried after a 500' : 'a read: retried after a 500'}`, async () => {
      const { client: api, requests } = client((_r, i) =>
        i === 0 ? fail(500, 'internal') : c.text ? new Response('<iframe></iframe>') : ok(c.response),
      );
      if (write) {
        const error = await rejection(c.call(api));
        assert.ok(error instanceof ApiError);
        assert.equal(error.status, 500);
        assert.equal(error.operation, c.op);
        assert.equal(requests.length, 1);
      } else {
        await c.call(api);
        assert.equal(requests.length, 2);
      }
    });
  }
});

describe('parameter encoding', () => {
  it('leaves out undefined and null parameters and sends insert_position top and bottom as words', async () => {
    const { client: api, requests } = client(() => ok());
    await api.gallery.addItem({ fid: 'f1', rid: 'r1', insert_position: 'top' });
    await api.gallery.addItem({ fid: 'f1', rid: 'r1', insert_position: 'bottom' });
    await api.gallery.addItem({ fid: 'f1', rid: 'r1' });
    await api.gallery.delete({ fid: 'f1', delete_assets: 'yes' });
    assert.deepEqual(
      requests.map((r) => r.query),
      [
        { api_token: 'tok', fid: 'f1', rid: 'r1', insert_position: 'top' },
        { api_token: 'tok', fid: 'f1', rid: 'r1', insert_position: 'bottom' },
        { api_token: 'tok', fid: 'f1', rid: 'r1' },
        { api_token: 'tok', fid: 'f1', delete_assets: 'yes' },
      ],
    );
  });

  it('keeps a string list and a JSON args string as given', async () => {
    const { client: api, requests } = client(() => ok());
    await api.gallery.setMeta({ fid: 'f1', tags: 'a,b' });
    await api.portal.set({ subdomain: 'shop', args: '{"a":1}', allow_public: 'yes' });
    await api.token.getTemp({ permissions: 'asset.*|gallery.read' });
    assert.equal(requests[0]?.query.tags, 'a,b');
    assert.equal(requests[1]?.query.args, '{"a":1}');
    assert.equal(requests[1]?.query.allow_public, 'yes');
    assert.equal(requests[2]?.query.permissions, 'asset.*|gallery.read');
  });

  it('percent-encodes values so commas, ampersands and unicode survive', async () => {
    const { client: api, requests } = client(() => ok());
    await api.gallery.create({ name: 'Été & co, #1' });
    assert.match(requests[0]?.url.search ?? '', /name=%C3%89t%C3%A9\+%26\+co%2C\+%231/);
    assert.equal(requests[0]?.query.name, 'Été & co, #1');
  });

  it('passes an expire date string through and accepts a base URL without its trailing slash', async () => {
    const { client: api, requests } = client(() => ok({ upload_token: 'u' }), {
      baseUrl: 'http://api.test/v2',
    });
    await api.upload.getUploadToken({ fid: 'f1', expire: '2031-12-31' });
    assert.equal(requests[0]?.url.pathname, '/v2/upload.get_upload_token.json');
    assert.equal(requests[0]?.query.expire, '2031-12-31');
  });

  it('refuses an empty custom field name', async () => {
    const { client: api, requests } = client(() => ok());
    await assert.rejects(api.asset.setMeta({ rid: 'r1', custom: { '': 'x' } }), TypeError);
    assert.equal(requests.length, 0);
  });
});

describe('token placement', () => {
  it('sends an application or temporary token as api_token', async () => {
    const { client: api, requests } = client(() => ok({ token: 'tmp2', expires: null }));
    const temp = await api.token.getTemp({ permissions: ['gallery.read'] });
    await api.withToken(temp.token).gallery.list();
    assert.equal(requests[0]?.query.api_token, 'tok');
    assert.equal(requests[1]?.query.api_token, 'tmp2');
    assert.equal(requests[1]?.query.upload_token, undefined);
  });

  it('sends an upload token as upload_token and never as api_token', async () => {
    const { client: api, requests } = client(() => ok(), { token: undefined, uploadToken: 'up1' });
    await api.gallery.getItems({ fid: 'f1' });
    await api.withToken('tok').withUploadToken('up2').asset.getUploadUrl({ fid: 'f1' });
    assert.deepEqual(requests[0]?.query, { upload_token: 'up1', fid: 'f1' });
    assert.deepEqual(requests[1]?.query, { upload_token: 'up2', fid: 'f1' });
  });

  it('builds the upload.iframe URL with the client credentials', () => {
    const apiClient = new GalleryClient({ baseUrl: BASE, token: 'tok' });
    assert.equal(apiClient.upload.iframeUrl({ fid: 'f1' }).href, `${BASE}upload.iframe?api_token=tok&fid=f1`);
    const frame = apiClient.withUploadToken('up1').upload.iframeUrl();
    assert.equal(frame.href, `${BASE}upload.iframe?upload_token=up1`);
  });
});

describe('ApiError mapping', () => {
  const decided: [number, string][] = [
    [400, 'missing_parameter'],
    [400, 'invalid_parameter'],
    [403, 'invalid_token'],
    [403, 'token_expired'],
    [403, 'permission_denied'],
    [403, 'ip_not_allowed'],
    [404, 'not_found'],
    [409, 'conflict'],
    [413, 'too_large'],
    [429, 'rate_limited'],
    [500, 'internal'],
  ];
  for (const [status, code] of decided) {
    it(`turns HTTP ${status} ${code} into an ApiError with that status, code, message and operation`, async () => {
      const { client: api } = client(() => fail(status, code, `why ${code}`), { retries: 0 });
      const error = await rejection(api.portal.rename({ from: 'a', to: 'b' }));
      assert.ok(error instanceof ApiError);
      assert.equal(error.name, 'ApiError');
      assert.deepEqual(
        [error.status, error.code, error.message, error.operation],
        [status, code, `why ${code}`, 'portal.rename'],
      );
      assert.equal(error.transient, status === 429 || status >= 500);
    });
  }

  it('falls back to the decided code of the status when the body has none', async () => {
    const cases: [number, string][] = [
      [400, 'invalid_parameter'],
      [403, 'permission_denied'],
      [404, 'not_found'],
      [409, 'conflict'],
      [413, 'too_large'],
      [429, 'rate_limited'],
      [502, 'internal'],
    ];
    for (const [status, code] of cases) {
      const { client: api } = client(() => json({ success: false }, status), { retries: 0 });
      const error = await rejection(api.gallery.list());
      assert.ok(error instanceof ApiError);
      assert.deepEqual([error.status, error.code], [status, code]);
    }
  });

  it('calls a non-JSON answer and a 200 without success an invalid_response', async () => {
    const { client: api } = client((_r, i) => (i === 0 ? new Response('<html>') : json({ ok: 1 })), {
      retries: 0,
    });
    const notJson = await rejection(api.ping());
    const noEnvelope = await rejection(api.ping());
    for (const error of [notJson, noEnvelope]) {
      assert.ok(error instanceof ApiError);
      assert.deepEqual([error.status, error.code], [200, 'invalid_response']);
    }
  });

  it('maps an upload.iframe failure (JSON body) to an ApiError', async () => {
    const { client: api } = client(() => fail(404, 'not_found', 'Gallery f9 not found'));
    const error = await rejection(api.upload.iframe({ fid: 'f9' }));
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.operation], [404, 'not_found', 'upload.iframe']);
  });

  it('reports an unreachable service as network_error with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client: api, requests } = client(() => Promise.reject(cause), { retries: 1 });
    const error = await rejection(api.gallery.list());
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code], [0, 'network_error']);
    assert.equal(error.cause, cause);
    assert.equal(requests.length, 2);
  });

  it('gives up after timeoutMs with code timeout', async () => {
    const { client: api } = client(() => never(), { timeoutMs: 30, retries: 0 });
    const error = await rejection(api.ping());
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code], [0, 'timeout']);
  });
});

describe('retry policy', () => {
  it('retries a read after 500, 429 and network errors, then succeeds', async () => {
    const { client: api, requests } = client(
      (_r, i) => {
        if (i === 0) return fail(500, 'internal');
        if (i === 1) return fail(429, 'rate_limited', 'slow down', { 'retry-after': '0' });
        if (i === 2) return Promise.reject(new TypeError('reset'));
        return ok({ tag_cloud: {} });
      },
      { retries: 3 },
    );
    const result = await api.asset.getTags();
    assert.deepEqual(result.tag_cloud, {});
    assert.equal(requests.length, 4);
  });

  it('waits as long as Retry-After says before the next attempt', async () => {
    const times: number[] = [];
    const { client: api } = client((_r, i) => {
      times.push(performance.now());
      return i === 0 ? fail(429, 'rate_limited', 'wait', { 'retry-after': '0.2' }) : ok();
    });
    await api.portal.list();
    const waited = (times[1] ?? 0) - (times[0] ?? 0);
    assert.ok(waited >= 190, `waited ${waited} ms`);
  });

  it('never retries before a Retry-After longer than maxRetryAfterMs: rejects with the 429 and its retryAfter', async () => {
    const { client: api, requests } = client(
      () => fail(429, 'rate_limited', 'wait', { 'retry-after': '120' }),
      { retries: 3, maxRetryDelayMs: 20 },
    );
    const error = await rejection(api.webhook.list());
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfter, 120);
    assert.equal(requests.length, 1);
  });

  it('waits out a Retry-After longer than the backoff cap when maxRetryAfterMs allows it', async () => {
    const times: number[] = [];
    const { client: api } = client(
      (_r, i) => {
        times.push(performance.now());
        return i === 0 ? fail(429, 'rate_limited', 'wait', { 'retry-after': '0.15' }) : ok();
      },
      { maxRetryDelayMs: 10, maxRetryAfterMs: 1000 },
    );
    await api.portal.list();
    const waited = (times[1] ?? 0) - (times[0] ?? 0);
    assert.ok(waited >= 140, `waited ${waited} ms`);
  });

  it('keeps the defaults for options passed as undefined, and refuses negative ones', async () => {
    const { client: api, requests } = client(
      (_r, i) => (i < 2 ? fail(500, 'internal') : ok({ tag_cloud: {} })),
      {
        retries: undefined,
        retryDelayMs: 1,
      },
    );
    assert.deepEqual((await api.asset.getTags()).tag_cloud, {});
    assert.equal(requests.length, 3);
    assert.throws(
      () => new GalleryClient({ baseUrl: BASE, token: 't', retries: -1 }),
      (error: unknown) => error instanceof TypeError && /retries/.test(error.message),
    );
    assert.throws(
      () => new GalleryClient({ baseUrl: BASE, token: 't', timeoutMs: Number.NaN }),
      (error: unknown) => error instanceof TypeError && /timeoutMs/.test(error.message),
    );
  });

  it('stops after the configured number of retries with the last error', async () => {
    const { client: api, requests } = client((_r, i) => fail(500, 'internal', `attempt ${i}`), {
      retries: 2,
    });
    const error = await rejection(api.live.list());
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'attempt 2');
    assert.equal(requests.length, 3);
  });

  it('does not retry failures a retry cannot fix (400, 403, 404, 409, 413)', async () => {
    for (const [status, code] of [
      [400, 'invalid_parameter'],
      [403, 'invalid_token'],
      [404, 'not_found'],
      [409, 'conflict'],
      [413, 'too_large'],
    ] as const) {
      const { client: api, requests } = client(() => fail(status, code));
      await rejection(api.gallery.list());
      assert.equal(requests.length, 1, `HTTP ${status}`);
    }
  });

  it('retries a write only when the call or the client opts in', async () => {
    const flaky: Responder = (_r, i) => (i === 0 ? fail(500, 'internal') : ok({ fid: 'f1' }));
    const plain = client(flaky);
    await rejection(plain.client.gallery.create({ name: 'x' }));
    assert.equal(plain.requests.length, 1);

    const perCall = client(flaky);
    await perCall.client.gallery.create({ name: 'x' }, { retry: true });
    assert.equal(perCall.requests.length, 2);

    const wholeClient = client(flaky, { retryWrites: true });
    await wholeClient.client.live.start({ liveid: 'l1' });
    assert.equal(wholeClient.requests.length, 2);

    const optOut = client(flaky);
    await rejection(optOut.client.gallery.list({}, { retry: false }));
    assert.equal(optOut.requests.length, 1);
  });

  it('does not retry a write after a network error', async () => {
    const { client: api, requests } = client(() => Promise.reject(new TypeError('reset')));
    const error = await rejection(api.asset.delete({ rid: 'r1' }));
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'network_error');
    assert.equal(requests.length, 1);
  });
});

describe('abort', () => {
  it('rejects with the signal reason when aborted during the request', async () => {
    const controller = new AbortController();
    const { client: api } = client(() => {
      setTimeout(() => controller.abort(), 5);
      return never();
    });
    const error = await rejection(api.gallery.getItems({ fid: 'f1' }, { signal: controller.signal }));
    assert.ok(error instanceof DOMException);
    assert.equal(error.name, 'AbortError');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { client: api, requests } = client(() => ok());
    const error = await rejection(api.ping({ signal: AbortSignal.abort() }));
    assert.equal((error as Error).name, 'AbortError');
    assert.equal(requests.length, 0);
  });

  it('stops waiting between retries when aborted, without another attempt', async () => {
    const controller = new AbortController();
    const { client: api, requests } = client(
      () => {
        setTimeout(() => controller.abort(new Error('user left')), 5);
        return fail(500, 'internal');
      },
      { retryDelayMs: 5000, maxRetryDelayMs: 5000 },
    );
    const started = performance.now();
    const error = await rejection(api.asset.list({}, { signal: controller.signal }));
    assert.equal((error as Error).message, 'user left');
    assert.equal(requests.length, 1);
    assert.ok(performance.now() - started < 1000);
  });
});

/** A fake paged service: `pages` pages of `perPage` numbered items, shaped per operation. */
function pagedResponder(
  op: 'gallery.list' | 'gallery.get_items' | 'asset.list',
  pages: number,
  perPage = 2,
): Responder {
  return (request) => {
    const page = Number(request.query.page ?? 1);
    const items =
      page <= pages ? Array.from({ length: perPage }, (_, i) => ({ n: (page - 1) * perPage + i })) : [];
    if (op === 'gallery.list') {
      const rows = items.map((i) => ({ fid: `f${i.n}` }));
      return ok({ galleries: rows, items_data: { page, items_per_page: perPage, page_count: pages } });
    }
    const rows = items.map((i) => ({ rid: `r${i.n}` }));
    const items_data = { page, items_per_page: perPage, items_count: pages * perPage, pages_count: pages };
    return op === 'asset.list'
      ? ok({ items: rows, items_data })
      : ok({ fid: 'f1', folder: { items: rows, items_data } });
  };
}

describe('paging iterators', () => {
  it('gallery.iterateItems walks 3 pages of folder.items and stops at pages_count', async () => {
    const { client: api, requests } = client(pagedResponder('gallery.get_items', 3));
    const rids: string[] = [];
    for await (const item of api.gallery.iterateItems({ fid: 'f1', items_per_page: 2 })) rids.push(item.rid);
    assert.deepEqual(rids, ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    assert.deepEqual(
      requests.map((r) => [r.url.pathname, r.query.fid, r.query.page, r.query.items_per_page]),
      [1, 2, 3].map((p) => ['/v2/gallery.get_items.json', 'f1', String(p), '2']),
    );
  });

  it('gallery.iterateList walks 3 pages of galleries and stops at page_count', async () => {
    const { client: api, requests } = client(pagedResponder('gallery.list', 3));
    const fids: string[] = [];
    for await (const entry of api.gallery.iterateList({ search: 'x' })) fids.push(entry.fid);
    assert.deepEqual(fids, ['f0', 'f1', 'f2', 'f3', 'f4', 'f5']);
    assert.deepEqual(
      requests.map((r) => [r.query.page, r.query.search]),
      [
        ['1', 'x'],
        ['2', 'x'],
        ['3', 'x'],
      ],
    );
  });

  it('asset.iterateList walks 3 pages of items and stops at pages_count', async () => {
    const { client: api, requests } = client(pagedResponder('asset.list', 3));
    const rids: string[] = [];
    for await (const asset of api.asset.iterateList({ type: 'image' })) rids.push(asset.rid);
    assert.equal(rids.length, 6);
    assert.equal(requests.length, 3);
    assert.ok(requests.every((r) => r.query.type === 'image'));
  });

  it('page-level iterators yield each whole response, starting at the given page', async () => {
    const galleries = client(pagedResponder('gallery.list', 3));
    const pages: number[] = [];
    for await (const response of galleries.client.gallery.listPages()) pages.push(response.items_data.page);
    assert.deepEqual(pages, [1, 2, 3]);

    const items = client(pagedResponder('gallery.get_items', 3));
    const itemPages: number[] = [];
    for await (const r of items.client.gallery.itemPages({ fid: 'f1', page: 2 })) {
      itemPages.push(r.folder.items_data.page);
    }
    assert.deepEqual(itemPages, [2, 3]);

    const assets = client(pagedResponder('asset.list', 3));
    let count = 0;
    for await (const r of assets.client.asset.listPages()) count += r.items.length;
    assert.equal(count, 6);
  });

  it('stops at an empty page even when the page count says more, and at once when there is nothing', async () => {
    const liar = client((request) =>
      ok({
        items: request.query.page === '1' ? [{ rid: 'a' }] : [],
        items_data: { page: Number(request.query.page), pages_count: 50 },
      }),
    );
    const rids: string[] = [];
    for await (const asset of liar.client.asset.iterateList()) rids.push(asset.rid);
    assert.deepEqual(rids, ['a']);
    assert.equal(liar.requests.length, 2);

    const empty = client(pagedResponder('gallery.get_items', 0));
    for await (const _ of empty.client.gallery.iterateItems({ fid: 'f1' })) assert.fail('no items expected');
    assert.equal(empty.requests.length, 1);
  });

  it('stops fetching when the loop breaks early', async () => {
    const { client: api, requests } = client(pagedResponder('gallery.get_items', 3));
    for await (const item of api.gallery.iterateItems({ fid: 'f1' })) {
      if (item.rid === 'r2') break;
    }
    assert.equal(requests.length, 2);
  });

  it('rejects with the abort reason and fetches no further page when aborted between pages', async () => {
    const controller = new AbortController();
    const { client: api, requests } = client(pagedResponder('gallery.get_items', 3));
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const item of api.gallery.iterateItems({ fid: 'f1' }, { signal: controller.signal })) {
          seen.push(item.rid);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    assert.equal((error as Error).name, 'AbortError');
    assert.deepEqual(seen, ['r0', 'r1']);
    assert.equal(requests.length, 1);
  });

  it('rejects when aborted while a page is loading', async () => {
    const controller = new AbortController();
    const { client: api, requests } = client((request, i) => {
      if (i === 0) return pagedResponder('asset.list', 3)(request, i);
      setTimeout(() => controller.abort(), 5);
      return never();
    });
    const pages: number[] = [];
    const error = await rejection(
      (async () => {
        for await (const r of api.asset.listPages({}, { signal: controller.signal }))
          pages.push(r.items_data.page);
      })(),
    );
    assert.equal((error as Error).name, 'AbortError');
    assert.deepEqual(pages, [1]);
    assert.equal(requests.length, 2);
  });
});

describe('uploadFile', () => {
  const uploadUrl = 'http://api.test/upload?uid=a&d=9&hash=h&addtofid=f1';

  it('POSTs multipart with the file in the field file and the metadata fields, reporting progress', async () => {
    const fake = fakeFetch(() => ok({ rid: 'r1', asset: { rid: 'r1' } }));
    const progress: [number, number][] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const result = await uploadFile(
      uploadUrl,
      file,
      { caption: 'Sea', tags: ['a', 'b'], reference_id: 'x1' },
      { fetch: fake.fetch, onProgress: (p) => progress.push([p.loaded, p.total]) },
    );
    assert.equal(result.rid, 'r1');
    const [request] = fake.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.url.href, uploadUrl);
    const form = request?.body as FormData;
    assert.ok(form instanceof FormData);
    assert.deepEqual([form.get('caption'), form.get('tags'), form.get('reference_id')], ['Sea', 'a,b', 'x1']);
    const sent = form.get('file') as File;
    assert.equal(sent.name, 'a.png');
    assert.deepEqual(new Uint8Array(await sent.arrayBuffer()), new Uint8Array([1, 2, 3]));
    assert.deepEqual(progress, [
      [0, 3],
      [3, 3],
    ]);
  });

  it('names a bare Blob and adds the upload token of an upload-token client', async () => {
    const fake = fakeFetch(() => ok({ rid: 'r1', asset: {} }));
    const api = new GalleryClient({ baseUrl: BASE, uploadToken: 'up1', fetch: fake.fetch });
    await api.upload.file(uploadUrl, new Blob(['hi']), {}, { filename: 'note.txt' });
    await api.upload.file(uploadUrl, new Blob(['hi']));
    assert.equal(fake.requests[0]?.query.upload_token, 'up1');
    assert.equal(fake.requests[0]?.query.hash, 'h');
    assert.equal(((fake.requests[0]!.body as FormData).get('file') as File).name, 'note.txt');
    assert.equal(((fake.requests[1]!.body as FormData).get('file') as File).name, 'file');
  });

  it('does not send an upload token from an api_token client', async () => {
    const fake = fakeFetch(() => ok({ rid: 'r1', asset: {} }));
    const api = new GalleryClient({ baseUrl: BASE, token: 'tok', uploadToken: 'up1', fetch: fake.fetch });
    await api.upload.file(uploadUrl, new Blob(['hi']));
    assert.equal(fake.requests[0]?.query.upload_token, undefined);
    assert.equal(fake.requests[0]?.query.api_token, undefined);
  });

  it('rejects with an ApiError for a refused upload and is never retried', async () => {
    const fake = fakeFetch(() => fail(413, 'too_large', 'too big'));
    const error = await rejection(uploadFile(uploadUrl, new Blob(['x']), {}, { fetch: fake.fetch }));
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.operation], [413, 'too_large', 'upload']);
    assert.equal(fake.requests.length, 1);
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const fake = fakeFetch(() => {
      setTimeout(() => controller.abort(), 5);
      return never();
    });
    const error = await rejection(
      uploadFile(uploadUrl, new Blob(['x']), {}, { fetch: fake.fetch, signal: controller.signal }),
    );
    assert.equal((error as Error).name, 'AbortError');
  });
});

describe('asset.waitForUploadFromUrl', () => {
  it('polls the status until done and reports each status seen', async () => {
    const states = ['queued', 'inprogress', 'inprogress', 'done'];
    const { client: api, requests } = client((_r, i) =>
      ok({
        status: states[i],
        progress: i * 30,
        progress_bytes: i,
        file_size_bytes: -1,
        resid: i === 3 ? 'r7' : '',
      }),
    );
    const seen: string[] = [];
    const final = await api.asset.waitForUploadFromUrl(
      { status_id: 's1' },
      { intervalMs: 1, onStatus: (s) => seen.push(s.status) },
    );
    assert.deepEqual([final.status, final.resid], ['done', 'r7']);
    assert.deepEqual(seen, states);
    assert.ok(
      requests.every((r) => r.query.status_id === 's1' && r.url.pathname.endsWith('_get_status.json')),
    );
  });

  it('resolves with a failed status rather than throwing', async () => {
    const { client: api } = client(() => ok({ status: 'failed', message: 'HTTP 404 from the input URL' }));
    const final = await api.asset.waitForUploadFromUrl({ status_id: 's1' }, { intervalMs: 1 });
    assert.deepEqual([final.status, final.message], ['failed', 'HTTP 404 from the input URL']);
  });

  it('gives up with an ApiError timeout after timeoutMs', async () => {
    const { client: api } = client(() => ok({ status: 'inprogress' }));
    const error = await rejection(
      api.asset.waitForUploadFromUrl({ status_id: 's1' }, { intervalMs: 5, timeoutMs: 30 }),
    );
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'timeout');
  });

  it('stops polling when aborted', async () => {
    const controller = new AbortController();
    const { client: api, requests } = client(() => {
      setTimeout(() => controller.abort(), 5);
      return ok({ status: 'queued' });
    });
    const error = await rejection(
      api.asset.waitForUploadFromUrl({ status_id: 's1' }, { intervalMs: 5000, signal: controller.signal }),
    );
    assert.equal((error as Error).name, 'AbortError');
    assert.equal(requests.length, 1);
  });
});
