// The XSS corpus through the real reference server into every element: captions, descriptions, file names,
// tags, links, echoed error messages and live notes render as text, and nothing in them runs.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/gallery-view/define.ts';
import type {
  GalleryUploadErrorEvent,
  GalleryUploadSuccessEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import '../../src/elements/live-player/define.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import {
  api,
  type BrowserTestServer,
  createGallery,
  startServer,
  stopServers,
  uploadTo,
} from '../helpers/browser.ts';
import { CORPUS, ECHOED_TAG, XSS } from '../helpers/xss-corpus.ts';
import { collect, mount, pngFile, waitUntil } from './gallery-uploader.support.ts';

const win = window as Window & { __xss?: unknown };
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'poster',
  'action',
  'formaction',
  'xlink:href',
  'data',
]);
const DETAILS = 'caption,description,long_description,tags,related_link_text,related_link_url';

/** Every element under `root`, through open shadow roots. */
function deepElements(root: ParentNode): Element[] {
  const out: Element[] = [];
  for (const el of root.querySelectorAll('*')) {
    out.push(el);
    if (el.shadowRoot) out.push(...deepElements(el.shadowRoot));
  }
  return out;
}

/** What markup parsed from the corpus would leave: handlers, scripts, `img[src=x]`, script URLs. */
function injected(root: ParentNode): string[] {
  const found: string[] = [];
  for (const el of deepElements(root)) {
    if (el.localName === 'script') found.push('script');
    if (el.localName === 'img' && el.getAttribute('src') === 'x') found.push('img[src=x]');
    for (const { name, value } of el.attributes) {
      if (/^on/i.test(name)) found.push(`${el.localName}[${name}]`);
      if (URL_ATTRIBUTES.has(name) && /^\s*javascript:/i.test(value)) found.push(`${el.localName}[${name}]`);
    }
  }
  return found;
}

