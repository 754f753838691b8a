// <gallery-view> while the window changes width: the grid follows the new width without the browser's
// "ResizeObserver loop completed with undelivered notifications" error (which pages see in their console).
import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { mountView, seedGallery, until } from './gallery-view.support.ts';

const tiles = (el: GalleryView) => [
  ...el.shadowRoot!.querySelectorAll<HTMLElement>('.tile:not(.placeholder)'),
];
const nextFrames = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('<gallery-view> when the window is resized', () => {
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    await stopServers();
  });

  it('re-lays the grid at each width without a ResizeObserver loop error', async () => {
    const uploads = Array.from({ length: 16 }, (_, i) => ({
      name: `r${i}.png`,
      width: 64,
      height: 48,
      caption: `R${i}`,
    }));
    const { fid } = await seedGallery(server, uploads);
    await setViewport({ width: 1280, height: 800 });
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const el = await mountView(server, fid);
      for (const width of [900, 390, 1280, 600, 1100, 390, 1280]) {
        await setViewport({ width, height: 800 });
        // The grid follows: its tiles fit the new width (the width is taken on the next frame).
        await until(() => {
          const right = el.getBoundingClientRect().right + 1;
          return tiles(el).every((tile) => tile.getBoundingClientRect().right <= right);
        }, `tiles that fit ${width} px`);
        await nextFrames();
      }
      await nextFrames();
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
