// The lightbox in the address bar, against the reference server in Chromium: `#rid=` while an item is
// shown, Back closes, closing leaves no stray history entry, a `#rid=` address opens its item (paging
// through the gallery), an unknown rid does nothing, `history="off"`, and one owner among two galleries.
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { GalleryItem } from '../../src/api/types.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { activeElementDeep } from '../../src/elements/gallery-view/lightbox.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import {
  centre,
  closeAndSettle,
  counter,
  isOpen,
  mountView,
  part,
  seedGallery,
  sleep,
  until,
} from './gallery-view.support.ts';

const plainAddress = () => `${location.pathname}${location.search}`;
const ridInAddress = () =>
  location.hash.startsWith('#rid=') ? decodeURIComponent(location.hash.slice(5)) : null;
const tile = (el: GalleryView, index: number) =>
  el.shadowRoot!.querySelector<HTMLElement>(`.tile[data-index="${index}"]:not(.placeholder) .media`);

describe('<gallery-view> lightbox and the address bar', function () {
  this.timeout(60000);
  let server: BrowserTestServer;
  let fid: string;
  let items: GalleryItem[];
  let other: { fid: string; items: GalleryItem[] };

  before(async () => {
    server = await startServer();
    const uploads = Array.from({ length: 5 }, (_, i) => ({
      name: `p${i}.png`,
      width: 320,
      height: 200,
      caption: `Photo ${i}`,
    }));
    ({ fid, items } = await seedGallery(server, uploads));
    other = await seedGallery(server, [{ name: 'other.png', width: 200, height: 200, caption: 'Other' }]);
  });
  beforeEach(() => history.replaceState(null, '', plainAddress()));
  afterEach(async () => {
    await resetMouse();
    history.replaceState(null, '', plainAddress());
  });
  after(() => {
    void stopServers().catch(() => undefined);
  });

  it('names the item in the address with one new entry; moving keeps that entry; Back closes', async () => {
    const el = await mountView(server, fid);
    const before = history.length;
    const first = tile(el, 0)!;
    const { x, y } = centre(first);
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
    await until(() => isOpen(el) && ridInAddress() === items[0]!.rid, 'the lightbox and #rid=');
    const opened = history.length;
    expect(opened).to.equal(before + 1);
    await sendKeys({ press: 'ArrowRight' });
    await until(() => ridInAddress() === items[1]!.rid, 'the address to follow');
    expect(history.length).to.equal(opened);
    history.back();
    await until(() => !isOpen(el), 'Back to close the lightbox');
    expect(location.hash).to.equal('');
    expect(history.length).to.equal(opened);
    await until(() => activeElementDeep() === tile(el, 1), 'focus on the tile last shown');
  });

  it('closing by Escape or by the close button steps back: the history length stays as after opening', async () => {
    const el = await mountView(server, fid);
    tile(el, 2)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => ridInAddress() === items[2]!.rid, '#rid= after Enter');
    const opened = history.length;
    await sendKeys({ press: 'Escape' });
    await until(() => !isOpen(el) && location.hash === '', 'Escape to close and clear the address');
    expect(history.length).to.equal(opened);
    expect(history.state?.galleryLightbox).to.equal(undefined);

    // Again, closed with the mouse on the close button: no entry piles up.
    tile(el, 3)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => ridInAddress() === items[3]!.rid, '#rid= again');
    expect(history.length).to.equal(opened);
    const { x, y } = centre(part(el, 'lightbox-close')!);
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
    await until(() => !isOpen(el) && location.hash === '', 'the close button to close and clear the address');
    expect(history.length).to.equal(opened);
  });

  it('opens the item of a #rid= address once the gallery has it, fetching the pages up to it', async () => {
    const target = items[4]!;
    history.replaceState(null, '', `${plainAddress()}#rid=${encodeURIComponent(target.rid)}`);
    const length = history.length;
    const el = await mountView(server, fid, { 'items-per-page': '2' });
    await until(() => isOpen(el) && counter(el) === '5 / 5', 'the deep-linked item');
    expect(part(el, 'lightbox-caption')!.textContent).to.equal('Photo 4');
    // Opened from the address: no entry was added, and closing clears the hash in place.
    expect(history.length).to.equal(length);
    await sendKeys({ press: 'Escape' });
    await until(() => !isOpen(el) && location.hash === '', 'the hash to clear');
    expect(history.length).to.equal(length);
  });

  it('does nothing, and throws nothing, for a #rid= the gallery does not have', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent | PromiseRejectionEvent) =>
      errors.push(String('reason' in event ? event.reason : event.message));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    try {
      history.replaceState(null, '', `${plainAddress()}#rid=no-such-item`);
      const loads: number[] = [];
      const el = document.createElement('gallery-view');
      el.addEventListener('gallery-load', (event) => loads.push(event.detail.page));
      Object.assign(el, { baseUrl: server.baseUrl, fid, token: server.token, itemsPerPage: 2 });
      document.body.append(el);
      try {
        // It looks through every page (3) for the rid, then gives up quietly.
        await until(() => [1, 2, 3].every((page) => loads.includes(page)), 'every page');
        await sleep(300);
        expect(isOpen(el)).to.equal(false);
        expect(location.hash).to.equal('#rid=no-such-item');
        expect(errors).to.deep.equal([]);
      } finally {
        el.remove();
      }
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    }
  });

  it('leaves the address alone with history="off"', async () => {
    const el = await mountView(server, fid, { history: 'off' });
    const length = history.length;
    expect(await el.open(items[1]!.rid)).to.equal(true);
    await sleep(100);
    expect(location.hash).to.equal('');
    expect(history.length).to.equal(length);
    el.close();
    await sleep(100);
    expect(history.length).to.equal(length);
  });

  it('gives the hash to one gallery only: the first connected, then the next when it leaves', async () => {
    const first = await mountView(server, fid);
    const second = await mountView(server, other.fid);
    // The second gallery's lightbox does not touch the address while the first owns it.
    expect(await second.open(other.items[0]!.rid)).to.equal(true);
    await sleep(100);
    expect(location.hash).to.equal('');
    second.close();
    expect(await first.open(items[0]!.rid)).to.equal(true);
    await until(() => ridInAddress() === items[0]!.rid, 'the owner to set #rid=');
    await closeAndSettle(first);
    // A #rid= of the second gallery's item is not the first's to open, and the second does not own it.
    history.replaceState(null, '', `${plainAddress()}#rid=${other.items[0]!.rid}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await sleep(200);
    expect(isOpen(first) || isOpen(second)).to.equal(false);
    history.replaceState(null, '', plainAddress());
    // Once the first leaves, the second owns the hash.
    first.parentElement!.remove();
    expect(await second.open(other.items[0]!.rid)).to.equal(true);
    await until(() => ridInAddress() === other.items[0]!.rid, 'the new owner to set #rid=');
    await closeAndSettle(second);
  });
});
