// asset.upload_from_url, _get_status and _abort against a local remote server on 127.0.0.1, over HTTP.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PNG = Buffer.from(tinyPng(120, 90));
const MAX_BYTES = 64 * 1024;
const HALF = Math.floor(PNG.length / 2);

/** The "remote" server: each path shows one behaviour a fetch may meet. */
class Remote {
  server: Server;
  origin = '';
  /** Responses held open by /gated and /hang, released or ended by the test. */
  private held: ServerResponse[] = [];
  private releaseGate: (() => void) | null = null;

  constructor() {
    this.server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path === '/photo.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        response.end(PNG);
      } else if (path === '/named') {
        response.writeHead(200, {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename="holiday.png"',
        });
        response.end(PNG);
      } else if (path === '/gated.png') {
        // Half the file, then wait for the test to have seen the progress.
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
        response.write(PNG.subarray(0, HALF));
        this.held.push(response);
        this.releaseGate = () => response.end(PNG.subarray(HALF));
      } else if (path === '/hang.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length * 2 });
        response.write(PNG.subarray(0, 100));
        this.held.push(response);
      } else if (path === '/page.html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><html><body>Not an image</body></html>');
      } else if (path === '/big.png') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': MAX_BYTES * 2 });
        response.end(Buffer.alloc(MAX_BYTES * 2));
      } else if (path === '/big-chunked.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG);
        response.end(Buffer.alloc(MAX_BYTES * 2));
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not here');
      }
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  release(): void {
    this.releaseGate?.();
  }

  async stop(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

async function statusOf(server: TestServer, statusId: string) {
  const { status, body } = await server.call('asset.upload_from_url_get_status', { status_id: statusId });
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

async function settle(server: TestServer, statusId: string) {
  await waitFor(async () => !['queued', 'inprogress'].includes((await statusOf(server, statusId)).status));
  return statusOf(server, statusId);
}

async function start(server: TestServer, params: Record<string, string>) {
  const { status, body } = await server.call('asset.upload_from_url', params, { method: 'POST' });
  assert.equal(status, 200, JSON.stringify(body));
  assert.equal(typeof body.status_id, 'string');
  return body.status_id as string;
}

describe('asset.upload_from_url', () => {
  const remote = new Remote();
  let server: TestServer;
  before(async () => {
    await remote.start();
    server = await startTestServer({ maxUploadBytes: MAX_BYTES, urlImportStallMs: 300 });
  });
  after(async () => {
    await server.close();
    await remote.stop();
  });

  test('fetches an image into the gallery with its caption and reports done with the new rid', async () => {
    const { fid } = await createGallery(server);
    const statusId = await start(server, { input: `${remote.origin}/photo.png`, fid, caption: 'From afar' });
    const done = await settle(server, statusId);
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal(done.progress, 100);
    assert.equal(done.progress_bytes, PNG.length);
    assert.equal(done.file_size_bytes, PNG.length);
    const { body } = await server.call('asset.list', { rid: done.resid });
    const record = body.items[0];
    assert.equal(record.filename, 'photo.png');
    assert.equal(record.caption, 'From afar');
    assert.equal(record.filesize, PNG.length);
    const inGallery = server.server.ctx.db
      .prepare('SELECT 1 FROM gallery_items WHERE fid = ? AND rid = ?')
      .get(fid, done.resid);
    assert.ok(inGallery, 'the asset is in the gallery');
    await waitFor(async () => {
      const list = await server.call('asset.list', { rid: done.resid });
      return list.body.items[0].syncstatus === 'synced';
    });
  });

  test('reports progress while the body arrives, then finishes', async () => {
    const statusId = await start(server, { input: `${remote.origin}/gated.png` });
    await waitFor(async () => (await statusOf(server, statusId)).progress_bytes === HALF);
    const midway = await statusOf(server, statusId);
    assert.equal(midway.status, 'inprogress');
    assert.equal(midway.file_size_bytes, PNG.length);
    assert.equal(midway.progress_bytes, HALF);
    assert.equal(midway.progress, Math.floor((HALF * 100) / PNG.length));
    // The server keeps answering other requests meanwhile.
    assert.equal((await server.call('ping')).status, 200);
    remote.release();
    const done = await settle(server, statusId);
    assert.equal(done.status, 'done');
    assert.equal(done.progress, 100);
  });

  test('attaches the fetched file to an asset under the given type', async () => {
    const { upload_url } = await createGallery(server);
    const parent = await uploadFile(upload_url, { name: 'p.png', bytes: tinyPng(8, 8), mime: 'image/png' });
    assert.equal(parent.status, 200);
    const done = await settle(
      server,
      await start(server, { input: `${remote.origin}/photo.png`, rid: parent.body.rid, type: 'poster' }),
    );
    assert.equal(done.status, 'done', JSON.stringify(done));
    const { body } = await server.call('asset.list', { rid: parent.body.rid });
    assert.equal(body.items[0].attached.poster, done.resid);
    const missingType = await server.call(
      'asset.upload_from_url',
      { input: `${remote.origin}/photo.png`, rid: parent.body.rid },
      { method: 'POST' },
    );
    assert.equal(missingType.status, 400);
    assert.equal(missingType.body.code, 'missing_parameter');
  });

  test('names the asset after Content-Disposition when the remote gives one', async () => {
    const done = await settle(server, await start(server, { input: `${remote.origin}/named` }));
    assert.equal(done.status, 'done');
    const { body } = await server.call('asset.list', { rid: done.resid });
    assert.equal(body.items[0].filename, 'holiday.png');
  });

  test('fails with a message on an upstream 404', async () => {
    const failed = await settle(server, await start(server, { input: `${remote.origin}/missing.png` }));
    assert.equal(failed.status, 'failed');
    assert.match(failed.message, /404/);
    assert.equal(failed.resid, undefined);
  });

  test('fails on content that is not media', async () => {
    const failed = await settle(server, await start(server, { input: `${remote.origin}/page.html` }));
    assert.equal(failed.status, 'failed');
    assert.match(failed.message, /not point to a media file/);
  });

  test('fails when the declared or the actual size exceeds the server limit', async () => {
    for (const path of ['/big.png', '/big-chunked.png']) {
      const failed = await settle(server, await start(server, { input: `${remote.origin}${path}` }));
      assert.equal(failed.status, 'failed', path);
      assert.match(failed.message, /larger than this server accepts/, path);
    }
  });

  test('fails when the remote server stalls longer than the stall timeout', async () => {
    const failed = await settle(server, await start(server, { input: `${remote.origin}/hang.png` }));
    assert.equal(failed.status, 'failed');
    assert.match(failed.message, /stopped sending data/);
  });

  test('aborts a fetch midway: status aborted, no asset, no temp file left', async () => {
    const stalling = await startTestServer({ urlImportStallMs: 60_000 });
    try {
      const statusId = await start(stalling, { input: `${remote.origin}/hang.png` });
      await waitFor(async () => (await statusOf(stalling, statusId)).progress_bytes > 0);
      const before = await stalling.call('asset.list');
      const aborted = await stalling.call(
        'asset.upload_from_url_abort',
        { status_id: statusId },
        { method: 'POST' },
      );
      assert.equal(aborted.status, 200);
      assert.equal(aborted.body.status_id, statusId);
      const final = await settle(stalling, statusId);
      assert.equal(final.status, 'aborted');
      const afterList = await stalling.call('asset.list');
      assert.equal(afterList.body.items_data.items_count, before.body.items_data.items_count);
      await waitFor(async () => readdirSync(join(stalling.dataDir, 'tmp')).length === 0);
    } finally {
      await stalling.close();
    }
  });

  test('refuses a URL that is not http(s) and a missing input with 400', async () => {
    for (const input of ['ftp://127.0.0.1/x.png', 'file:///etc/passwd', 'not a url', 'javascript:alert(1)']) {
      const { status, body } = await server.call('asset.upload_from_url', { input }, { method: 'POST' });
      assert.equal(status, 400, input);
      assert.equal(body.code, 'invalid_parameter', input);
    }
    const missingInput = await server.call('asset.upload_from_url', {}, { method: 'POST' });
    assert.equal(missingInput.status, 400);
    assert.equal(missingInput.body.code, 'missing_parameter');
  });

  test('answers 404 for an unknown status_id, gallery or asset', async () => {
    const status = await server.call('asset.upload_from_url_get_status', { status_id: 'nosuchstatus' });
    assert.equal(status.status, 404);
    assert.equal(status.body.code, 'not_found');
    const abort = await server.call(
      'asset.upload_from_url_abort',
      { status_id: 'nosuchstatus' },
      { method: 'POST' },
    );
    assert.equal(abort.status, 404);
    const gallery = await server.call(
      'asset.upload_from_url',
      { input: `${remote.origin}/photo.png`, fid: 'nosuchgallery' },
      { method: 'POST' },
    );
    assert.equal(gallery.status, 404);
    const attach = await server.call(
      'asset.upload_from_url',
      { input: `${remote.origin}/photo.png`, rid: 'nosuchasset1', type: 'poster' },
      { method: 'POST' },
    );
    assert.equal(attach.status, 404);
  });

  test('a read-only token cannot start an import', async () => {
    const temp = await server.call('token.get_temp', { permissions: 'asset.read' });
    const { status } = await server.call(
      'asset.upload_from_url',
      { input: `${remote.origin}/photo.png` },
      { method: 'POST', token: temp.body.token },
    );
    assert.equal(status, 403);
  });

  test('statuses survive a restart; a fetch cut off by a crash reads failed afterwards', async () => {
    const first = await startTestServer();
    const dataDir = first.dataDir;
    const doneId = await start(first, { input: `${remote.origin}/photo.png` });
    assert.equal((await settle(first, doneId)).status, 'done');
    const cutId = await start(first, { input: `${remote.origin}/photo.png` });
    await settle(first, cutId);
    await first.stop();
    // Simulate a crash mid-fetch: the row is left as the running process last wrote it.
    const db = new Database(join(dataDir, 'gallery.sqlite3'));
    db.prepare(`UPDATE url_imports SET status = 'inprogress', resid = NULL WHERE status_id = ?`).run(cutId);
    db.close();
    const second = await startTestServer({ dataDir });
    try {
      const done = await statusOf(second, doneId);
      assert.equal(done.status, 'done');
      assert.equal(typeof done.resid, 'string');
      const cut = await statusOf(second, cutId);
      assert.equal(cut.status, 'failed');
      assert.match(cut.message, /restarted/);
    } finally {
      await second.close();
    }
  });
});
