// <gallery-view> in Chromium: rendering, paging, states, text-only captions, keyboard lightbox and axe,
// with app-provided items and against a real reference server.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import axe from 'axe-core';
import type { GalleryItem } from '../../src/api/types.ts';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { activeElementDeep } from '../../src/elements/gallery-view/lightbox.ts';
import {
  api,
  type BrowserTestServer,
  createGallery,
  startServer,
  stopServers,
  uploadTo,
} from '../helpers/browser.ts';

/** Bounded polling for what the element does asynchronously (pages, virtualizer, refreshes). */
async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const root = (el: GalleryView) => el.shadowRoot!;
const tiles = (el: GalleryView) => [...root(el).querySelectorAll<HTMLElement>('.tile:not(.placeholder)')];
const dialog = (el: GalleryView) => root(el).querySelector('dialog') ?? document.createElement('dialog');
const counter = (el: GalleryView) => root(el).querySelector('[part="lightbox-counter"]')?.textContent?.trim();

/** A PNG drawn in a canvas, as a Blob (for uploads) or an object URL (for app-provided items). */
async function png(width: number, height: number, hue = 200): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = `hsl(${hue} 60% 50%)`;
  context.fillRect(0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
}

function localItems(count: number, url: string): GalleryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const type = i % 3 === 1 ? 'video' : 'image';
    const version = (w: number, h: number) => ({ url: `${url}#${w}-${i}`, width: w, height: h, filesize: 1 });
    return {
      rid: `r${i}`,
      type,
      filename: `file-${i}.${type === 'video' ? 'mp4' : 'png'}`,
      caption: `Caption ${i}`,
      description: `Description ${i}`,
      width: 1200,
      height: 900,
      thumbnail: { url: `${url}#200-${i}`, width: 200, height: 150 },
      versions: {
        original: type === 'video' ? { ...version(1200, 900), url: `${url}#video-${i}` } : version(1200, 900),
        jpg_200x150: version(200, 150),
        jpg_600x450: version(600, 450),
      },
    } as GalleryItem;
  });
}

