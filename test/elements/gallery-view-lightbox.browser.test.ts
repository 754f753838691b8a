// The <gallery-view> lightbox against the reference server in Chromium: images never blown up past their
// natural size and filling a phone's width, zoom (double click, keys, the control, pinch, ctrl+wheel) with
// bounded panning, full screen, and the download of the original, each by keyboard and by pointer.
import { expect } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import axe from 'axe-core';
import type { GalleryItem } from '../../src/api/types.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import {
  centre,
  closeAndSettle,
  counter,
  image,
  isOpen,
  mountView,
  openOn,
  part,
  pointer,
  seedGallery,
  sleep,
  until,
} from './gallery-view.support.ts';

const box = (element: Element) => element.getBoundingClientRect();
/** The image's rendered width over its fitted width: 1 fitted, 1.5 after one `+`. */
const scaleOf = (el: GalleryView, fittedWidth: number) => box(image(el)!).width / fittedWidth;
const pressed = (el: GalleryView, name: string) => part(el, name)?.getAttribute('aria-pressed');

/** A real mouse click in the middle of an element (Playwright input: it counts as a user gesture). */
async function click(element: Element): Promise<void> {
  const { x, y } = centre(element);
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
}

/** A real mouse drag from one point to another. */
async function drag(from: [number, number], to: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: to });
  await sendMouse({ type: 'up' });
}

/** Waits until a zoom's transition (0.2 s) is over and the image's width holds still. */
async function settled(el: GalleryView): Promise<void> {
  await sleep(50);
  await until(
    () =>
      image(el)!
        .getAnimations()
        .every((animation) => animation.playState !== 'running'),
    'the zoom transition to end',
  );
  let last = -1;
  await until(() => {
    const width = box(image(el)!).width;
    const still = Math.abs(width - last) < 0.01;
    last = width;
    return still;
  }, 'the zoom to settle');
}

