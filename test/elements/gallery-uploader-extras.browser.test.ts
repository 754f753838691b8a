// <gallery-uploader>'s optional parts: camera and screen capture sources and the image editor appear in
// the Dashboard inside the shadow root, styled there, only when asked for (nothing of them loads
// otherwise); the editor's rotation reaches the stored file. Recovery is on unless `no-recovery` says so.
import { expect, oneEvent } from '@open-wc/testing';
import type { GalleryUploadSuccessEvent } from '../../src/elements/gallery-uploader/events.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { assetRecord, click, mount, pngFile, waitUntil } from './gallery-uploader.support.ts';

/** Module requests the page made so far whose URL contains `part`. */
function loaded(part: string): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes(part));
}

describe('<gallery-uploader> sources, editor and recovery', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  it('loads no source, no editor by default, and keeps recovery on', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    expect(el.uppy!.getPlugin('Webcam')).to.equal(undefined);
    expect(el.uppy!.getPlugin('ScreenCapture')).to.equal(undefined);
    expect(el.uppy!.getPlugin('ImageEditor')).to.equal(undefined);
    expect(el.uppy!.getPlugin('GoldenRetriever')).to.exist;
    expect(loaded('/extras/webcam'), 'the camera module').to.deep.equal([]);
    expect(loaded('/extras/image-editor'), 'the editor module').to.deep.equal([]);
    const off = await mount({ 'base-url': server.baseUrl, token: server.token, 'no-recovery': '' });
    expect(off.uppy!.getPlugin('GoldenRetriever')).to.equal(undefined);
  });

  it('offers the camera and screen capture in the Dashboard, opened inside the shadow root', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, sources: 'camera screen' });
    expect(el.uppy!.getPlugin('Webcam')).to.exist;
    expect(el.uppy!.getPlugin('ScreenCapture')).to.exist;
    expect(loaded('/extras/webcam')).to.have.length(1);
    const root = el.shadowRoot!;
    const tabs = () =>
      [...root.querySelectorAll<HTMLButtonElement>('.uppy-DashboardTab-btn')].map((tab) =>
        tab.textContent?.trim(),
      );
    await waitUntil(() => tabs().length >= 3, 'the source tabs');
    expect(tabs()).to.include.members(['Camera', 'Screencast']);
    const camera = [...root.querySelectorAll<HTMLButtonElement>('.uppy-DashboardTab-btn')].find((tab) =>
      /camera/i.test(tab.textContent ?? ''),
    )!;
    camera.click();
    // The test browser has no camera: the panel says so, which is Webcam's own view all the same.
    const panel = () => root.querySelector('.uppy-Webcam-container, .uppy-Webcam-permissons');
    await waitUntil(() => !!panel(), 'the camera panel');
    expect(document.querySelector('[class^=uppy-Webcam]'), 'nothing in the page').to.equal(null);
    // Webcam's own stylesheet was adopted into the shadow root with the rest.
    expect(getComputedStyle(panel()!).display).to.equal('flex');
  });

  it('rotates an image in the editor before upload, and the server stores the rotated image', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, 'image-editor': '' });
    expect(el.uppy!.getPlugin('ImageEditor')).to.exist;
    const id = el.uppy!.addFile({
      name: 'wide.png',
      type: 'image/png',
      data: await pngFile('wide.png', 80, 40),
    });
    const root = el.shadowRoot!;
    await waitUntil(() => !!root.querySelector('.uppy-Dashboard-Item-action--edit'), 'the edit button');
    await click(root.querySelector('.uppy-Dashboard-Item-action--edit')!);
    await waitUntil(() => !!root.querySelector('.uppy-Dashboard-FileCard-edit'), 'the file card');
    // The card slides in; its button is pressed once there.
    await waitUntil(
      () =>
        root.querySelector('.uppy-Dashboard-FileCard')!.getBoundingClientRect().top >=
        root.querySelector('.uppy-Dashboard-inner')!.getBoundingClientRect().top,
      'the card is in place',
    );
    await click(root.querySelector('.uppy-Dashboard-FileCard-edit')!);
    await waitUntil(() => !!root.querySelector('.uppy-ImageCropper .cropper-container'), 'the cropper');
    expect(getComputedStyle(root.querySelector('.cropper-container')!).position).to.equal('relative');
    // The editor slides in too: its buttons are pressed once they sit inside the Dashboard.
    // It must also have stopped moving: a mouse press aimed at a sliding button can land beside it.
    let last = '';
    const inPlace = async (selector: string) => {
      await waitUntil(() => {
        const box = root.querySelector(selector)?.getBoundingClientRect();
        const inner = root.querySelector('.uppy-Dashboard-inner')!.getBoundingClientRect();
        const where = box ? `${box.left},${box.top},${box.width}` : '';
        const still = where === last;
        last = where;
        return still && !!box && box.width > 0 && box.top >= inner.top - 1 && box.bottom <= inner.bottom + 1;
      }, `${selector} is in place`);
      return root.querySelector<HTMLButtonElement>(selector)!;
    };
    await click(await inPlace('.uppy-ImageCropper-controls button[aria-label^="Rotate"]'));
    await waitUntil(
      () =>
        /rotate\(-?(90|270)deg\)/.test(
          root.querySelector<HTMLElement>('.cropper-canvas img')?.style.transform ?? '',
        ),
      'the cropper shows the image turned a quarter',
    );
    const before = el.uppy!.getFile(id).data;
    // Scrolling the rotate button into view scrolled the Dashboard's own box, whose bar (with Save) is
    // then above it: pressed without a mouse.
    (await inPlace('.uppy-DashboardContent-save')).click();
    await waitUntil(() => el.uppy!.getFile(id).data !== before, 'the edited image replaces the file');
    const edited = await createImageBitmap(el.uppy!.getFile(id).data as Blob);
    expect([edited.width, edited.height]).to.deep.equal([40, 80]);
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    // The size is read off the request path, with the versions: wait (bounded) until the record has it.
    let record = await assetRecord(server, detail.rid);
    for (let tries = 0; tries < 75 && !record?.width; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      record = await assetRecord(server, detail.rid);
    }
    expect([record?.width, record?.height]).to.deep.equal([40, 80]);
  });
});
