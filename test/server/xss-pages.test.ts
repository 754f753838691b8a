// The XSS corpus through the server's own HTML pages in Chromium: the upload frame's item list, portal
// pages and the live embed show hostile text as text, and nothing in it runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright';
import { launchChromium } from '../helpers/chromium.ts';
import { createGallery, tinyPng, uploadFile } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { CORPUS, XSS } from '../helpers/xss-corpus.ts';

/**
 * Runs in the page (a string: tsx's name helpers do not exist there): what corpus markup would leave in
 * the document and its open shadow roots, and whether any of it ran.
 */
const FIND_INJECTED = `(() => {
  const found = [];
  const walk = (root, inShadow) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.localName === 'script' && (inShadow || !el.src || el.closest('body'))) found.push('script');
      if (el.localName === 'img' && el.getAttribute('src') === 'x') found.push('img[src=x]');
      for (const { name, value } of el.attributes) {
        if (/^on/i.test(name)) found.push(el.localName + '[' + name + ']');
        if (/^(href|src|srcset|poster|action|formaction|xlink:href|data)$/i.test(name) && /^\\s*javascript:/i.test(value))
          found.push(el.localName + '[' + name + ']');
      }
      if (el.shadowRoot) walk(el.shadowRoot, true);
    }
  };
  walk(document, false);
  return { found, xss: window.__xss ?? null };
})()`;

async function assertInert(target: Page | Frame): Promise<void> {
  // An injected image's onerror would fire once its load fails: let pending loads settle first.
  await target.waitForFunction(() => [...document.images].every((image) => image.complete));
  await target.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  assert.deepEqual(await target.evaluate(FIND_INJECTED), { found: [], xss: null });
}

/** What the HTML parser makes of text in an element's content: it drops NUL characters. */
const asParsedText = (text: string) => text.replaceAll('\0', '');
/** ...and in an attribute or the title: NUL becomes U+FFFD. */
const asParsedAttribute = (text: string) => text.replaceAll('\0', '\uFFFD');

