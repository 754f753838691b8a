// Crash safety: the server process is killed with SIGKILL in the middle of 20 concurrent uploads and
// restarted on the same data dir: the database is intact, no half assets, no orphan files, every upload
// that was answered 200 is there, and its webhook event still arrives.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { tinyPng } from '../helpers/seed.ts';
import { callApi } from '../helpers/server.ts';

const TOKEN = 'crash-test-token-0123456789';
const BIN = new URL('../../bin/gallery-server.js', import.meta.url).pathname;

async function startCli(dataDir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--data', dataDir, '--token', TOKEN], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, baseUrl };
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
    const events = new Map<string, { event: string; data: { rid?: string } }>();
    receiver = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
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
    child.kill('SIGKILL');
    const results = [...quick, ...(await Promise.all(uploads.slice(10)))];
    const completed = results
      .filter((result) => result.status === 200)
      .map((result) => JSON.parse(result.body).rid as string);
    assert.ok(completed.length >= 10, `${completed.length} uploads completed before the kill`);
    assert.ok(completed.length < 20, 'some uploads were cut off by the kill');

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
    const db = new Database(
      join(dataDir, readdirSync(dataDir).find((file) => /\.(sqlite|db)3?$/.test(file)) ?? ''),
      {
        readonly: true,
      },
    );
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

    // The webhook event of every completed upload arrives (at least once, de-duplicated by id).
    const deadline = Date.now() + 20_000;
    const uploadedRids = () =>
      new Set([...events.values()].filter((e) => e.event === 'asset.uploaded').map((e) => e.data.rid));
    while (Date.now() < deadline && !completed.every((rid) => uploadedRids().has(rid))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const rid of completed) assert.ok(uploadedRids().has(rid), `no asset.uploaded event for ${rid}`);
    child.kill('SIGTERM');
  });
});
