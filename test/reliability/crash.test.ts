// Crash safety: the server process is killed with SIGKILL in the middle of 20 concurrent uploads and
// restarted on the same data dir: the database is intact, no half assets, no orphan files, every upload
// that was answered 200 is there, and every webhook event still pending at the kill arrives afterwards.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startProcess } from '../../bench/lib/processes.ts';
import { tinyPng } from '../helpers/seed.ts';
import { callApi } from '../helpers/server.ts';

const TOKEN = 'crash-test-token-0123456789';
const BIN = new URL('../../bin/gallery-server.js', import.meta.url).pathname;

async function startCli(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const { child, url } = await startProcess(
    [BIN, '--port', '0', '--data', dataDir, '--token', TOKEN],
    20_000,
  );
  return { child, baseUrl: url };
}

function dbPath(dataDir: string): string {
  return join(dataDir, readdirSync(dataDir).find((file) => /\.(sqlite|db)3?$/.test(file)) ?? '');
}

/** Posts a multipart upload slowly (so some are still streaming when the server dies). */
function slowUpload(
  url: string,
  bytes: Uint8Array,
  name: string,
  delayMs: number,
): Promise<{ status: number; body: string }> {
  const boundary = `----crash${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.from(bytes), tail]);
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
          accept: 'application/json',
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', () => resolve({ status: 0, body: text }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    const chunkSize = 8 * 1024;
    let offset = 0;
    const pump = () => {
      if (offset >= body.length) {
        req.end();
        return;
      }
      req.write(body.subarray(offset, offset + chunkSize));
      offset += chunkSize;
      setTimeout(pump, delayMs);
    };
    pump();
  });
}

describe('crash safety', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-crash-'));
  let child: ChildProcess | undefined;
  let receiver: Server | undefined;
  after(() => {
    child?.kill('SIGKILL');
    receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives SIGKILL during 20 concurrent uploads with nothing half-done or lost', async () => {
    const events = new Map<string, { event: string; rid?: string }>();
    // The receiver refuses every delivery until the first server is dead, so none can be done before the
    // kill: whatever arrives later was sent by the restarted server from the queue in the database.
    let accepting = false;
    let refused = 0;
    receiver = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
        if (!accepting) {
          refused++;
          response.writeHead(500).end();
          return;
        }
        const delivery = JSON.parse(text);
        events.set(delivery.id, delivery);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    let started = await startCli(dataDir);
    child = started.child;
    const call = (op: string, params: Record<string, string> = {}) =>
      callApi(started.baseUrl, op, params, { token: TOKEN, method: 'POST' });
    assert.equal(
      (await call('webhook.set', { hook_url: hookUrl, security_key: 'k', events: 'asset' })).status,
      200,
    );
    const gallery = await call('gallery.create', { name: 'Crash' });
    const fid: string = gallery.body.fid;

    // 10 quick uploads finish before the kill, 10 slow ones are cut off by it.
    const image = tinyPng(64, 48);
    const padded = new Uint8Array(image.length + 200 * 1024);
    padded.set(image);
    const uploads: Promise<{ status: number; body: string }>[] = [];
    for (let i = 0; i < 20; i++) {
      const url = (await call('asset.get_upload_url', { fid })).body.upload_url as string;
      uploads.push(slowUpload(url, i < 10 ? image : padded, `file-${i}.png`, i < 10 ? 0 : 40));
    }
    const quick = await Promise.all(uploads.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const results = [...quick, ...(await Promise.all(uploads.slice(10)))];
    const completed = results
      .filter((result) => result.status === 200)
      .map((result) => JSON.parse(result.body).rid as string);
    assert.ok(completed.length >= 10, `${completed.length} uploads completed before the kill`);
    assert.ok(completed.length < 20, 'some uploads were cut off by the kill');

    // The deliveries were tried, refused and are still queued in the dead server's database.
    assert.ok(refused > 0, 'the receiver was never called before the kill');
    assert.equal(events.size, 0);
    const pending = new Map<string, { event: string; rid?: string }>();
    const killed = new Database(dbPath(dataDir), { readonly: true });
    try {
      const rows = killed.prepare('SELECT id, event, body FROM webhook_deliveries').all() as {
        id: string;
        event: string;
        body: string;
      }[];
      for (const row of rows) pending.set(row.id, { event: row.event, rid: JSON.parse(row.body).rid });
    } finally {
      killed.close();
    }
    const pendingUploads = new Set(
      [...pending.values()].filter((p) => p.event === 'asset.uploaded').map((p) => p.rid),
    );
    for (const rid of completed) assert.ok(pendingUploads.has(rid), `no queued asset.uploaded for ${rid}`);
    accepting = true;

    started = await startCli(dataDir);
    child = started.child;
    // Every answered upload is there, in the gallery.
    const items = await callApi(
      started.baseUrl,
      'gallery.get_items',
      { fid, items_per_page: 100 },
      { token: TOKEN },
    );
    const rids = new Set((items.body.folder.items as { rid: string }[]).map((item) => item.rid));
    for (const rid of completed) assert.ok(rids.has(rid), `completed upload ${rid} is missing`);

    // Every asset has its whole file; every file belongs to an asset; nothing left in tmp.
    const db = new Database(dbPath(dataDir), { readonly: true });
    try {
      assert.equal(
        (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
        'ok',
      );
      const assets = db.prepare('SELECT rid, storage_key, filesize FROM assets').all() as {
        rid: string;
        storage_key: string;
        filesize: number;
      }[];
      for (const asset of assets) {
        const path = join(dataDir, 'media', asset.storage_key);
        assert.ok(existsSync(path), `asset ${asset.rid} has no file`);
        assert.equal(statSync(path).size, asset.filesize, `asset ${asset.rid} file is incomplete`);
      }
      const known = new Set(assets.map((asset) => asset.rid));
      const mediaDir = join(dataDir, 'media');
      for (const dir of existsSync(mediaDir) ? readdirSync(mediaDir) : []) {
        assert.ok(known.has(dir), `orphan media folder ${dir}`);
      }
      const tmp = join(dataDir, 'tmp');
      assert.deepEqual(existsSync(tmp) ? readdirSync(tmp) : [], [], 'tmp is emptied at start-up');
    } finally {
      db.close();
    }

    // Every event queued before the kill arrives (at least once; de-duplicated by delivery id). Retries
    // back off (1 s, then 10 s; 15 s for a try the kill interrupted), hence the long wait.
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline && ![...pending.keys()].every((id) => events.has(id))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const [id, { event, rid }] of pending) {
      const arrived = events.get(id);
      assert.ok(arrived, `delivery ${id} (${event} ${rid}) queued before the kill never arrived`);
      assert.equal(arrived.event, event);
    }
    console.log(
      `crash: ${completed.length} uploads answered, ${pending.size} deliveries queued at the kill ` +
        `after ${refused} refused tries, ${events.size} distinct deliveries after the restart`,
    );
    const uploadedRids = new Set(
      [...events.values()].filter((e) => e.event === 'asset.uploaded').map((e) => e.rid),
    );
    for (const rid of completed) assert.ok(uploadedRids.has(rid), `no asset.uploaded event for ${rid}`);
    child.kill('SIGTERM');
  });
});