describe('server pages with the XSS corpus in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  before(async () => {
    t = await startTestServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The frame page's URL for a gallery, as the embed code of `upload.iframe` names it. */
  async function frameUrl(fid: string, parentOrigin?: string): Promise<URL> {
    const origin = parentOrigin ? `&parent_origin=${encodeURIComponent(parentOrigin)}` : '';
    const response = await fetch(`${t.baseUrl}upload.iframe?api_token=${t.token}&fid=${fid}${origin}`);
    const embed = await response.text();
    assert.equal(response.status, 200, embed);
    return new URL(/src="([^"]+)"/.exec(embed)?.[1]?.replaceAll('&amp;', '&') ?? '');
  }

  it('the page check sees what the corpus does when it is parsed as markup', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(`<p>${CORPUS.join('</p><p>')}</p><a href="${XSS.scriptUrl}">link</a>`);
      await page.waitForFunction(() => (window as { __xss?: unknown }).__xss !== undefined);
      const { found, xss } = (await page.evaluate(FIND_INJECTED)) as { found: string[]; xss: unknown };
      assert.deepEqual([...new Set(found)].sort(), [
        'a[href]',
        'img[onerror]',
        'img[src=x]',
        'script',
        'svg[onload]',
      ]);
      assert.equal(xss, 1);
    } finally {
      await page.close();
    }
  });

  it('shows hostile captions, descriptions and file names in the upload frame as text, also after saving and removing', async () => {
    const { fid } = await createGallery(t, XSS.img);
    const src = await frameUrl(fid);
    const uploadToken = src.searchParams.get('upload_token') ?? '';
    const signed = await t.call('asset.get_upload_url', { fid }, { token: uploadToken, uploadToken: true });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    for (const payload of CORPUS) {
      const file = { name: `${payload}.png`, bytes: tinyPng(), mime: 'image/png' };
      const fields = { caption: payload, description: payload };
      const uploaded = await uploadFile(signed.body.upload_url, file, fields, uploadToken);
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    }
    const listed = await t.call('gallery.get_items', { fid, details: 'caption,description' });
    const stored = new Map<string, { filename: string; caption: string; description: string }>(
      listed.body.folder.items.map((item: any) => [item.rid, item]),
    );
    assert.deepEqual(
      [...stored.values()].map((item) => item.caption),
      CORPUS,
    );

    const page = await browser.newPage();
    try {
      await page.goto(src.href);
      const rows = page.locator('upload-frame-items li');
      await page.waitForFunction(
        (count) =>
          document.querySelector('upload-frame-items')?.shadowRoot?.querySelectorAll('li').length === count,
        CORPUS.length,
      );
      const shown = await rows.evaluateAll((items) =>
        items.map((li) => ({
          rid: li.getAttribute('data-rid') ?? '',
          name: li.querySelector('.name')?.textContent ?? '',
          caption: li.querySelector('input')?.value ?? '',
          description: li.querySelector('textarea')?.value ?? '',
          label: li.getAttribute('aria-label') ?? '',
        })),
      );
      for (const [index, row] of shown.entries()) {
        const item = stored.get(row.rid);
        assert.ok(item, row.rid);
        assert.deepEqual(row, {
          rid: row.rid,
          name: item.filename,
          caption: item.caption,
          description: item.description,
          label: `${item.caption}, ${index + 1} of ${CORPUS.length}`,
        });
      }
      await assertInert(page);

      // Saving a hostile caption, then removing an item: the status lines quote the file names.
      const first = stored.get(shown[0]?.rid ?? '');
      const firstRow = page.locator(`upload-frame-items li[data-rid="${shown[0]?.rid}"]`);
      await firstRow.locator('input[name=caption]').fill(`${XSS.svg}${XSS.script}`);
      await firstRow.locator('button[type=submit]').click();
      const status = page.locator('upload-frame-items [role=status]');
      await status.filter({ hasText: 'Saved' }).waitFor();
      assert.equal(await status.textContent(), `Saved ${first?.filename}.`);
      const saved = await t.call('asset.list', { rid: shown[0]?.rid });
      assert.equal(saved.body.items[0].caption, `${XSS.svg}${XSS.script}`);
      await assertInert(page);

      const last = shown.at(-1);
      await page
        .locator(`upload-frame-items li[data-rid="${last?.rid}"]`)
        .getByRole('button', { name: /^Remove/ })
        .click();
      await status.filter({ hasText: 'Removed' }).waitFor();
      assert.equal(await status.textContent(), `Removed ${stored.get(last?.rid ?? '')?.filename}.`);
      await assertInert(page);
    } finally {
      await page.close();
    }
  });

  it('hands the frame its configuration intact when the parent origin holds $ replacement patterns', async () => {
    const { fid } = await createGallery(t, 'Frame origin');
    for (const parentOrigin of ['http://a$`b.example', 'http://a$&b.example']) {
      const page = await browser.newPage();
      try {
        await page.goto((await frameUrl(fid, parentOrigin)).href);
        const config = await page.evaluate(() =>
          JSON.parse(
            document.querySelector('meta[name="gallery-frame-config"]')?.getAttribute('content') ?? '',
          ),
        );
        assert.equal(config.parentOrigin, parentOrigin);
        assert.equal(config.fid, fid);
        await page.locator('gallery-uploader').waitFor({ state: 'attached' });
      } finally {
        await page.close();
      }
    }
  });

  it('shows a portal with a hostile title, arguments, template, gallery names and captions as text', async () => {
    const names = [XSS.img, XSS.unicode];
    const galleries = [];
    for (const name of names) {
      const gallery = await createGallery(t, name);
      galleries.push(gallery.fid);
      for (const payload of CORPUS) {
        const file = { name: `${payload}.png`, bytes: tinyPng(), mime: 'image/png' };
        const uploaded = await uploadFile(gallery.upload_url, file, { caption: payload });
        assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      }
    }
    const title = `${XSS.svg} ${XSS.script} ${XSS.template} $& $'`;
    const args = JSON.stringify({ title, galleries, description: XSS.img, [XSS.svg]: XSS.scriptUrl });
    const refused = await t.call(
      'portal.set',
      { subdomain: 'hostile', template: XSS.img },
      { method: 'POST' },
    );
    assert.equal(refused.status, 400);
    const set = await t.call(
      'portal.set',
      { subdomain: 'hostile', template: XSS.scriptUrl, args },
      { method: 'POST' },
    );
    assert.equal(set.status, 200, JSON.stringify(set.body));

    const page = await browser.newPage();
    try {
      await page.goto(`${t.origin}/portals/hostile/`);
      assert.equal(await page.title(), title);
      assert.equal(await page.locator('h1').textContent(), title);
      assert.deepEqual(await page.locator('h2').allTextContents(), names.map(asParsedText));
      await page.waitForFunction(
        (count) =>
          [...document.querySelectorAll('gallery-view')].every(
            (view) => view.shadowRoot?.querySelectorAll('.tile:not(.placeholder)').length === count,
          ),
        CORPUS.length,
      );
      const captions = await page.evaluate(() =>
        [...document.querySelectorAll('gallery-view')].map((view) =>
          [...(view.shadowRoot?.querySelectorAll('.tile') ?? [])]
            .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
            .map((tile) => tile.querySelector('[part="caption"]')?.textContent),
        ),
      );
      assert.deepEqual(captions, [CORPUS, CORPUS]);
      await assertInert(page);

      await page.locator('gallery-view').first().locator('[part="tile-button"]').first().click();
      const caption = page.locator('gallery-view').first().locator('[part="lightbox-caption"]');
      await caption.waitFor();
      assert.equal(await caption.textContent(), CORPUS[0]);
      await assertInert(page);
    } finally {
      await page.close();
    }
  });

  it('shows a live stream with a hostile name in its embed page and embed code as text', async () => {
    const name = `${XSS.svg} ${XSS.script} ${XSS.unicode}`;
    const { status, body } = await t.call('live.create', { name });
    assert.equal(status, 200, JSON.stringify(body));
    const page = await browser.newPage();
    try {
      await page.goto(`${t.origin}/live/${body.liveid}/embed`);
      assert.equal(await page.title(), asParsedAttribute(name));
      const player = page.locator('live-player');
      await player.waitFor({ state: 'attached' });
      assert.equal(await player.getAttribute('aria-label'), asParsedAttribute(name));
      await page.waitForFunction(() => customElements.get('live-player') !== undefined);
      await assertInert(page);

      // The embed code is HTML an app pastes as it is: parsed, it is one iframe titled with the name.
      const parsed = await page.evaluate((code) => {
        const holder = document.createElement('div');
        holder.innerHTML = code;
        return {
          tags: [...holder.querySelectorAll('*')].map((el) => el.localName),
          title: holder.querySelector('iframe')?.title,
        };
      }, body.iframe_embed_code as string);
      assert.deepEqual(parsed, { tags: ['iframe'], title: asParsedAttribute(`Live stream: ${name}`) });
    } finally {
      await page.close();
    }
  });
});
