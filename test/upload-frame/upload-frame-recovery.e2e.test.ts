// A reload in the middle of a chunked upload, in real Chromium on the reference server's upload frame: the
// file's bytes and state survive in IndexedDB (golden-retriever), the Dashboard shows the session as
// restored, and on "upload" the file continues from the server's offset and arrives whole, with at most
// one chunk sent twice. Screenshots of the recovered state go to test-artifacts/upload-frame.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright';
import { storagePath } from '../../server/media/storage.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { pieces, sharedBlock } from '../helpers/patterned-file.ts';
import { countReceivedBytes, startTestServer, type TestServer } from '../helpers/server.ts';

const MiB = 1024 * 1024;
const BYTES = 100 * 1000 * 1000;
const MAX_CHUNK = 50 * MiB;

/** Writes the patterned file to disk (Playwright hands the browser a path) and returns its sha256. */
async function writePatterned(path: string, bytes: number): Promise<string> {
  const block = sharedBlock();
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  for (const piece of pieces(bytes)) {
    const body = block.subarray(0, piece.blockBytes);
    hash.update(piece.header).update(body);
    if (!out.write(piece.header)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    if (!out.write(body)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise((resolve) => out.end(resolve));
  return hash.digest('hex');
}

/** The uploader's only file, as Uppy holds it in the page. */
function fileState(page: Page) {
  return page.evaluate(() => {
    const uppy = (document.querySelector('gallery-uploader') as any)?.uppy;
    const file = uppy?.getFiles()[0];
    return file
      ? {
          percentage: file.progress.percentage as number,
          restored: !!file.isRestored,
          ghost: !!file.isGhost,
          recovered: uppy.getState().recoveredState !== null,
        }
      : null;
  });
}

/** How many file blobs golden-retriever keeps in the page's IndexedDB. */
function storedBlobs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('uppy-blobs');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('files')) return resolve(0);
          const keys = db.transaction('files').objectStore('files').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.length);
          keys.onerror = () => resolve(0);
        };
      }),
  );
}

async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting until ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('upload frame: a reload in the middle of a chunked upload', () => {
  let t: TestServer;
  let browser: Browser;
  let dir: string;
  let frameUrl: string;
  let received: () => number;

  before(async () => {
    // Each upload request waits 0.8 s before the server reads it: half the file takes a few seconds.
    t = await startTestServer({ faults: { latencyMs: 800, operations: ['upload'] } });
    received = countReceivedBytes(t.server);
    const fid = (await t.call('gallery.create', { name: 'Recovery' }, { method: 'POST' })).body.fid;
    const embed = await (await fetch(`${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${fid}`)).text();
    const src = /src="([^"]+)"/.exec(embed)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(src, embed);
    frameUrl = src;
    dir = mkdtempSync(join(tmpdir(), 'gallery-recovery-'));
    mkdirSync('test-artifacts/upload-frame', { recursive: true });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes a 100 MB file after a reload at 50% from the server’s offset, re-sending at most one chunk', async () => {
    const path = join(dir, 'reloaded.bin');
    const expected = await writePatterned(path, BYTES);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(frameUrl);
    await page.waitForFunction(() => !!(document.querySelector('gallery-uploader') as any)?.uppy);
    await page.locator('gallery-uploader .uppy-Dashboard-input').first().setInputFiles(path);
    // golden-retriever copies the bytes into IndexedDB when the file is added (a few seconds for 100 MB).
    await until(
      () => storedBlobs(page),
      (count) => count === 1,
      'the file is kept in IndexedDB',
    );
    await page.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload').click();
    await until(
      () => fileState(page),
      (file) => (file?.percentage ?? 0) >= 50,
      'half the file is sent',
    );
    // Its state is written at most every 0.5 s.
    await page.waitForTimeout(600);
    const beforeReload = received();
    assert.ok(((await fileState(page))?.percentage ?? 100) < 100, 'the reload comes before the end');
    await page.reload();

    const restored = await until(
      () => fileState(page),
      (file) => !!file?.recovered,
      'the session is restored',
    );
    assert.deepEqual(
      { restored: restored?.restored, ghost: restored?.ghost },
      { restored: true, ghost: false },
      'the file came back with its bytes',
    );
    const notice = page.locator('gallery-uploader .uppy-Dashboard-serviceMsg');
    assert.match((await notice.textContent()) ?? '', /session restored/i);
    await shoot(page, 'recovered-1280-light');

    await page.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload').click();
    const rid = await until(
      async () => (await t.call('asset.list', {})).body.items as { rid: string }[],
      (items) => items.length > 0,
      'the asset exists',
      60_000,
    ).then((items) => items[0]!.rid);
    const asset = t.server.ctx.db.prepare('SELECT storage_key FROM assets WHERE rid = ?').get(rid) as {
      storage_key: string;
    };
    const stored = createHash('sha256')
      .update(await readFile(storagePath(t.server.ctx, asset.storage_key)))
      .digest('hex');
    assert.equal(stored, expected, 'the stored file is the file');
    assert.equal((await t.call('asset.list', {})).body.items_data.items_count, 1, 'one asset');
    const total = received();
    assert.ok(
      beforeReload < BYTES,
      `the server had only part of the file (${beforeReload} bytes) at the reload`,
    );
    assert.ok(total - BYTES <= MAX_CHUNK + MiB, `bytes sent twice: ${total - BYTES}`);
    await context.close();
  });
});

async function shoot(page: Page | Frame, name: string): Promise<void> {
  await (page as Page).screenshot({ path: `test-artifacts/upload-frame/${name}.png` });
}
