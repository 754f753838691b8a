// Hostile input over every operation, upload.iframe and the upload POST: random, missing, oversized (1 MB),
// unicode, NUL-bearing, repeated and wrongly typed parameters, real ids mixed in, broken multipart bodies.
// Never a 500, never a crash, always the JSON envelope (the frame page excepted), and a refused call leaves
// the database exactly as it was. A fixed number of requests from a seeded PRNG: FUZZ_SEED replays a run.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { seededRandom } from '../../server/random.ts';
import { signUploadUrl } from '../../server/services/upload-urls.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { OPERATIONS, type OperationInfo } from './operations.ts';
import { hostileUpload } from './upload-bodies.ts';

/** Each round calls every operation once and the upload POST this many times. */
const ROUNDS = 64;
const UPLOADS_PER_ROUND = 10;
const MIN_REQUESTS = 3000;
const MAX_UPLOAD_BYTES = 1024 * 1024;
/** Simulated time per request: live streams move from starting to live within a few requests. */
const TICK_MS = 250;

const CORPUS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  'NaN',
  'yes',
  'no',
  'YES',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '{"a":',
  '["a","b"]',
  'a,b,,c',
  ',,,',
  '../../etc/passwd',
  '..%2F..%2Fx',
  '/absolute/path',
  'C:\\windows\\system32',
  'x\u0000y',
  '\u0000',
  '\ud83d\ude00 emoji',
  'e\u0301\u202e rtl',
  '\ud800',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  'Robert"); DROP TABLE assets;--',
  '%s%s%n',
  'http://127.0.0.1:1/x',
  'https://127.0.0.1:1/',
  'ftp://127.0.0.1/x',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '*',
  '|||',
  'gallery.*|asset.read',
  '2026-13-45',
  '2026-02-29',
  '999.999.999.999',
  '::1',
  'top',
  'bottom',
  'poster',
  'subtitle-en',
  'notags',
  '__proto__',
  'a'.repeat(256),
  'b'.repeat(1001),
];

/** Parameters that name something: a real one of these (harvested from answers) is mixed in. */
const KIND_OF_PARAM: Record<string, string> = {
  fid: 'fid',
  master: 'fid',
  copy_args: 'fid',
  copy_items: 'fid',
  rid: 'rid',
  liveid: 'liveid',
  status_id: 'status_id',
  hook_url: 'hook_url',
  subdomain: 'subdomain',
  from: 'subdomain',
  to: 'subdomain',
  input: 'file_url',
  rrid: 'rrid',
};
const POOL_SIZE = 40;

interface Reply {
  status: number;
  contentType: string;
  text: string;
}