describe('<gallery-view> with app-provided items', () => {
  let imageUrl: string;
  before(async () => {
    imageUrl = URL.createObjectURL(await png(40, 30));
  });

  it('renders mixed images and videos in order with srcset, sizes, lazy loading and captions', async () => {
    const items = localItems(6, imageUrl);
    const el = await fixture<GalleryView>(html`<gallery-view .items=${items}></gallery-view>`);
    await until(() => tiles(el).length === 6, 'six tiles');
    expect(el.getAttribute('state')).to.equal('ready');
    const shown = tiles(el).sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    expect(shown.map((t) => t.dataset.rid)).to.deep.equal(items.map((i) => i.rid));
    for (const [i, tileEl] of shown.entries()) {
      const img = tileEl.querySelector('img')!;
      expect(img.getAttribute('srcset')).to.contain('200w').and.to.contain('600w');
      expect(img.getAttribute('sizes')).to.match(/^\d+px$/);
      expect(img.getAttribute('loading')).to.equal('lazy');
      expect(img.getAttribute('width')).to.equal('1200');
      expect(img.getAttribute('height')).to.equal('900');
      expect(tileEl.querySelector('[part="caption"]')!.textContent).to.equal(`Caption ${i}`);
      const isVideo = items[i]!.type === 'video';
      expect(!!tileEl.querySelector('[part="play-badge"]')).to.equal(isVideo);
      // A video's original is never used as a still.
      if (isVideo) expect(img.getAttribute('srcset')).not.to.contain('#video');
    }
  });

  it('shows audio and other files with an icon and their file name, and hides captions on request', async () => {
    const items = [
      { rid: 'a1', type: 'audio', filename: 'song.mp3', caption: 'A song', thumbnail: null, versions: {} },
      { rid: 'o1', type: 'other', filename: 'notes.pdf', caption: 'Notes', thumbnail: null, versions: {} },
    ] as unknown as GalleryItem[];
    const el = await fixture<GalleryView>(html`<gallery-view captions="off" .items=${items}></gallery-view>`);
    await until(() => tiles(el).length === 2, 'two tiles');
    const names = tiles(el).map((t) => t.querySelector('[part="filename"]')?.textContent);
    expect(names.sort()).to.deep.equal(['notes.pdf', 'song.mp3']);
    expect(root(el).querySelector('[part="caption"]')).to.equal(null);
    expect(root(el).querySelector('.icon svg')).to.not.equal(null);
  });

  it('renders captions holding markup as text and runs nothing', async () => {
    const win = window as unknown as { __pwned?: number };
    win.__pwned = 0;
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const items = localItems(1, imageUrl).map((item) => ({ ...item, caption: evil, description: evil }));
    const el = await fixture<GalleryView>(html`<gallery-view .items=${items}></gallery-view>`);
    await until(() => tiles(el).length === 1, 'the tile');
    expect(tiles(el)[0]!.querySelector('[part="caption"]')!.textContent).to.equal(evil);
    expect(root(el).querySelector('script')).to.equal(null);
    expect(root(el).querySelectorAll('img[src="x"]').length).to.equal(0);
    await el.open('r0');
    expect(root(el).querySelector('[part="lightbox-caption"]')!.textContent).to.equal(evil);
    expect(root(el).querySelector('[part="lightbox-description"]')!.textContent).to.equal(evil);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(win.__pwned).to.equal(0);
    el.close();
  });

  it('keeps every caption inside its tile and fits a tall image inside the open lightbox', async () => {
    // Portrait and landscape sources in one grid: the caption row must never be squeezed out of the tile.
    const tall = URL.createObjectURL(await png(600, 1600, 20));
    const wide = URL.createObjectURL(await png(1600, 500, 120));
    const item = (i: number, url: string, width: number, height: number) =>
      ({
        rid: `s${i}`,
        type: 'image',
        filename: `s${i}.png`,
        caption: `Shape ${i} with a caption long enough to need an ellipsis in a narrow tile`,
        width,
        height,
        thumbnail: { url, width, height },
        versions: { original: { url, width, height, filesize: 1 } },
      }) as GalleryItem;
    const items = [item(0, tall, 600, 1600), item(1, wide, 1600, 500), item(2, tall, 600, 1600)];
    const el = await fixture<GalleryView>(
      html`<gallery-view style="width: 640px" .items=${items}></gallery-view>`,
    );
    await until(() => tiles(el).length === 3, 'three tiles');
    await until(() => [...root(el).querySelectorAll('img')].every((img) => img.complete), 'images');
    for (const t of tiles(el)) {
      const box = t.getBoundingClientRect();
      const caption = t.querySelector('[part="caption"]')!.getBoundingClientRect();
      expect(caption.height, 'caption has its line').to.be.greaterThan(10);
      expect(caption.bottom, `caption of ${t.dataset.rid} inside its tile`).to.be.at.most(box.bottom + 0.5);
    }
    const heights = tiles(el).map((t) =>
      Math.round(t.querySelector('.media')!.getBoundingClientRect().height),
    );
    expect(new Set(heights).size, `grid media boxes share one height: ${heights}`).to.equal(1);

    root(el).querySelector<HTMLElement>('.tile[data-index="0"] .media')!.click();
    await until(() => dialog(el).open, 'the lightbox to open');
    const image = root(el).querySelector<HTMLImageElement>('dialog img')!;
    await until(() => image.complete && image.naturalWidth > 0, 'the lightbox image');
    const shown = image.getBoundingClientRect();
    expect(shown.top, 'image top on screen').to.be.at.least(0);
    expect(shown.bottom, 'image bottom on screen').to.be.at.most(window.innerHeight + 0.5);
    expect(shown.right, 'image right on screen').to.be.at.most(window.innerWidth + 0.5);
    // Its own proportions: 600 x 1600, letterboxed rather than stretched.
    expect(shown.width / shown.height).to.be.closeTo(600 / 1600, 0.02);
    el.close();
  });

  it('lines up the images of a row whether or not its tiles have a caption, in grid and masonry', async () => {
    const items = localItems(6, imageUrl).map((item, i) => (i % 2 ? { ...item, caption: '' } : item));
    const mediaBoxes = (el: GalleryView) =>
      tiles(el).map((t) => ({ tile: t, media: t.querySelector('.media')!.getBoundingClientRect() }));
    const grid = await fixture<GalleryView>(
      html`<gallery-view style="width: 640px" .items=${items}></gallery-view>`,
    );
    await until(() => tiles(grid).length === 6, 'six grid tiles');
    const rows = new Map<number, number[]>();
    for (const { media } of mediaBoxes(grid))
      rows.set(Math.round(media.top), [...(rows.get(Math.round(media.top)) ?? []), Math.round(media.height)]);
    expect(rows.size, 'two rows').to.equal(2);
    for (const heights of rows.values()) expect(new Set(heights).size, `heights ${heights}`).to.equal(1);

    const masonry = await fixture<GalleryView>(
      html`<gallery-view layout="masonry" style="width: 640px" .items=${items}></gallery-view>`,
    );
    await until(() => tiles(masonry).length === 6, 'six masonry tiles');
    // Every image box keeps the photo's 4:3, captioned or not (the caption's line is kept either way).
    for (const { tile, media } of mediaBoxes(masonry))
      expect(media.width / media.height, tile.dataset.rid).to.be.closeTo(4 / 3, 0.05);

    // Without captions nothing is kept: the image fills its tile.
    grid.captions = false;
    await until(() => !root(grid).querySelector('[part="caption"]'), 'captions off');
    for (const { tile, media } of mediaBoxes(grid))
      expect(media.height).to.be.closeTo(tile.getBoundingClientRect().height, 0.5);
  });

  it('works by keyboard alone: opens, moves with arrows, Home and End, traps Tab, closes on Esc and returns focus', async () => {
    const items = localItems(5, imageUrl);
    const el = await fixture<GalleryView>(html`<gallery-view .items=${items}></gallery-view>`);
    await until(() => tiles(el).length === 5, 'five tiles');
    const first = root(el).querySelector<HTMLElement>('.tile[data-index="0"] .media')!;
    first.focus();
    const opened = oneEvent(el, 'gallery-item-open');
    await sendKeys({ press: 'Enter' });
    expect((await opened).detail.rid).to.equal('r0');
    await until(() => dialog(el).open, 'the lightbox to open');
    expect(counter(el)).to.equal('1 / 5');
    await sendKeys({ press: 'ArrowRight' });
    await el.updateComplete;
    expect(counter(el)).to.equal('2 / 5');
    // Index 1 is a video: it plays from the original version.
    expect(root(el).querySelector('video')!.getAttribute('src')).to.equal(items[1]!.versions.original.url);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(counter(el)).to.equal('5 / 5');
    await sendKeys({ press: 'ArrowLeft' });
    await el.updateComplete;
    expect(counter(el)).to.equal('4 / 5');
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(counter(el)).to.equal('1 / 5');
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: i % 2 ? 'Shift+Tab' : 'Tab' });
      expect(dialog(el).contains(activeElementDeep())).to.equal(true);
    }
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      expect(dialog(el).contains(activeElementDeep())).to.equal(true);
    }
    const closed = oneEvent(el, 'gallery-lightbox-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(dialog(el).open).to.equal(false);
    expect(activeElementDeep()).to.equal(root(el).querySelector('.tile[data-index="0"] .media'));
  });

  it('swipes to the next item on touch-like pointer moves', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${localItems(3, imageUrl)}></gallery-view>`,
    );
    await until(() => tiles(el).length === 3, 'three tiles');
    await el.open('r0');
    const stage = root(el).querySelector<HTMLElement>('[part="lightbox-stage"]')!;
    const pointer = (type: string, x: number) =>
      stage.dispatchEvent(
        new PointerEvent(type, { clientX: x, clientY: 200, bubbles: true, pointerType: 'touch' }),
      );
    pointer('pointerdown', 300);
    pointer('pointerup', 120);
    await el.updateComplete;
    expect(counter(el)).to.equal('2 / 3');
    el.close();
  });

  it('lets a gallery-item-open listener cancel the lightbox', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${localItems(2, imageUrl)}></gallery-view>`,
    );
    await until(() => tiles(el).length === 2, 'two tiles');
    el.addEventListener('gallery-item-open', (event) => event.preventDefault(), { once: true });
    expect(await el.open('r1')).to.equal(false);
    expect(dialog(el).open).to.equal(false);
  });

  it('has no axe violations on the grid and on the open lightbox, in light and dark themes', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${localItems(6, imageUrl)}></gallery-view>`,
    );
    await until(() => tiles(el).length === 6, 'six tiles');
    const grid = await axe.run(el, { resultTypes: ['violations'] });
    expect(grid.violations.map((v) => v.id)).to.deep.equal([]);
    el.theme = 'dark';
    await el.updateComplete;
    const dark = await axe.run(el, { resultTypes: ['violations'] });
    expect(dark.violations.map((v) => v.id)).to.deep.equal([]);
    await el.open('r0');
    const lightbox = await axe.run(el, { resultTypes: ['violations'] });
    expect(lightbox.violations.map((v) => v.id)).to.deep.equal([]);
    el.close();
  });

  it('lays items out as masonry and as a list with descriptions', async () => {
    const items = localItems(4, imageUrl);
    const masonry = await fixture<GalleryView>(
      html`<gallery-view layout="masonry" .items=${items}></gallery-view>`,
    );
    await until(() => tiles(masonry).length === 4, 'four masonry tiles');
    const list = await fixture<GalleryView>(
      html`<gallery-view layout="list" .items=${items}></gallery-view>`,
    );
    await until(() => tiles(list).length === 4, 'four list rows');
    const row = root(list).querySelector('.tile[data-index="2"]')!;
    expect(row.querySelector('[part="description"]')!.textContent).to.equal('Description 2');
    expect(row.querySelector('img')!.getAttribute('sizes')).to.equal('160px');
  });

  it('keeps the DOM small for a long list (virtualized)', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${localItems(3000, imageUrl)} tile-width="150"></gallery-view>`,
    );
    await until(() => tiles(el).length > 0, 'tiles');
    expect(tiles(el).length).to.be.lessThan(300);
    expect(el.itemCount()).to.equal(3000);
  });
});

