// The reference server as the npm package ships it: the real `npm pack` tarball installed into a throwaway
// app, `gallery-server` started from the installed bin (no checkout behind it: no src/, no test/), then
// used over HTTP: ping, a gallery and an upload, a live stream's playlist, and the demo's pages and scripts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { packIntoApp } from '../helpers/pack.ts';
import { tinyPng } from '../helpers/seed.ts';
import { callApi } from '../helpers/server.ts';

const TOKEN = 'packed-server-token-0123';

let work: string;
let server: ChildProcess;
let output = '';
let baseUrl: string;
let origin: string;

const call = (operation: string, params: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
  callApi(baseUrl, operation, params, { token: TOKEN, method });

/** Resolves with the API base URL the server prints once it listens; rejects if it exits first. */
function listening(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /gallery-server listening: (\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gallery-server exited with ${code} before listening:\n${output}`));
    });
  });
}

describe('gallery-server from the installed npm package', () => {
  before(async () => {
    const packedApp = packIntoApp();
    work = packedApp.work;
    const manifest = JSON.parse(readFileSync(join(packedApp.packed, 'package.json'), 'utf8'));
    const bin = join(packedApp.packed, manifest.bin['gallery-server']);
    const data = join(work, 'data');
    mkdirSync(data);
    // Run from the app's folder, as `npx gallery-server` would: nothing of the checkout is in reach.
    server = spawn(
      process.execPath,
      [bin, '--port', '0', '--host', '127.0.0.1', '--data', data, '--token', TOKEN, '--demo'],
      { cwd: packedApp.app, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    baseUrl = await listening(server, 30_000);
    origin = new URL(baseUrl).origin;
  });

  after(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('answers ping with the token it was given', async () => {
    const { status, body } = await call('ping');
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.ping, 'pong');
    assert.equal(body.token_type, 'application');
  });

  it('creates a gallery and stores an upload posted to its upload_url', async () => {
    const created = await call('gallery.create', { name: 'Packed' }, 'POST');
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const form = new FormData();
    form.append('caption', 'From the tarball');
    form.append('file', new Blob([new Uint8Array(tinyPng(8, 6))], { type: 'image/png' }), 'packed.png');
    const response = await fetch(created.body.upload_url, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
    });
    const uploaded = await response.json();
    assert.equal(response.status, 200, JSON.stringify(uploaded));
    assert.equal(uploaded.success, true);
    // Dimensions come from the version worker, after the upload has answered: wait for it (bounded).
    let items = await call('gallery.get_items', { fid: created.body.fid });
    for (let tries = 0; tries < 100 && items.body.folder.items[0]?.syncstatus === 'pending'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      items = await call('gallery.get_items', { fid: created.body.fid });
    }
    const rids = items.body.folder.items.map((item: { rid: string }) => item.rid);
    assert.deepEqual(rids, [uploaded.rid]);
    assert.equal(items.body.folder.items[0].syncstatus, 'synced');
    assert.equal(items.body.folder.items[0].width, 8);
  });

  it('serves a started live stream as a live HLS playlist with its segments', async () => {
    const created = await call('live.create', { name: 'Packed stream' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const started = await call('live.start', { liveid: created.body.liveid });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const url = created.body.hls_playback_url as string;
    let playlist = '';
    const deadline = Date.now() + 10_000;
    while (!playlist.includes('#EXTINF')) {
      assert.ok(Date.now() < deadline, `no live playlist within 10 s; last answer:\n${playlist}`);
      const response = await fetch(url);
      playlist = response.ok ? await response.text() : '';
      if (!playlist.includes('#EXTINF')) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.match(playlist, /^#EXTM3U\n/);
    assert.match(playlist, /#EXT-X-TARGETDURATION:\d+/);
    assert.match(playlist, /#EXT-X-MEDIA-SEQUENCE:\d+/);
    assert.doesNotMatch(playlist, /#EXT-X-ENDLIST/, 'a live playlist has no end');
    const segment = playlist.split('\n').find((line) => line && !line.startsWith('#')) as string;
    const media = await fetch(new URL(segment, url));
    assert.equal(media.status, 200);
    const bytes = new Uint8Array(await media.arrayBuffer());
    assert.ok(bytes.length > 1000, 'a segment has media');
    assert.equal(bytes[0], 0x47, 'an MPEG-TS segment starts with its sync byte');
  });

  it('serves the demo: its sample gallery, pages, favicon and the scripts they load from dist/', async () => {
    const listed = await call('gallery.list', { search: 'caption=Demo gallery' });
    assert.equal(listed.body.galleries.length, 1, 'the demo gallery was seeded');
    const items = await call('gallery.get_items', { fid: listed.body.galleries[0].fid });
    assert.equal(items.body.folder.items_data.items_count, 6, 'with its sample photos');
    for (const path of ['/demo/', '/demo/live.html', '/demo/favicon.svg', '/demo/demo.js']) {
      const response = await fetch(`${origin}${path}`);
      assert.equal(response.status, 200, path);
    }
    // Every module the pages load, and the modules those import in turn.
    const seen = new Set<string>();
    const load = async (path: string): Promise<void> => {
      if (seen.has(path)) return;
      seen.add(path);
      const response = await fetch(`${origin}${path}`);
      assert.equal(response.status, 200, path);
      const code = await response.text();
      for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
        if (specifier?.startsWith('.') || specifier?.startsWith('/'))
          await load(new URL(specifier, `${origin}${path}`).pathname);
      }
    };
    await load('/elements/gallery-elements.js');
    await load('/demo/demo.js');
    assert.ok(seen.has('/elements/api.js'), 'demo.js loads the API client');
    assert.ok(seen.size > 3, `followed the imports: ${[...seen].join(', ')}`);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  });
});
