// The lightbox's slideshow against the reference server in Chromium: the control by mouse and keyboard,
// advancing on a short interval across gallery pages and looping, stopping when the visitor presses a key
// or touches the image, and waiting while the tab is hidden.
import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { GalleryItem } from '../../src/api/types.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import {
  centre,
  closeAndSettle,
  counter,
  image,
  mountView,
  openOn,
  part,
  pointer,
  seedGallery,
  sleep,
  until,
} from './gallery-view.support.ts';

/** Short enough for a quick test, long enough for a loaded machine to render between steps. */
const INTERVAL = 300;
const playing = (el: GalleryView) => part(el, 'lightbox-slideshow')?.getAttribute('aria-pressed') === 'true';

/** Passes when the counter stays where it is for `ms` (the slideshow is not advancing). */
async function holdsStill(el: GalleryView, ms: number): Promise<void> {
  const shown = counter(el);
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    expect(counter(el)).to.equal(shown);
    await sleep(25);
  }
}

function setHidden(hidden: boolean): void {
  if (hidden) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  else delete (document as unknown as Record<string, unknown>).visibilityState;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('<gallery-view> lightbox slideshow', function () {
  this.timeout(60000);
  let server: BrowserTestServer;
  let fid: string;
  let items: GalleryItem[];

  before(async () => {
    server = await startServer();
    const uploads = Array.from({ length: 5 }, (_, i) => ({ name: `s${i}.png`, width: 300, height: 200 }));
    ({ fid, items } = await seedGallery(server, uploads));
  });
  afterEach(() => resetMouse());
  after(() => {
    void stopServers().catch(() => undefined);
  });

  const mount = () =>
    mountView(server, fid, { 'slideshow-interval': String(INTERVAL), 'items-per-page': '2' });

  it('plays from its control (mouse), advances across pages to the last item, then loops to the first', async () => {
    const el = await mount();
    await openOn(el, items[0]!.rid);
    const control = part(el, 'lightbox-slideshow')!;
    expect(control.getAttribute('aria-label')).to.equal('Slideshow');
    expect(control.getAttribute('aria-pressed')).to.equal('false');
    const { x, y } = centre(control);
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
    await until(() => playing(el), 'playing');
    const seen: string[] = [];
    await until(
      () => {
        const now = counter(el)!;
        if (seen.at(-1) !== now) seen.push(now);
        return seen.length >= 6;
      },
      'five steps of the slideshow',
      15000,
    );
    expect(seen).to.deep.equal(['1 / 5', '2 / 5', '3 / 5', '4 / 5', '5 / 5', '1 / 5']);
    // The items of later pages arrived and showed (not only their placeholders).
    expect(el.itemAt(4)?.rid).to.equal(items[4]!.rid);
    await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
    await until(() => !playing(el), 'paused by the control');
    await holdsStill(el, INTERVAL * 3);
    await closeAndSettle(el);
  });

  it('plays and pauses with Enter on its control; any other key stops it', async () => {
    const el = await mount();
    await openOn(el, items[0]!.rid);
    part(el, 'lightbox-slideshow')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => playing(el), 'playing by Enter');
    await until(() => counter(el) === '2 / 5', 'the first step');
    await sendKeys({ press: 'Enter' });
    await until(() => !playing(el), 'paused by Enter');
    await holdsStill(el, INTERVAL * 3);
    await sendKeys({ press: 'Space' });
    await until(() => playing(el), 'playing by Space');
    await sendKeys({ press: 'x' });
    await until(() => !playing(el), 'stopped by another key');
    await holdsStill(el, INTERVAL * 3);
    await closeAndSettle(el);
  });

  it('stops when the visitor touches the image, and waits while the tab is hidden', async () => {
    const el = await mount();
    await openOn(el, items[0]!.rid);
    part(el, 'lightbox-slideshow')!.click();
    await until(() => playing(el), 'playing');
    const { x, y } = centre(image(el)!);
    pointer(el, 'pointerdown', x, y, { pointerType: 'touch' });
    pointer(el, 'pointerup', x, y, { pointerType: 'touch' });
    await until(() => !playing(el), 'stopped by a touch');

    part(el, 'lightbox-slideshow')!.click();
    await until(() => playing(el), 'playing again');
    try {
      setHidden(true);
      await holdsStill(el, INTERVAL * 4);
      expect(playing(el)).to.equal(true);
    } finally {
      setHidden(false);
    }
    const hiddenAt = counter(el);
    await until(() => counter(el) !== hiddenAt, 'the slideshow to go on once the tab shows');
    part(el, 'lightbox-slideshow')!.click();
    await closeAndSettle(el);
  });
});
