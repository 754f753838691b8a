// The upload frame in real Chromium, embedded by a parent page of another origin: upload, edit caption,
// reorder, remove (each checked through the API), postMessage only to the named origin, three layouts.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { tinyPng } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ARTIFACTS = 'test-artifacts/upload-frame';

/** A page on its own origin that embeds `html` and records every message it receives. */
async function startParent(html: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><body>
<script>window.received = []; addEventListener('message', (e) => received.push({ origin: e.origin, data: e.data }));</script>
${html()}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function frameOf(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  assert.ok(frame);
  await frame.waitForSelector('gallery-uploader');
  return frame;
}

async function received(page: Page, type: string, count = 1): Promise<{ origin: string; data: any }[]> {
  await page.waitForFunction(
    ([wanted, n]) =>
      (window as any).received.filter((m: any) => m.data?.type === wanted).length >= (n as number),
    [type, count] as const,
    { timeout: 15000 },
  );
  return page.evaluate(
    (wanted) => (window as any).received.filter((m: any) => m.data?.type === wanted),
    type,
  );
}

async function upload(frame: Frame, name: string): Promise<void> {
  const buffer = Buffer.from(tinyPng(8, 6));
  // After a batch the Dashboard lists it; "Add more" brings the file picker back, as for a user.
  const addMore = frame.locator('gallery-uploader .uppy-DashboardContent-addMore');
  if (await addMore.count()) await addMore.first().click();
  await frame
    .locator('gallery-uploader input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'image/png', buffer });
  // The uploader either starts by itself or offers an upload button.
  const button = frame.locator('gallery-uploader .uppy-StatusBar-actionBtn--upload');
  if (await button.count()) await button.first().click();
}

describe('upload frame in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  let fid: string;
  let parent: { origin: string; server: Server };
  let stranger: { origin: string; server: Server };
  let embedForParent = '';
  let embedForStranger = '';

  before(async () => {
    t = await startTestServer();
    fid = (await t.call('gallery.create', { name: 'Frame e2e' }, { method: 'POST' })).body.fid;
    parent = await startParent(() => embedForParent);
    stranger = await startParent(() => embedForStranger);
    const embed = async (origin: string) =>
      (
        await fetch(
          `${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${fid}&parent_origin=${encodeURIComponent(origin)}`,
        )
      ).text();
    embedForParent = await embed(parent.origin);
    // The stranger embeds a frame that names the parent's origin: it must hear nothing.
    embedForStranger = await embed(parent.origin);
    browser = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    parent?.server.close();
    stranger?.server.close();
    await t?.close();
  });

  it('uploads, edits, reorders and removes, each visible through the API, and tells only the parent', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(parent.origin);
    const frame = await frameOf(page);
    await received(page, 'gallery-frame-ready');

    await upload(frame, 'first.png');
    const [first] = await received(page, 'gallery-upload-success');
    assert.equal(first?.origin, t.origin);
    assert.equal(first?.data.fid, fid);
    const firstRid: string = first?.data.rid;
    await upload(frame, 'second.png');
    const successes = await received(page, 'gallery-upload-success', 2);
    const secondRid: string = successes[1]?.data.rid;
    const items = async () =>
      (await t.call('gallery.get_items', { fid, details: 'caption' })).body.folder.items as {
        rid: string;
        caption?: string;
      }[];
    assert.deepEqual(
      (await items()).map((item) => item.rid),
      [firstRid, secondRid],
    );

    // Caption of the first item.
    const firstRow = frame.locator(`upload-frame-items li[data-rid="${firstRid}"]`);
    await firstRow.waitFor();
    await firstRow.locator('input[name=caption]').fill('Sunset over the bay');
    await firstRow.locator('button[type=submit]').click();
    await received(page, 'gallery-item-updated');
    const listed = await t.call('asset.list', { rid: firstRid });
    assert.equal(listed.body.items[0].caption, 'Sunset over the bay');

    // Reorder by keyboard: focus the first row's "move down" button and press Enter.
    await firstRow.getByRole('button', { name: /Move .* down/ }).focus();
    await page.keyboard.press('Enter');
    await received(page, 'gallery-items-reordered');
    assert.deepEqual(
      (await items()).map((item) => item.rid),
      [secondRid, firstRid],
    );

    // Reorder by drag: drop the second upload (now first) onto the first one.
    await frame
      .locator(`upload-frame-items li[data-rid="${secondRid}"] .name`)
      .dragTo(frame.locator(`upload-frame-items li[data-rid="${firstRid}"] .name`));
    await received(page, 'gallery-items-reordered', 2);
    assert.deepEqual(
      (await items()).map((item) => item.rid),
      [firstRid, secondRid],
    );

    // Remove the second upload.
    await frame
      .locator(`upload-frame-items li[data-rid="${secondRid}"]`)
      .getByRole('button', { name: /Remove/ })
      .click();
    await received(page, 'gallery-item-removed');
    assert.deepEqual(
      (await items()).map((item) => item.rid),
      [firstRid],
    );
    await page.close();
  });

  it('sends nothing to a page of another origin', async () => {
    const page = await browser.newPage();
    await page.goto(stranger.origin);
    await frameOf(page);
    // The frame posts `ready` at start; give it the same time the parent needed, then check nothing came.
    await page.waitForTimeout(1500);
    assert.deepEqual(await page.evaluate(() => (window as any).received), []);
    await page.close();
  });

  for (const width of [360, 768, 1280]) {
    it(`lays out at ${width} px without horizontal scroll (screenshot saved)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const embed = await (await fetch(`${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${fid}`)).text();
      const url = /src="([^"]+)"/.exec(embed)?.[1]?.replaceAll('&amp;', '&') ?? '';
      await page.goto(url);
      await page.waitForSelector('gallery-uploader');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${ARTIFACTS}/frame-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0);
      await page.close();
    });
  }
});