describe('<gallery-view> against the reference server', function () {
  // Uploads share two cores with the server's image processing: give a loaded CI machine room.
  this.timeout(45000);
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer();
  });
  // Not awaited: the server's close() sometimes waits ~20 s for Chromium's keep-alive sockets (image
  // loads), longer than the runner's 20 s command timeout; the runner's plugin finishes the close.
  after(() => {
    void stopServers().catch(() => undefined);
  });

  /** The first bytes of an MP4 (`ftyp`): enough for the server to call it a video. */
  const fakeVideo = () =>
    new Blob([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0])], {
      type: 'video/mp4',
    });

  it('renders a gallery of mixed images and videos in order with srcset and captions', async () => {
    const gallery = await createGallery(server, 'Mixed');
    const files: [Blob, string, string][] = [
      [await png(640, 480, 10), 'a.png', 'First photo'],
      [fakeVideo(), 'clip.mp4', 'A clip'],
      [await png(300, 600, 120), 'b.png', 'Tall photo'],
      [await png(800, 400, 240), 'c.png', 'Wide photo'],
    ];
    const rids: string[] = [];
    for (const [blob, name, caption] of files)
      rids.push((await uploadTo(gallery.upload_url, blob, name, { caption })).rid);
    // srcset needs widths: wait (bounded) until the server has generated the images' versions.
    const deadline = performance.now() + 15000;
    for (;;) {
      const { body } = await api(server, 'gallery.get_items', { fid: gallery.fid });
      const items: GalleryItem[] = body.folder?.items ?? [];
      if (items.filter((i) => i.type === 'image').every((i) => i.syncstatus !== 'pending')) break;
      if (performance.now() > deadline) throw new Error('versions were not generated in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const el = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token=${server.token}></gallery-view>`,
    );
    await until(() => tiles(el).length === 4, 'four tiles');
    const shown = tiles(el).sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
    expect(shown.map((t) => t.dataset.rid)).to.deep.equal(rids);
    expect(shown.map((t) => t.dataset.type)).to.deep.equal(['image', 'video', 'image', 'image']);
    expect(shown.map((t) => t.querySelector('[part="caption"]')?.textContent)).to.deep.equal(
      files.map((f) => f[2]),
    );
    for (const index of [0, 2, 3]) {
      const img = shown[index]!.querySelector('img')!;
      expect(img.getAttribute('srcset')).to.match(/ \d+w/);
      expect(img.getAttribute('loading')).to.equal('lazy');
    }
    expect(shown[1]!.querySelector('[part="play-badge"]')).to.not.equal(null);
  });

  it('fetches the next page when the visitor scrolls', async () => {
    const gallery = await createGallery(server, 'Paged');
    const blob = await png(64, 48);
    const rids: string[] = [];
    for (let i = 0; i < 24; i++)
      rids.push((await uploadTo(gallery.upload_url, blob, `p${i}.png`, { caption: `P${i}` })).rid);
    const pages = new Set<number>();
    const el = document.createElement('gallery-view');
    el.addEventListener('gallery-load', (event) => pages.add(event.detail.page));
    Object.assign(el, { baseUrl: server.baseUrl, fid: gallery.fid, token: server.token, itemsPerPage: 4 });
    el.tileWidth = 380;
    el.style.width = '780px';
    await fixture(html`<div>${el}</div>`);
    await until(() => pages.has(1) && tiles(el).length > 0, 'the first page');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pages.has(6), `pages before scrolling: ${[...pages]}`).to.equal(false);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await until(() => pages.has(6), 'the last page after scrolling');
    await until(() => !!root(el).querySelector('.tile[data-index="23"]:not(.placeholder)'), 'the last tile');
    window.scrollTo(0, 0);

    // A deep link to an item on a page not loaded yet: open(rid) fetches pages until it finds it.
    const fresh = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token=${server.token} items-per-page="4"
        tile-width="380" style="width: 780px"></gallery-view>`,
    );
    await until(() => fresh.getAttribute('state') === 'ready', 'the fresh view');
    expect(await fresh.open(rids[22]!)).to.equal(true);
    expect(counter(fresh)).to.equal('23 / 24');
    expect(await fresh.open('no-such-rid')).to.equal(false);
    fresh.close();
  });

  it('shows the error state with a retry button on 403 and on 404', async () => {
    const gallery = await createGallery(server, 'Private');
    const denied = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token="not-a-token"></gallery-view>`,
    );
    await until(() => denied.getAttribute('state') === 'error', 'the 403 error state');
    expect(root(denied).querySelector('[part="error"]')!.getAttribute('data-status')).to.equal('403');
    expect(root(denied).querySelector('[part="retry-button"]')).to.not.equal(null);

    const missing = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid="no-such-gallery" token=${server.token}></gallery-view>`,
    );
    await until(() => missing.getAttribute('state') === 'error', 'the 404 error state');
    expect(root(missing).querySelector('[part="error"]')!.getAttribute('data-status')).to.equal('404');
    expect(root(missing).querySelector('[part="error"] p')!.textContent).to.contain('does not exist');
    // The retry button asks again: with a valid token now, the 403 view recovers.
    denied.token = server.token;
    await until(() => denied.getAttribute('state') !== 'error', 'the reload after a token change');
    await until(() => ['empty', 'ready'].includes(denied.getAttribute('state')!), 'the recovered state');
  });

  it('retries from the error state after a network failure', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view base-url="http://127.0.0.1:9/v2/" fid="x" token="t"></gallery-view>`,
    );
    await until(() => el.getAttribute('state') === 'error', 'the network error state');
    expect(root(el).querySelector('[part="error"]')!.getAttribute('data-status')).to.equal('0');
    el.baseUrl = server.baseUrl;
    el.fid = (await createGallery(server, 'Later')).fid;
    el.token = server.token;
    await until(() => el.getAttribute('state') === 'empty', 'the empty state');
    expect(root(el).querySelector('[part="empty"] slot[name="empty"]')).to.not.equal(null);
  });

  it('retry button loads again', async () => {
    const gallery = await createGallery(server, 'Retry');
    const el = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token="bad"></gallery-view>`,
    );
    await until(() => el.getAttribute('state') === 'error', 'the error state');
    let loads = 0;
    el.addEventListener('gallery-error', () => loads++);
    root(el).querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await until(() => loads === 1, 'a second attempt');
    expect(el.getAttribute('state')).to.equal('error');
  });

  it('refreshes when an uploader reports a success for the same gallery, not for another', async () => {
    const gallery = await createGallery(server, 'Live');
    const other = await createGallery(server, 'Other');
    const el = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token=${server.token}></gallery-view>`,
    );
    await until(() => el.getAttribute('state') === 'empty', 'the empty gallery');
    const { rid } = await uploadTo(gallery.upload_url, await png(50, 50), 'new.png', { caption: 'New' });
    let loads = 0;
    el.addEventListener('gallery-load', () => loads++);
    const success = (fid: string) =>
      Object.assign(new Event('gallery-upload-success', { bubbles: true, composed: true }), {
        detail: { fid, rid },
      });
    document.body.dispatchEvent(success(other.fid));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(loads).to.equal(0);
    document.body.dispatchEvent(success(gallery.fid));
    await until(() => tiles(el).length === 1, 'the uploaded item');
    expect(tiles(el)[0]!.dataset.rid).to.equal(rid);
    // refresh() does the same on demand.
    await uploadTo(gallery.upload_url, await png(50, 50), 'second.png');
    el.refresh();
    await until(() => tiles(el).length === 2, 'the second item');
  });
});
