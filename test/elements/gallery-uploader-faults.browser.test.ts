// <gallery-uploader> against a server that fails about 30% of upload POSTs (500s, connections cut midway
// through the body, upload URLs answered as expired): 200 files still end as exactly 200 assets, the
// element shows that it retries, and the batch ends without an error.
import { expect, oneEvent } from '@open-wc/testing';
import type {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadRetryEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import { api, type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { collect, createGallery, mount, pngFile } from './gallery-uploader.support.ts';

const FILES = 200;

/** The file names of every item of a gallery, through every page of gallery.get_items. */
async function itemNames(server: BrowserTestServer, fid: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const { body } = await api(server, 'gallery.get_items', { fid, page, items_per_page: 100 });
    const items = body.folder.items as { filename: string }[];
    names.push(...items.map((item) => item.filename));
    if (page >= body.folder.items_data.pages_count) break;
  }
  return names;
}

describe('<gallery-uploader> under injected upload failures', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer({
      faults: { errorRate: 0.15, dropRate: 0.1, expireRate: 0.05, operations: ['upload'], seed: 11 },
    });
  });
  after(() => stopServers());

  it('stores each of 200 files exactly once, shows its retries, and ends green', async function () {
    // 200 uploads with about 60 failed tries and their back-off pauses.
    this.timeout(180_000);
    const fid = await createGallery(server, 'Flaky uploads');
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const names = Array.from({ length: FILES }, (_, i) => `flaky-${String(i).padStart(3, '0')}.png`);
    const png = await pngFile('template.png');
    for (const name of names) el.uppy!.addFile({ name, type: 'image/png', data: new File([png], name) });

    const retries = collect<GalleryUploadRetryEvent>(el, 'gallery-upload-retry');
    const errors = collect<GalleryUploadErrorEvent>(el, 'gallery-upload-error');
    const shown: string[] = [];
    el.addEventListener('gallery-upload-retry', () => {
      void el.updateComplete.then(() => {
        const line = el.shadowRoot!.querySelector<HTMLElement>('[part=retry-status]')!;
        if (!line.hidden) shown.push(line.textContent!.trim());
      });
    });
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await complete;

    expect(errors.map((e) => e.detail.message)).to.deep.equal([]);
    expect(detail.failed).to.deep.equal([]);
    expect(detail.successful).to.have.length(FILES);
    expect(new Set(detail.successful.map((s) => s.rid)).size).to.equal(FILES);
    // About 30% of tries fail: dozens of retries, each announced, some after more than one failure.
    expect(retries.length).to.be.greaterThan(FILES * 0.15);
    expect(Math.max(...retries.map((r) => r.detail.attempt))).to.be.greaterThan(2);
    expect(shown.length, 'the retry line was shown').to.be.greaterThan(0);
    expect(shown[0]).to.match(/^Retrying \d+ upload\(s\)/);

    // Exactly one asset per file, all in the gallery.
    const { body } = await api(server, 'asset.list', { items_per_page: 1 });
    expect(body.items_data.items_count).to.equal(FILES);
    expect((await itemNames(server, fid)).sort()).to.deep.equal(names);

    // Ends green: nothing pending, no error list, the Dashboard's status bar says complete.
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(root.querySelector<HTMLElement>('[part=retry-status]')!.hidden).to.equal(true);
    expect(root.querySelector('[part=errors]')).to.equal(null);
    expect(root.querySelector('.uppy-StatusBar.is-complete'), 'status bar complete').to.exist;
  });
});