/** One request over node:http: a server that answers early (413) and closes is still heard. */
function send(
  url: string,
  method: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      url,
      {
        method,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: 15_000,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within 15 s: ${method} ${url.slice(0, 200)}`)));
    // Writing the rest of a body the server already refused may fail: only a missing answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

describe('fuzzing every operation', () => {
  let t: TestServer;
  const clock = new ManualClock();
  const pools = new Map<string, string[]>();
  const image = tinyPng(6, 5);

  const remember = (kind: string, value: string) => {
    const pool = pools.get(kind) ?? [];
    if (pool.includes(value)) return;
    pool.push(value);
    if (pool.length > POOL_SIZE) pool.shift();
    pools.set(kind, pool);
  };

  /** Collects the ids a successful answer names, so later calls hit things that exist. */
  function harvest(node: unknown): void {
    if (Array.isArray(node)) for (const item of node) harvest(item);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && value !== '') {
        if (['fid', 'rid', 'liveid', 'status_id', 'subdomain', 'hook_url', 'upload_token'].includes(key))
          remember(key, value);
        if (key === 'resid') remember('rid', value);
        if (key === 'url' && value.startsWith(`${t.origin}/files/`)) remember('file_url', value);
      } else harvest(value);
    }
  }

  /** Lets background work started by earlier calls finish: versions, URL imports (and what they ingest). */
  async function settle(): Promise<void> {
    const { db } = t.server.ctx;
    const unfinished = db.prepare(
      "SELECT COUNT(*) AS n FROM url_imports WHERE status IN ('queued', 'inprogress')",
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      await t.server.services.versions.idle();
      if ((unfinished.get() as { n: number }).n === 0) {
        await t.server.services.versions.idle();
        return;
      }
      assert.ok(Date.now() < deadline, 'URL imports did not settle within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /**
   * Everything the server stores, as one digest. Only `webhook_deliveries` is left out: the delivery worker
   * drains it on its own timers and network answers, whatever the request in hand does. The live tables
   * are in: their clock-driven moves (starting -> live, resetting -> idle) run on the ManualClock, which
   * moves only between requests, and are applied by live.list() before the digest is taken. Versions and
   * URL imports are in too: settle() waits for their workers first.
   */
  function digest(): string {
    const { db } = t.server.ctx;
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
      }[]
    )
      .map((row) => row.name)
      .filter((name) => name !== 'webhook_deliveries');
    const hash = createHash('sha256');
    for (const table of tables) {
      hash.update(table);
      for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all())
        hash.update(JSON.stringify(row));
    }
    return hash.digest('hex');
  }

  before(async () => {
    t = await startTestServer({
      maxUploadBytes: MAX_UPLOAD_BYTES,
      clock,
      skipDnsChecks: true,
      urlImportStallMs: 2000,
      webhookTimeoutMs: 1000,
    });
    // Things that exist, so hostile calls also meet real galleries, assets, streams, portals and hooks.
    for (const name of ['Fuzz one', 'Fuzz two']) {
      const gallery = await createGallery(t, name);
      remember('fid', gallery.fid);
      const upload = await uploadFile(gallery.upload_url, {
        name: 'seed.png',
        bytes: image,
        mime: 'image/png',
      });
      harvest(upload.body);
      harvest((await t.call('upload.get_upload_token', { fid: gallery.fid })).body);
    }
    harvest((await t.call('live.create', { name: 'Fuzz stream' })).body);
    harvest((await t.call('portal.set', { subdomain: 'fuzz-portal' }, { method: 'POST' })).body);
    remember('subdomain', 'fuzz-portal');
    const hook = { hook_url: 'http://127.0.0.1:1/fuzz', security_key: 'k' };
    assert.equal((await t.call('webhook.set', hook, { method: 'POST' })).status, 200);
    remember('hook_url', hook.hook_url);
    for (const rrid of ['fuzz-rrid', 'x'.repeat(255)]) remember('rrid', rrid);
  });
  after(() => t.close());

  it('answers a few thousand hostile calls and uploads with JSON, never a 500, and changes nothing when it refuses', {
    timeout: 300_000,
  }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const next = seededRandom(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const statuses = new Map<number, number>();
    const refusals = new Map<string, number>();
    let requests = 0;

    function value(): string {
      const roll = next();
      if (roll < 0.03) return 'x'.repeat(1024 * 1024); // 1 MB
      if (roll < 0.15)
        return String.fromCharCode(
          ...Array.from({ length: 1 + Math.floor(next() * 40) }, () => Math.floor(next() * 0xffff)),
        );
      if (roll < 0.25) return String(Math.floor((next() - 0.5) * 1e6));
      return pick(CORPUS);
    }

    function param(name: string): string {
      const known = pools.get(KIND_OF_PARAM[name] ?? '') ?? [];
      const roll = next();
      if (known.length > 0 && roll < 0.35) return pick(known);
      if (known.length > 0 && roll < 0.4) return `${pick(known)},${pick(known)}`;
      return value();
    }

    /** One exchange with its checks; `html` says when the frame page may answer HTML instead of JSON. */
    async function exchange(label: string, call: () => Promise<Reply>, html: 'never' | 'success' | 'always') {
      await settle();
      clock.advance(TICK_MS);
      t.server.services.live.list();
      const before = digest();
      const reply = await call();
      requests++;
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const context = `seed ${seed}: ${label} -> ${reply.status} ${reply.contentType} ${reply.text.slice(0, 300)}`;
      assert.ok(reply.status >= 200 && reply.status < 500, context);
      const isHtml = reply.contentType.startsWith('text/html');
      if (isHtml) {
        assert.ok(html === 'always' || (html === 'success' && reply.status === 200), `HTML: ${context}`);
        assert.match(reply.text, /^<(!doctype html|iframe )/i, context);
      } else {
        assert.match(reply.contentType, /^application\/json/, context);
        let body: { success?: unknown; code?: unknown; message?: unknown };
        try {
          body = JSON.parse(reply.text);
        } catch {
          assert.fail(`not JSON: ${context}`);
        }
        assert.equal(body.success, reply.status === 200, context);
        if (reply.status === 200) harvest(body);
        else {
          assert.equal(typeof body.code, 'string', context);
          assert.equal(typeof body.message, 'string', context);
        }
      }
      if (reply.status !== 200) {
        await settle();
        assert.equal(digest(), before, `a refused call changed the database: ${context}`);
      }
      return reply;
    }

    async function fuzzOperation(operation: OperationInfo): Promise<void> {
      const url = new URL(operation.path ?? `${operation.name}.json`, t.baseUrl);
      // Mostly a valid token, sometimes none, a wrong one, two of them, or (for the frame) an upload token.
      const tokenRoll = next();
      const uploadTokens = pools.get('upload_token') ?? [];
      if (operation.name === 'upload.iframe' && tokenRoll < 0.4 && uploadTokens.length > 0) {
        url.searchParams.append('upload_token', next() < 0.8 ? pick(uploadTokens) : value());
        if (next() < 0.1) url.searchParams.append('api_token', t.token);
      } else if (tokenRoll < 0.85) url.searchParams.append('api_token', t.token);
      else if (tokenRoll < 0.9) url.searchParams.append('api_token', value());
      else if (tokenRoll < 0.95) {
        url.searchParams.append('api_token', t.token);
        url.searchParams.append('api_token', 'second');
      }
      for (const name of [...operation.params, 'unknown_param']) {
        const roll = next();
        if (roll < 0.25) continue; // missing
        url.searchParams.append(name, param(name));
        if (roll > 0.93) url.searchParams.append(name, param(name)); // repeated
      }
      const method = next() < 0.8 ? operation.method : operation.method === 'GET' ? 'POST' : 'GET';
      const once = (name: string) => {
        const all = url.searchParams.getAll(name);
        return all.length === 1 && all[0] !== '';
      };
      // The frame page (an upload_token and no api_token) answers people, so its failures are pages.
      const html =
        operation.name !== 'upload.iframe'
          ? 'never'
          : once('upload_token') && !once('api_token')
            ? 'always'
            : 'success';
      await exchange(`${method} ${operation.name}`, () => send(url.toString(), method), html);
    }

    async function fuzzUpload(): Promise<void> {
      const rids = pools.get('rid') ?? [];
      const fids = pools.get('fid') ?? [];
      const attach = rids.length > 0 && next() < 0.2;
      const signedUrl = attach
        ? signUploadUrl(t.server.ctx, { rid: pick(rids), type: pick(['poster', 'thumb', 'subtitle-en']) })
        : signUploadUrl(t.server.ctx, { fid: fids.length > 0 ? pick(fids) : 'nofid' });
      const request = hostileUpload({
        signedUrl,
        image,
        maxBytes: MAX_UPLOAD_BYTES,
        uploadToken: pick(pools.get('upload_token') ?? ['none']),
        next,
        value,
      });
      const reply = await exchange(
        `upload (${request.variant}) ${request.method} ${request.url}`,
        () => send(request.url, request.method, request.headers, request.body),
        'never',
      );
      if (request.mustRefuse) {
        assert.notEqual(reply.status, 200, `seed ${seed}: upload '${request.variant}' was accepted`);
        refusals.set(request.variant, (refusals.get(request.variant) ?? 0) + 1);
      }
    }

    for (let round = 0; round < ROUNDS; round++) {
      for (const operation of OPERATIONS) await fuzzOperation(operation);
      for (let i = 0; i < UPLOADS_PER_ROUND; i++) await fuzzUpload();
    }

    // The server is still up and answers normally; refused uploads left no files behind.
    assert.equal((await t.call('ping')).status, 200);
    await settle();
    const tmp = join(t.dataDir, 'tmp');
    assert.deepEqual(existsSync(tmp) ? readdirSync(tmp) : [], [], 'temporary upload files are left over');
    const rids = new Set(
      (t.server.ctx.db.prepare('SELECT rid FROM assets').all() as { rid: string }[]).map((row) => row.rid),
    );
    const media = join(t.dataDir, 'media');
    for (const dir of existsSync(media) ? readdirSync(media) : [])
      assert.ok(rids.has(dir), `media folder ${dir} belongs to no asset`);
    console.log(
      `fuzz: seed ${seed}, ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `refused upload variants ${JSON.stringify(Object.fromEntries(refusals))}`,
    );
    assert.ok(requests >= MIN_REQUESTS, `only ${requests} requests`);
    assert.ok((statuses.get(200) ?? 0) > 0, 'no call succeeded: the fuzz never got past validation');
  });
});