describe('<gallery-view> lightbox: sizing, zoom, full screen, download', function () {
  this.timeout(60000);
  let server: BrowserTestServer;
  let fid: string;
  let items: GalleryItem[];
  let blobs: Blob[];
  const rid = (name: string) => items.find((item) => item.filename === name)!.rid;

  before(async () => {
    server = await startServer();
    ({ fid, items, blobs } = await seedGallery(server, [
      { name: 'small.png', width: 720, height: 477 },
      { name: 'wide.png', width: 1600, height: 1000, caption: 'A wide photo' },
      { name: 'tall.png', width: 600, height: 1600, caption: 'A tall photo' },
      { name: 'Grüße (1).png', width: 400, height: 300, caption: 'Non-ASCII name' },
    ]));
  });
  afterEach(async () => {
    await resetMouse();
    if (document.fullscreenElement) await document.exitFullscreen();
  });
  after(() => {
    void stopServers().catch(() => undefined);
  });

  it('never blows a 720x477 image up at 1280 px, and shows it from a version with all its pixels', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountView(server, fid);
    await openOn(el, rid('small.png'));
    const shown = box(image(el)!);
    expect(shown.width).to.be.within(719.5, 720.5);
    expect(shown.height).to.be.within(476.5, 477.5);
    const probe = new Image();
    probe.src = image(el)!.currentSrc;
    await probe.decode();
    expect(probe.naturalWidth, probe.src).to.be.at.least(720);
    await closeAndSettle(el);
  });

  it('fills the width of a 390 px phone, from a version near that size rather than the original', async () => {
    await setViewport({ width: 390, height: 844 });
    let el: GalleryView | undefined;
    try {
      el = await mountView(server, fid);
      await openOn(el, rid('small.png'));
      const shown = box(image(el)!);
      expect(shown.width).to.be.within(370, 390.5);
      expect(shown.width / shown.height).to.be.closeTo(720 / 477, 0.01);
      const wideItem = items.find((item) => item.filename === 'wide.png')!;
      await openOn(el, wideItem.rid);
      expect(box(image(el)!).width).to.be.within(370, 390.5);
      expect(image(el)!.currentSrc).to.not.equal(wideItem.versions.original.url);
      await closeAndSettle(el);
    } finally {
      // Resizing the window under a mounted grid trips the browser's ResizeObserver loop warning (the
      // virtualizer re-measures its tiles), which the test runner takes for an error: unmount first.
      el?.parentElement?.remove();
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('fits a tall image on screen, below the toolbar and in its own proportions', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('tall.png'));
    const shown = box(image(el)!);
    expect(shown.top).to.be.at.least(box(part(el, 'lightbox-toolbar')!).bottom - 0.5);
    expect(shown.bottom).to.be.at.most(box(part(el, 'lightbox-caption')!).top + 0.5);
    expect(shown.width / shown.height).to.be.closeTo(600 / 1600, 0.01);
    await closeAndSettle(el);
  });

  it('zooms to natural size at the double-clicked point, loads the original, and back on a second double click', async () => {
    const el = await mountView(server, fid);
    const wide = items.find((item) => item.filename === 'wide.png')!;
    await openOn(el, wide.rid);
    const fitted = box(image(el)!);
    expect(fitted.width).to.be.below(1600);
    const at = { x: fitted.left + fitted.width * 0.4, y: fitted.top + fitted.height * 0.45 };
    for (let i = 0; i < 2; i++) {
      pointer(el, 'pointerdown', at.x, at.y);
      pointer(el, 'pointerup', at.x, at.y);
    }
    await settled(el);
    const zoomed = box(image(el)!);
    expect(zoomed.width).to.be.within(1599, 1601);
    // The point under the pointer stayed under it.
    expect((at.x - zoomed.left) / zoomed.width).to.be.closeTo(0.4, 0.005);
    expect((at.y - zoomed.top) / zoomed.height).to.be.closeTo(0.45, 0.005);
    expect(pressed(el, 'lightbox-zoom')).to.equal('true');
    await until(() => image(el)!.currentSrc === wide.versions.original.url, 'the original');
    expect(axeIds(await axe.run(el, { resultTypes: ['violations'] }))).to.deep.equal([]);
    await sleep(400);
    for (let i = 0; i < 2; i++) {
      pointer(el, 'pointerdown', at.x, at.y);
      pointer(el, 'pointerup', at.x, at.y);
    }
    await settled(el);
    expect(box(image(el)!).width).to.be.closeTo(fitted.width, 0.5);
    expect(pressed(el, 'lightbox-zoom')).to.equal('false');
    await closeAndSettle(el);
  });

  it('zooms a small image shown at its natural size to twice that', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('small.png'));
    const { x, y } = centre(image(el)!);
    for (let i = 0; i < 2; i++) {
      pointer(el, 'pointerdown', x, y);
      pointer(el, 'pointerup', x, y);
    }
    await settled(el);
    expect(box(image(el)!).width).to.be.within(1439, 1441);
    await closeAndSettle(el);
  });

  it('zooms with + - 0 and with the zoom control by keyboard and by mouse', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('wide.png'));
    const fittedWidth = box(image(el)!).width;
    await sendKeys({ press: '+' });
    await settled(el);
    expect(scaleOf(el, fittedWidth)).to.be.closeTo(1.5, 0.01);
    await sendKeys({ press: '+' });
    await settled(el);
    // Capped at twice the natural size.
    expect(box(image(el)!).width).to.be.closeTo(Math.min(1600 * 2, fittedWidth * 2.25), 1);
    await sendKeys({ press: '-' });
    await settled(el);
    expect(scaleOf(el, fittedWidth)).to.be.closeTo(1.5, 0.01);
    await sendKeys({ press: '0' });
    await settled(el);
    expect(scaleOf(el, fittedWidth)).to.be.closeTo(1, 0.001);

    const control = part(el, 'lightbox-zoom')!;
    expect(control.getAttribute('aria-label')).to.equal('Zoom');
    expect(control.getAttribute('aria-pressed')).to.equal('false');
    control.focus();
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(box(image(el)!).width).to.be.within(1599, 1601);
    expect(pressed(el, 'lightbox-zoom')).to.equal('true');
    await sendKeys({ press: 'Space' });
    await settled(el);
    expect(scaleOf(el, fittedWidth)).to.be.closeTo(1, 0.001);

    await click(part(el, 'lightbox-zoom')!);
    await settled(el);
    expect(box(image(el)!).width).to.be.within(1599, 1601);
    await click(part(el, 'lightbox-zoom')!);
    await settled(el);
    expect(scaleOf(el, fittedWidth)).to.be.closeTo(1, 0.001);
    expect(pressed(el, 'lightbox-zoom')).to.equal('false');
    await closeAndSettle(el);
  });

  it('pinches with two touch pointers about their midpoint, and zooms with ctrl+wheel', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('wide.png'));
    const fitted = box(image(el)!);
    const { x, y } = centre(image(el)!);
    const touch = (type: string, id: number, px: number) =>
      pointer(el, type, px, y, { pointerId: id, pointerType: 'touch', isPrimary: id === 11 });
    touch('pointerdown', 11, x - 60);
    touch('pointerdown', 12, x + 60);
    touch('pointermove', 12, x + 120);
    touch('pointermove', 11, x - 120);
    // Spread from 120 to 240 px: twice the size, the midpoint where it was.
    expect(scaleOf(el, fitted.width)).to.be.closeTo(2, 0.01);
    expect(centre(image(el)!).x).to.be.closeTo(x, 0.5);
    touch('pointerup', 12, x + 120);
    touch('pointerup', 11, x - 120);
    await el.updateComplete;
    expect(pressed(el, 'lightbox-zoom')).to.equal('true');
    // Pinched back below the fitted size, it settles fitted.
    touch('pointerdown', 11, x - 120);
    touch('pointerdown', 12, x + 120);
    touch('pointermove', 12, x + 20);
    touch('pointermove', 11, x - 20);
    touch('pointerup', 11, x - 20);
    touch('pointerup', 12, x + 20);
    await settled(el);
    expect(scaleOf(el, fitted.width)).to.be.closeTo(1, 0.001);

    const wheel = new WheelEvent('wheel', {
      deltaY: -100,
      ctrlKey: true,
      clientX: x,
      clientY: y,
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    part(el, 'lightbox-stage')!.dispatchEvent(wheel);
    expect(wheel.defaultPrevented, 'the page does not zoom').to.equal(true);
    expect(scaleOf(el, fitted.width)).to.be.closeTo(2, 0.01);
    await closeAndSettle(el);
  });

  it('pans a zoomed image by dragging, never past its edges, and a drag then does not move to another item', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('wide.png'));
    const before = counter(el);
    await sendKeys({ press: '+' });
    await sendKeys({ press: '+' });
    await settled(el);
    const area = box(part(el, 'lightbox-stage')!);
    const zoomed = box(image(el)!);
    expect(zoomed.width).to.be.above(area.width);
    expect(zoomed.height).to.be.above(area.height);
    // Far right and down: the image's left and top edges stop at the stage's.
    await drag([100, 100], [1200, 700]);
    await drag([100, 100], [1200, 700]);
    expect(box(image(el)!).left).to.be.closeTo(area.left, 0.5);
    expect(box(image(el)!).top).to.be.closeTo(area.top, 0.5);
    // Far left and up: the right and bottom edges stop at the stage's.
    await drag([1200, 700], [100, 100]);
    await drag([1200, 700], [100, 100]);
    await drag([1200, 700], [100, 100]);
    expect(box(image(el)!).right).to.be.closeTo(area.right, 0.5);
    expect(box(image(el)!).bottom).to.be.closeTo(area.bottom, 0.5);
    expect(counter(el)).to.equal(before);
    expect(isOpen(el)).to.equal(true);
    await closeAndSettle(el);
  });

  it('swipes to the next item only while not zoomed, and closes on a swipe down', async () => {
    const el = await mountView(server, fid);
    await openOn(el, items[0]!.rid);
    const { x, y } = centre(image(el)!);
    pointer(el, 'pointerdown', x + 100, y, { pointerType: 'touch' });
    pointer(el, 'pointermove', x - 50, y, { pointerType: 'touch' });
    pointer(el, 'pointerup', x - 100, y, { pointerType: 'touch' });
    await el.updateComplete;
    expect(counter(el)).to.equal('2 / 4');
    pointer(el, 'pointerdown', x, y - 100, { pointerType: 'touch' });
    pointer(el, 'pointerup', x + 10, y + 60, { pointerType: 'touch' });
    await until(() => !isOpen(el), 'the swipe down to close');
    await until(() => !location.hash.startsWith('#rid='), 'the address without #rid=');
  });

  it('goes full screen with the button (mouse) and F (keyboard), and back', async () => {
    const el = await mountView(server, fid);
    await openOn(el, rid('wide.png'));
    const button = part(el, 'lightbox-fullscreen')!;
    expect(button.getAttribute('aria-label')).to.equal('Full screen');
    await click(button);
    await until(() => document.fullscreenElement === el, 'full screen by the button');
    expect(el.shadowRoot!.fullscreenElement).to.equal(part(el, 'lightbox-frame'));
    await until(() => pressed(el, 'lightbox-fullscreen') === 'true', 'the pressed button');
    // The image fits the whole screen now.
    expect(box(image(el)!).bottom).to.be.at.most(window.innerHeight + 0.5);
    await sendKeys({ press: 'f' });
    await until(() => document.fullscreenElement === null, 'full screen left by F');
    await sendKeys({ press: 'F' });
    await until(() => document.fullscreenElement === el, 'full screen by F');
    await click(part(el, 'lightbox-fullscreen')!);
    await until(() => document.fullscreenElement === null, 'full screen left by the button');
    // The button re-renders on the fullscreenchange event, a task after the document's state changes.
    await until(() => pressed(el, 'lightbox-fullscreen') === 'false', 'the button no longer pressed');
    // Closing in full screen leaves full screen too.
    await sendKeys({ press: 'f' });
    await until(() => document.fullscreenElement === el, 'full screen again');
    await click(part(el, 'lightbox-close')!);
    await until(() => document.fullscreenElement === null && !isOpen(el), 'closed out of full screen');
    await until(() => !location.hash.startsWith('#rid='), 'the address without #rid=');
  });

  it('downloads the original: the link answers attachment under the uploaded name, with its bytes', async () => {
    const el = await mountView(server, fid);
    const index = items.findIndex((item) => item.filename === 'Grüße (1).png');
    const item = items[index]!;
    await openOn(el, item.rid);
    const link = part<HTMLAnchorElement>(el, 'lightbox-download')!;
    expect(link.getAttribute('aria-label')).to.equal('Download original');
    expect(link.getAttribute('download')).to.equal(item.filename);
    const url = new URL(link.href);
    expect(url.searchParams.get('download')).to.equal('1');
    expect(`${url.origin}${url.pathname}`).to.equal(item.versions.original.url);
    const response = await fetch(link.href);
    expect(response.status).to.equal(200);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).to.match(/^attachment;/);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1] ?? '')).to.equal(
      item.filename,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes).to.deep.equal(new Uint8Array(await blobs[index]!.arrayBuffer()));

    // Keyboard and mouse both activate the link (the test stops the browser saving a file each time).
    const activations: string[] = [];
    const record = (event: Event) => {
      activations.push((event as MouseEvent).detail === 0 ? 'keyboard' : 'pointer');
      event.preventDefault();
    };
    link.addEventListener('click', record);
    link.focus();
    await sendKeys({ press: 'Enter' });
    await click(link);
    link.removeEventListener('click', record);
    expect(activations).to.deep.equal(['keyboard', 'pointer']);
    await closeAndSettle(el);
  });

  it('names every new control in German and French, 44 px or larger, and turns animations off for reduced motion', async () => {
    const el = await mountView(server, fid, { locale: 'de' });
    await until(() => el.text.zoom === 'Zoomen', 'the German table');
    await openOn(el, rid('wide.png'));
    const labels = () =>
      ['lightbox-slideshow', 'lightbox-zoom', 'lightbox-fullscreen', 'lightbox-download'].map((name) =>
        part(el, name)!.getAttribute('aria-label'),
      );
    expect(labels()).to.deep.equal(['Diashow', 'Zoomen', 'Vollbild', 'Original herunterladen']);
    el.locale = 'fr';
    await until(() => el.text.zoom === 'Zoom' && el.text.slideshow === 'Diaporama', 'the French table');
    await el.updateComplete;
    expect(labels()).to.deep.equal(['Diaporama', 'Zoom', 'Plein écran', "Télécharger l'original"]);
    for (const control of el.shadowRoot!.querySelectorAll('dialog button, dialog a[href]')) {
      const size = box(control);
      expect(size.width, control.outerHTML).to.be.at.least(44);
      expect(size.height, control.outerHTML).to.be.at.least(44);
    }
    expect(getComputedStyle(image(el)!).animationName).to.equal('appear');
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(image(el)!).animationName).to.equal('none');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
    await closeAndSettle(el);
  });
});

const axeIds = (results: axe.AxeResults) =>
  results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
