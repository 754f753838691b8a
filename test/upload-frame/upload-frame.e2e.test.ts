// The upload frame in real Chromium, embedded by a parent page of another origin: upload, edit caption,
// reorder, remove (each checked through the API), postMessage only to the named origin (a page of any other
// origin hears nothing, even of an upload), three layouts with uploaded rows and no horizontal scroll.
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

/** Names and captions without a break opportunity: what pushes a careless layout sideways. */
const LONG_NAME = (n: number) => `holiday-${n}-${'x'.repeat(90)}-final-version.png`;
const LONG_CAPTION = (n: number) => `Caption${n}${'-wide'.repeat(40)}`;

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

/** The frame page's own URL (with its upload token) out of an embed HTML string. */
function frameSrc(embed: string): string {
  const src = /src="([^"]+)"/.exec(embed)?.[1];
  assert.ok(src, embed);
  return src.replaceAll('&amp;', '&');
}

/** Waits until the frame's list of own uploads shows `count` rows. */
async function rows(frame: Frame, count: number): Promise<void> {
  await frame.waitForFunction(
    (n) =>
      (document.querySelector('upload-frame-items')?.shadowRoot?.querySelectorAll('li').length ?? 0) === n,
    count,
    { timeout: 15000 },
  );
}

/**
 * Horizontal overflow of the page: the scrolling element's scroll width against its client width; the
 * visible elements (shadow roots included) whose box reaches past the right edge, which `overflow-x:
 * hidden` would otherwise clip out of sight; and what sticks out of its row in the list of uploads.
 */
async function horizontalOverflow(page: Page) {
  // No named functions inside: tsx would wrap them in a helper that does not exist in the page.
  return page.evaluate(() => {
    const scroller = document.scrollingElement as HTMLElement;
    const width = scroller.clientWidth;
    const outside: string[] = [];
    const roots: (Document | ShadowRoot)[] = [document];
    for (let root = roots.pop(); root; root = roots.pop()) {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue; // visually hidden inputs, empty wrappers
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.opacity === '0') continue;
        if (box.right > width + 0.5 || box.left < -0.5) {
          const name = `${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/)[0]}`;
          outside.push(`${name} ${Math.round(box.left)}..${Math.round(box.right)}`);
        }
      }
    }
    const spilled: string[] = [];
    const list = document.querySelector('upload-frame-items')?.shadowRoot;
    for (const row of list?.querySelectorAll('li') ?? []) {
      const edge = row.getBoundingClientRect();
      for (const el of row.querySelectorAll('*')) {
        const box = el.getBoundingClientRect();
        if (box.right > edge.right + 0.5 || box.left < edge.left - 0.5) {
          spilled.push(`${el.tagName.toLowerCase()} ${Math.round(box.left)}..${Math.round(box.right)}`);
        }
      }
    }
    return { scrollWidth: scroller.scrollWidth, clientWidth: width, outside, spilled };
  });
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
    // The stranger embeds a frame that names the parent's origin (as a page copying the parent's embed
    // code would): it must hear nothing.
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

  it('tells a page of another origin nothing, even of an upload, while the named parent hears of its own', async () => {
    const control = await browser.newPage();
    const page = await browser.newPage();
    await control.goto(parent.origin);
    await page.goto(stranger.origin);
    const controlFrame = await frameOf(control);
    const strangerFrame = await frameOf(page);
    const before = await t.call('gallery.get_items', { fid });
    const countBefore: number = before.body.folder.items_data.items_count;

    await upload(strangerFrame, 'stranger.png');
    await rows(strangerFrame, 1);
    await upload(controlFrame, 'control.png');
    const [heard] = await received(control, 'gallery-upload-success');
    assert.equal(heard?.origin, t.origin);
    assert.equal(heard?.data.fid, fid);

    // Both uploads landed: the stranger's frame worked, it only kept quiet.
    const after = await t.call('gallery.get_items', { fid, items_per_page: 100 });
    assert.equal(after.body.folder.items_data.items_count, countBefore + 2);
    const names = (after.body.folder.items as { filename: string }[]).map((item) => item.filename);
    assert.ok(names.includes('stranger.png') && names.includes('control.png'), names.join(', '));

    // A message the stranger posts to itself now arrives after anything the frame posted earlier.
    await page.evaluate(() => window.postMessage({ type: 'sentinel' }, '*'));
    await received(page, 'sentinel');
    const heardByStranger = await page.evaluate(() => (window as any).received.map((m: any) => m.data?.type));
    assert.deepEqual(heardByStranger, ['sentinel']);
    await page.close();
    await control.close();
  });

  describe('layouts with uploaded rows', () => {
    let src = '';
    let uploaded = 0;

    before(async () => {
      const layoutFid = (await t.call('gallery.create', { name: 'Frame layouts' }, { method: 'POST' })).body
        .fid;
      src = frameSrc(
        await (await fetch(`${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${layoutFid}`)).text(),
      );
      // Rows with long names and long captions, made through the frame as a visitor makes them.
      const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
      await page.goto(src);
      const frame = page.mainFrame();
      await frame.waitForSelector('gallery-uploader');
      for (let n = 1; n <= 3; n++) {
        await upload(frame, LONG_NAME(n));
        await rows(frame, ++uploaded);
        const row = frame.locator('upload-frame-items li').nth(n - 1);
        await row.locator('input[name=caption]').fill(LONG_CAPTION(n));
        await row.locator('button[type=submit]').click();
        await frame.locator('upload-frame-items .status', { hasText: 'Saved' }).waitFor();
      }
      await page.close();
    });

    for (const width of [360, 768, 1280]) {
      it(`lays out at ${width} px with rows and a listed file without horizontal scroll (screenshot saved)`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.goto(src);
        const frame = page.mainFrame();
        await rows(frame, uploaded);
        // One more upload at this width: the Dashboard lists a long name too.
        await upload(frame, LONG_NAME(width));
        await rows(frame, ++uploaded);
        const captions = await frame
          .locator('upload-frame-items input[name=caption]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        assert.deepEqual(captions.slice(0, 3), [LONG_CAPTION(1), LONG_CAPTION(2), LONG_CAPTION(3)]);
        await page.screenshot({ path: `${ARTIFACTS}/frame-${width}.png`, fullPage: true });
        const overflow = await horizontalOverflow(page);
        assert.ok(overflow.scrollWidth <= overflow.clientWidth, JSON.stringify(overflow));
        assert.deepEqual(overflow.outside, []);
        assert.deepEqual(overflow.spilled, []);
        await page.close();
      });
    }
  });
});
