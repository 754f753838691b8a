// <gallery-view> while the window changes width: the grid follows the new width without the browser's
// "ResizeObserver loop completed with undelivered notifications" error (which pages see in their console).
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import {
  type BrowserTestServer,
  createGallery,
  startServer,
  stopServers,
  until,
  uploadTo,
} from '../helpers/browser.ts';

const tiles = (el: GalleryView) => [
  ...el.shadowRoot!.querySelectorAll<HTMLElement>('.tile:not(.placeholder)'),
];
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

async function png(width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = 'hsl(150 50% 45%)';
  context.fillRect(0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
}

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
    const gallery = await createGallery(server, 'Resized');
    const blob = await png(64, 48);
    for (let i = 0; i < 16; i++) await uploadTo(gallery.upload_url, blob, `r${i}.png`, { caption: `R${i}` });
    await setViewport({ width: 1280, height: 800 });
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const el = await fixture<GalleryView>(
        html`<gallery-view base-url=${server.baseUrl} fid=${gallery.fid} token=${server.token}></gallery-view>`,
      );
      await until(() => tiles(el).length > 0, 8000, 'the first tiles');
      for (const width of [900, 390, 1280, 600, 1100, 390, 1280]) {
        await setViewport({ width, height: 800 });
        // The grid follows: its tiles fit the new width (the width is taken on the next frame).
        await until(
          () => {
            const right = el.getBoundingClientRect().right + 1;
            return tiles(el).every((tile) => tile.getBoundingClientRect().right <= right);
          },
          4000,
          `tiles that fit ${width} px`,
        );
        await nextFrame();
      }
      await nextFrame();
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
