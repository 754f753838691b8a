// Hostile input over every operation: random, missing, oversized (1 MB), unicode, NUL-bearing, repeated
// and wrongly typed parameters. Never a 500, never a crash, always the JSON envelope, and a rejected call
// leaves the database exactly as it was. Bounded in count and time; the seed is printed for replay.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { seededRandom } from '../../server/random.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { OPERATIONS } from './operations.ts';

const ROUNDS_PER_OPERATION = 70;
const TIME_LIMIT_MS = 90_000;

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
  'a'.repeat(256),
  'b'.repeat(1001),
];

function value(next: () => number): string {
  const roll = next();
  if (roll < 0.03) return 'x'.repeat(1024 * 1024); // 1 MB
  if (roll < 0.15)
    return String.fromCharCode(
      ...Array.from({ length: 1 + Math.floor(next() * 40) }, () => Math.floor(next() * 0xffff)),
    );
  if (roll < 0.25) return String(Math.floor((next() - 0.5) * 1e6));
  return CORPUS[Math.floor(next() * CORPUS.length)] ?? '';
}

/** Everything the API stores, as one digest (tables filled by background work are left out). */
function digest(t: TestServer): string {
  const db = t.server.ctx.db;
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  )
    .map((row) => row.name)
    .filter((name) => !/^(sqlite_|schema_migrations)|deliver|queue|import|version|live/.test(name));
  const hash = createHash('sha256');
  for (const table of tables) {
    hash.update(table);
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all())
      hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

describe('fuzzing every operation', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ maxUploadBytes: 1024 * 1024 });
  });
  after(() => t.close());

  it('answers hostile parameters with JSON, never a 500, and changes nothing when it refuses', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const next = seededRandom(seed);
    const started = Date.now();
    const statuses = new Map<number, number>();
    let requests = 0;
    for (let round = 0; round < ROUNDS_PER_OPERATION && Date.now() - started < TIME_LIMIT_MS; round++) {
      for (const operation of OPERATIONS) {
        const url = new URL(`${operation.name}.json`, t.baseUrl);
        // Mostly a valid token, sometimes none, a wrong one, or two of them.
        const tokenRoll = next();
        if (tokenRoll < 0.85) url.searchParams.append('api_token', t.token);
        else if (tokenRoll < 0.9) url.searchParams.append('api_token', value(next));
        else if (tokenRoll < 0.95) {
          url.searchParams.append('api_token', t.token);
          url.searchParams.append('api_token', 'second');
        }
        for (const name of [...operation.params, 'unknown_param']) {
          const roll = next();
          if (roll < 0.25) continue; // missing
          url.searchParams.append(name, value(next));
          if (roll > 0.93) url.searchParams.append(name, value(next)); // repeated
        }
        const method = next() < 0.8 ? operation.method : operation.method === 'GET' ? 'POST' : 'GET';
        const before = digest(t);
        const response = await fetch(url, { method, signal: AbortSignal.timeout(15_000) });
        const text = await response.text();
        requests++;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const context = `seed ${seed}: ${method} ${operation.name} -> ${response.status} ${text.slice(0, 300)}`;
        assert.notEqual(response.status, 500, context);
        assert.ok(response.status < 500, context);
        let body: { success?: unknown; code?: unknown; message?: unknown };
        try {
          body = JSON.parse(text);
        } catch {
          assert.fail(`not JSON: ${context}`);
        }
        assert.equal(body.success, response.status === 200, context);
        if (response.status !== 200) {
          assert.equal(typeof body.code, 'string', context);
          assert.equal(typeof body.message, 'string', context);
          assert.equal(digest(t), before, `a refused call changed the database: ${context}`);
        }
      }
    }
    // The server is still up and answers normally.
    assert.equal((await t.call('ping')).status, 200);
    console.log(
      `fuzz: seed ${seed}, ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    assert.ok(requests >= OPERATIONS.length * 10, `only ${requests} requests within the time limit`);
  });
});