/** Lets pending renders and image loads (an injected `onerror` would fire then) happen first. */
async function settle(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

async function expectInert(root: ParentNode): Promise<void> {
  await settle();
  expect(injected(root)).to.deep.equal([]);
  expect(win.__xss).to.equal(undefined);
}

const text = (root: ParentNode, selector: string) => root.querySelector(selector)?.textContent ?? null;

describe('the XSS check itself', () => {
  it('finds what the corpus leaves when it is parsed as markup', () => {
    // DOMParser's document is inert: it neither runs scripts nor loads images.
    const parsed = new DOMParser().parseFromString(`<p>${CORPUS.join('</p><p>')}</p>`, 'text/html');
    const link = parsed.createElement('a');
    link.setAttribute('href', XSS.scriptUrl);
    parsed.body.append(link);
    expect(injected(parsed)).to.have.members([
      'img[src=x]',
      'img[onerror]',
      'script',
      'svg[onload]',
      'a[href]',
    ]);
  });
});

describe('the XSS corpus from the reference server', function () {
  // A dozen uploads share two cores with the server's image processing.
  this.timeout(60000);
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer({ liveChargeNotes: true });
  });
  beforeEach(() => {
    delete win.__xss;
  });
  // Not awaited: closing may wait on Chromium's keep-alive image sockets longer than a command may take.
  after(() => {
    void stopServers().catch(() => undefined);
  });

  describe('<gallery-view>', () => {
    let fid: string;
    /** The records as the API stores them, by rid: what the element must show, character for character. */
    const stored = new Map<string, Record<string, any>>();
    const images: string[] = [];
    const others: string[] = [];

    before(async () => {
      const gallery = await createGallery(server, XSS.img);
      fid = gallery.fid;
      const png = await pngFile('x.png', 40, 30);
      for (const payload of CORPUS) {
        const fields = { caption: payload, description: payload, tags: payload };
        const { rid } = await uploadTo(gallery.upload_url, png, `${payload}.png`, fields);
        images.push(rid);
        const meta = { rid, long_description: payload, related_link_text: payload };
        // A link field accepts http(s) only; one carrying markup is still a URL and is kept as given.
        const link = await api(server, 'asset.set_meta', {
          ...meta,
          related_link_url: `https://example.com/${payload}`,
        });
        expect(link.status, JSON.stringify(link.body)).to.equal(200);
        // Files without a picture show their name instead.
        others.push(
          (await uploadTo(gallery.upload_url, new Blob([payload], { type: 'text/plain' }), `${payload}.txt`))
            .rid,
        );
      }
      const { body } = await api(server, 'gallery.get_items', { fid, details: DETAILS, items_per_page: 100 });
      for (const item of body.folder.items) stored.set(item.rid, item);
    });

    it('stores the corpus verbatim and refuses a javascript: link', async () => {
      for (const [i, rid] of images.entries()) {
        const item = stored.get(rid)!;
        for (const field of ['caption', 'description', 'long_description', 'related_link_text', 'tags'])
          expect(item[field], field).to.equal(CORPUS[i]);
      }
      const refused = await api(server, 'asset.set_meta', {
        rid: images[0]!,
        related_link_url: XSS.scriptUrl,
      });
      expect(refused.status).to.equal(400);
      const { body } = await api(server, 'asset.list', { rid: images[0]! });
      expect(body.items[0].related_link_url).to.equal(`https://example.com/${XSS.img}`);
    });

    it('shows captions and file names in the grid as text', async () => {
      const el = await fixture<GalleryView>(
        html`<gallery-view base-url=${server.baseUrl} fid=${fid} token=${server.token} details=${DETAILS}></gallery-view>`,
      );
      const root = el.shadowRoot!;
      await waitUntil(
        () => root.querySelectorAll('.tile:not(.placeholder)').length === stored.size,
        'every tile',
        15000,
      );
      for (const rid of images) {
        const tile = root.querySelector(`.tile[data-rid="${rid}"]`)!;
        expect(text(tile, '[part="caption"]')).to.equal(stored.get(rid)!.caption);
        expect(tile.querySelector('[part="tile-button"]')!.getAttribute('aria-label')).to.equal(
          stored.get(rid)!.caption,
        );
      }
      for (const rid of others) {
        const tile = root.querySelector(`.tile[data-rid="${rid}"]`)!;
        expect(text(tile, '[part="filename"]')).to.equal(stored.get(rid)!.filename);
      }
      await expectInert(el);
    });

    it('shows descriptions in the list layout as text', async () => {
      const el = await fixture<GalleryView>(
        html`<gallery-view layout="list" base-url=${server.baseUrl} fid=${fid} token=${server.token} details=${DETAILS}></gallery-view>`,
      );
      const root = el.shadowRoot!;
      await waitUntil(
        () => root.querySelectorAll('.tile:not(.placeholder)').length === stored.size,
        'every row',
        15000,
      );
      for (const rid of images) {
        const row = root.querySelector(`.tile[data-rid="${rid}"]`)!;
        expect(text(row, '[part="description"]')).to.equal(stored.get(rid)!.description);
      }
      await expectInert(el);
    });

    it('shows caption, description and file name in the open lightbox as text, with http links only', async () => {
      const el = await fixture<GalleryView>(
        html`<gallery-view base-url=${server.baseUrl} fid=${fid} token=${server.token} details=${DETAILS}></gallery-view>`,
      );
      const root = el.shadowRoot!;
      await waitUntil(() => el.getAttribute('state') === 'ready', 'the view', 15000);
      for (const rid of images) {
        expect(await el.open(rid)).to.equal(true);
        await el.updateComplete;
        const item = stored.get(rid)!;
        expect(text(root, '[part="lightbox-caption"]')).to.equal(item.caption);
        expect(text(root, '[part="lightbox-description"]')).to.equal(item.description);
        expect(root.querySelector('[part="lightbox-image"]')!.getAttribute('alt')).to.equal(item.caption);
        await expectInert(el);
      }
      for (const rid of others) {
        expect(await el.open(rid)).to.equal(true);
        await el.updateComplete;
        const item = stored.get(rid)!;
        expect(text(root, '[part="lightbox-stage"] .icon span')).to.equal(item.filename);
        const download = root.querySelector('[part="lightbox-download"]')!;
        expect(download.getAttribute('download')).to.equal(item.filename);
        expect(new URL(download.getAttribute('href')!).protocol).to.equal('http:');
        await expectInert(el);
      }
      el.close();
    });
  });

  describe('<gallery-uploader>', () => {
    it('lists hostile file names in the Dashboard as text and uploads them with hostile metadata', async () => {
      const fid = (await createGallery(server, 'Uploader')).fid;
      const el = await mount({
        'base-url': server.baseUrl,
        token: server.token,
        fid,
        'meta-fields': 'caption,description,tags',
      });
      const uppy = el.uppy!;
      const names = CORPUS.map((payload) => `${payload}.png`);
      for (const [i, name] of names.entries()) {
        const id = uppy.addFile({ name, type: 'image/png', data: await pngFile(`f${i}.png`) });
        uppy.setFileMeta(id, { caption: CORPUS[i], description: CORPUS[i], tags: CORPUS[i] });
      }
      await settle();
      const shown = [...el.shadowRoot!.querySelectorAll('.uppy-Dashboard-Item-name')];
      expect(shown.map((node) => node.getAttribute('title')).sort()).to.deep.equal([...names].sort());
      for (const node of shown) {
        // The Dashboard shortens long names with '...' in the middle; what it shows is the name's text.
        const [shownText, title] = [node.textContent!, node.getAttribute('title')!];
        const cuts = Array.from({ length: shownText.length }, (_, i) => i).filter((i) =>
          shownText.startsWith('...', i),
        );
        const fits = (cut: number) =>
          title.startsWith(shownText.slice(0, cut)) && title.endsWith(shownText.slice(cut + 3));
        expect(shownText === title || cuts.some(fits), shownText).to.equal(true);
      }
      await expectInert(el);

      const successes = collect<GalleryUploadSuccessEvent>(el, 'gallery-upload-success');
      void el.upload();
      await waitUntil(() => successes.length === names.length, 'every upload', 20000);
      for (const { detail } of successes) {
        const i = names.indexOf(detail.file.name);
        expect(detail.asset.caption).to.equal(CORPUS[i]);
        expect(detail.asset.description).to.equal(CORPUS[i]);
      }
      expect(el.shadowRoot!.querySelector('[part="error"]')).to.equal(null);
      await expectInert(el);
    });

    it('shows a server error that quotes a hostile tag, under a hostile file name, as text', async () => {
      const fid = (await createGallery(server, 'Refused tags')).fid;
      const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid, 'meta-fields': 'tags' });
      const name = `${XSS.svg}.png`;
      const id = el.uppy!.addFile({ name, type: 'image/png', data: await pngFile('t.png') });
      el.uppy!.setFileMeta(id, { tags: ECHOED_TAG });
      const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
      void el.upload();
      const { detail } = await failed;
      expect(detail.status).to.equal(400);
      expect(detail.message).to.contain(ECHOED_TAG);
      await el.updateComplete;
      expect(text(el.shadowRoot!, '[part="error"]')).to.equal(`${name}: ${detail.message}`);
      await expectInert(el);
    });

    it('shows a failed import of a hostile URL, its name and the server message, as text', async () => {
      const fid = (await createGallery(server, 'Imports')).fid;
      const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
      for (const payload of CORPUS) {
        // The server fetches this from itself and gets a 404; the name shown is the decoded last segment.
        const errors = collect<GalleryUploadErrorEvent>(el, 'gallery-upload-error');
        await el.importUrl(`${server.origin}/no-such-file/${encodeURIComponent(payload)}`);
        expect(errors.length).to.equal(1);
        expect(errors[0]!.detail.file!.name).to.equal(payload);
        await el.updateComplete;
        expect(text(el.shadowRoot!, '.url-status')!.trim()).to.equal(
          `Import of ${payload} failed: ${errors[0]!.detail.message}`,
        );
        await expectInert(el);
      }
      const errors = collect<GalleryUploadErrorEvent>(el, 'gallery-upload-error');
      await el.importUrl(XSS.scriptUrl);
      expect(errors[0]!.detail.status).to.equal(400);
      await el.updateComplete;
      expect(text(el.shadowRoot!, '.url-status')).to.contain(errors[0]!.detail.message);
      await expectInert(el);
    });
  });

  describe('<live-player>', () => {
    it('shows the admin state and note of a stream with a hostile name as text, and its label as given', async () => {
      for (const payload of CORPUS) {
        const { status, body } = await api(server, 'live.create', { name: payload });
        expect(status, JSON.stringify(body)).to.equal(200);
        expect(body.name).to.equal(payload);
        const el = await fixture<LivePlayer>(
          html`<live-player base-url=${server.baseUrl} liveid=${body.liveid} token=${server.token} admin controls
            aria-label=${payload}></live-player>`,
        );
        const admin = oneEvent(el, 'live-player-admin');
        const [, stop] = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]');
        stop!.click();
        const { detail } = await admin;
        await el.updateComplete;
        const adminStatus = text(el.shadowRoot!, '[part~="admin-status"]')!.replace(/\s+/g, ' ');
        expect(adminStatus).to.contain('Stopped').and.to.contain(detail.note);
        expect(el.shadowRoot!.querySelector<HTMLElement>('[part~="stream-state"]')!.dataset.state).to.equal(
          detail.state,
        );
        expect(el.shadowRoot!.querySelector('video')!.getAttribute('aria-label')).to.equal(payload);
        await expectInert(el);
      }
    });

    it('shows the error of an admin call for a hostile stream id as text, and never plays a javascript: src', async () => {
      const el = await fixture<LivePlayer>(
        html`<live-player base-url=${server.baseUrl} liveid=${XSS.img} token=${server.token} admin></live-player>`,
      );
      await waitUntil(() => el.state === 'error', 'the lookup to fail', 10000);
      const [start] = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]');
      start!.click();
      await waitUntil(
        () => !!text(el.shadowRoot!, '[part~="admin-status"]')?.trim().startsWith('Error:'),
        'the refusal',
      );
      await expectInert(el);

      const direct = await fixture<LivePlayer>(
        html`<live-player src=${XSS.scriptUrl} autoplay></live-player>`,
      );
      await waitUntil(() => direct.state !== 'idle', 'the player to try the source', 10000);
      await expectInert(direct);
    });
  });
});
