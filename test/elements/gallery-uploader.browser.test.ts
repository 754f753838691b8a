// <gallery-uploader> in Chromium against a real reference server: files chosen, dropped or added become
// assets with the metadata typed into the Dashboard; refusals (413, 403, read-only token, tampered URL) show
// readable messages in the element and store nothing; retries after injected 500s store every file exactly
// once. Chunked uploads, pause, resume and recovery: the gallery-uploader-chunked and -recovery files. Gallery placement: the gallery-uploader-galleries file.
import { expect, oneEvent } from '@open-wc/testing';
import axe from 'axe-core';
import type {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadProgressEvent,
  GalleryUploadRetryEvent,
  GalleryUploadStartEvent,
  GalleryUploadSuccessEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import { api, type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import {
  allAssets,
  assetCount,
  assetRecord,
  chooseFiles,
  click,
  collect,
  createGallery,
  editInDashboard,
  failedUpload,
  galleryItems,
  mount,
  pngFile,
  shownErrors,
  waitUntil,
} from './gallery-uploader.support.ts';

/** The sentence of a refusal, then the server's own reason: words for people, never a bare code. */
const REFUSAL = /not allowed|permission|expired|refused/i;

describe('<gallery-uploader>', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  it('mounts the Uppy Dashboard inside its shadow root with Uppy styles adopted there', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const root = el.shadowRoot!;
    expect(root.querySelector('.uppy-Dashboard'), 'Dashboard in the shadow root').to.exist;
    expect(document.querySelector('.uppy-Dashboard'), 'nothing in the page').to.equal(null);
    expect(root.querySelector('input[type=file]'), 'file input').to.exist;
    // Uppy's stylesheet applies only if it was adopted into the shadow root.
    const inner = root.querySelector('.uppy-Dashboard-inner') as HTMLElement;
    expect(getComputedStyle(inner).position).to.equal('relative');
  });

  it('destroys Uppy on disconnect, rebuilds it on reconnect and applies changed attributes', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, 'max-files': '5' });
    const first = el.uppy!;
    expect(first.opts.restrictions.maxNumberOfFiles).to.equal(5);
    el.setAttribute('max-files', '2');
    el.setAttribute('note', 'Images only');
    await el.updateComplete;
    expect(first.opts.restrictions.maxNumberOfFiles).to.equal(2);
    // The page's note, then the limit the element writes from max-files.
    expect(el.shadowRoot!.querySelector('.uppy-Dashboard-note')?.textContent).to.equal(
      'Images only\nUp to 2 files',
    );

    const parent = el.parentElement!;
    el.remove();
    expect(el.uppy).to.equal(undefined);
    expect(el.shadowRoot!.querySelector('.uppy-Dashboard')).to.equal(null);
    parent.append(el);
    const second = await el.ready;
    expect(second).to.not.equal(first);
    expect(second.opts.restrictions.maxNumberOfFiles).to.equal(2);
    expect(el.shadowRoot!.querySelectorAll('.uppy-Dashboard')).to.have.length(1);
  });

  it('uploads a file chosen through the file input, reporting progress and success', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const progress = collect<GalleryUploadProgressEvent>(el, 'gallery-upload-progress');
    const started = oneEvent(el, 'gallery-upload-start') as Promise<GalleryUploadStartEvent>;
    chooseFiles(el, [await pngFile('picked.png')]);
    expect(el.uppy!.getFiles().map((file) => file.name)).to.deep.equal(['picked.png']);
    // Listened for on the document: the event crosses the shadow root for a <gallery-view> elsewhere.
    const success = oneEvent(document, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    expect((await started).detail.files.map((file) => file.name)).to.deep.equal(['picked.png']);
    const { detail } = await success;
    expect(detail.asset.rid).to.equal(detail.rid);
    expect(detail.file.name).to.equal('picked.png');
    expect((await complete).detail.successful.map((each) => each.rid)).to.deep.equal([detail.rid]);
    expect(progress.length, 'progress events').to.be.greaterThan(0);
    expect(progress[progress.length - 1]!.detail.percentage).to.equal(100);
    expect((await assetRecord(server, detail.rid))?.filename).to.equal('picked.png');
  });

  it('sends caption and description edited before the upload with the file', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const id = el.uppy!.addFile({
      name: 'described.png',
      type: 'image/png',
      data: await pngFile('described.png'),
    });
    el.uppy!.setFileMeta(id, { caption: 'Harbour at dawn', description: 'Boats, fog and <b>gulls</b>' });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    const item = await assetRecord(server, detail.rid);
    expect(item?.caption).to.equal('Harbour at dawn');
    expect(item?.description).to.equal('Boats, fog and <b>gulls</b>');
    // Fields left empty are not sent (Uppy would post them as the text "undefined").
    expect(item?.tags).to.not.equal('undefined');
    expect(item?.reference_id).to.not.equal('undefined');
  });

  it('lets a person type caption and description into the Dashboard’s file card, and stores them', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    chooseFiles(el, [await pngFile('edited.png')]);
    await editInDashboard(el, 'edited.png', {
      Caption: 'Harbour at dawn',
      Description: 'Boats, fog & <b>gulls</b>',
    });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    // The Dashboard's own upload button, clicked as a person would.
    await click(el.shadowRoot!.querySelector('.uppy-StatusBar-actionBtn--upload')!);
    const { detail } = await success;
    const item = await assetRecord(server, detail.rid);
    expect(item?.filename).to.equal('edited.png');
    expect(item?.caption).to.equal('Harbour at dawn');
    expect(item?.description).to.equal('Boats, fog & <b>gulls</b>');
  });

  it('offers in the file card exactly the fields named by meta-fields', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, 'meta-fields': 'caption' });
    chooseFiles(el, [await pngFile('caption-only.png')]);
    const first = await editInDashboard(el, 'caption-only.png', { Caption: 'Only a caption' });
    expect(first).to.deep.equal(['Caption']);
    el.setAttribute('meta-fields', 'caption,description,tags');
    await el.updateComplete;
    const second = await editInDashboard(el, 'caption-only.png', { Tags: 'sea' });
    expect(second).to.deep.equal(['Caption', 'Description', 'Tags']);
    expect(el.uppy!.getFiles()[0]!.meta).to.include({ caption: 'Only a caption', tags: 'sea' });
  });

  it('uploads a dropped file into the element’s gallery with the metadata typed for it', async () => {
    const fid = await createGallery(server, 'Dropped files');
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const zone = el.shadowRoot!.querySelector('.uppy-Dashboard-inner') as HTMLElement;
    const transfer = new DataTransfer();
    transfer.items.add(await pngFile('dropped.png'));
    zone.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await waitUntil(() => el.uppy!.getFiles().length === 1, 'the dropped file is added');
    await editInDashboard(el, 'dropped.png', { Caption: 'Dropped in', Description: 'Came by drag and drop' });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    expect(detail.file.name).to.equal('dropped.png');
    expect(detail.fid).to.equal(fid);
    const items = await galleryItems(server, fid);
    expect(items.map((item) => item.rid)).to.deep.equal([detail.rid]);
    expect(items[0]).to.include({ filename: 'dropped.png', caption: 'Dropped in' });
    expect(items[0]!.description).to.equal('Came by drag and drop');
  });

  it('shows the server’s message when a file is larger than its limit (413) and stores nothing', async () => {
    const small = await startServer({ maxUploadBytes: 2048 });
    const el = await mount({ 'base-url': small.baseUrl, token: small.token });
    const big = new File([new Uint8Array(64 * 1024).fill(7)], 'big.bin', {
      type: 'application/octet-stream',
    });
    el.uppy!.addFile({ name: 'big.bin', type: big.type, data: big });
    const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
    void el.upload();
    const { detail } = await failed;
    expect(detail.status).to.equal(413);
    expect(detail.code).to.equal('too_large');
    expect(detail.message).to.contain('larger than the server accepts');
    await el.updateComplete;
    const shown = el.shadowRoot!.querySelector('[part=errors]')?.textContent ?? '';
    expect(shown).to.contain('big.bin').and.contain('larger than the server accepts');
    expect(await allAssets(small)).to.have.length(0);
  });

  it('shows a readable message for a bad token (403) and uploads nothing', async () => {
    const before = await assetCount(server);
    const el = await mount({ 'base-url': server.baseUrl, token: 'not-a-token' });
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    const { detail } = await failedUpload(el, 'denied.png');
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('invalid_token');
    expect(detail.message).to.contain('not allowed');
    expect((await complete).detail.failed.map((each) => each.file.name)).to.deep.equal(['denied.png']);
    const shown = await shownErrors(el);
    expect(shown).to.contain('denied.png: Uploading is not allowed with these credentials.');
    expect(shown).to.match(REFUSAL).and.contain('The token is not valid');
    expect(shown).to.not.contain('invalid_token');
    expect(await assetCount(server)).to.equal(before);
  });

  it('shows a readable message for a read-only token and uploads nothing', async () => {
    const before = await assetCount(server);
    const { body } = await api(server, 'token.get_temp', {
      permissions: 'gallery.read|asset.read',
      ttl: 600,
    });
    const el = await mount({ 'base-url': server.baseUrl, token: body.token });
    const { detail } = await failedUpload(el, 'read-only.png');
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('permission_denied');
    expect(detail.message).to.contain('not allowed');
    const shown = await shownErrors(el);
    expect(shown).to.contain('read-only.png: Uploading is not allowed with these credentials.');
    expect(shown).to.match(REFUSAL).and.contain('asset.upload');
    expect(shown).to.not.contain('permission_denied');
    expect(await assetCount(server)).to.equal(before);
  });

  it('shows a readable message when the upload URL was tampered with and stores nothing', async () => {
    const before = await assetCount(server);
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    // A signed URL with its expiry pushed out: the HMAC over the parameters no longer matches.
    const { body } = await api(server, 'asset.get_upload_url', {});
    const tampered = new URL(body.upload_url);
    tampered.searchParams.set('d', String(Number(tampered.searchParams.get('d')) + 3600));
    el.uppy!.getPlugin('ChunkedUpload')!.setOptions({ uploadUrl: async () => tampered.href });
    const { detail } = await failedUpload(el, 'tampered.png');
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('permission_denied');
    // Not blamed on the credentials: they are fine, the address was changed.
    expect(detail.message).to.contain('refused the upload address').and.contain('signature');
    const shown = await shownErrors(el);
    expect(shown).to.contain('tampered.png: The server refused the upload address');
    expect(shown).to.match(REFUSAL).and.not.contain('credentials');
    expect(await assetCount(server)).to.equal(before);
  });

  it('imports a file from a URL through its form, showing progress', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, 'poll-interval': '50' });
    // A PNG the test runner serves; the reference server fetches it over HTTP.
    const source = new URL('/node_modules/playwright-core/lib/server/chromium/appIcon.png', location.href);
    source.hostname = '127.0.0.1';
    const form = el.shadowRoot!.querySelector('[part=url-form]') as HTMLFormElement;
    (form.querySelector('input[name=url]') as HTMLInputElement).value = source.href;
    (form.querySelector('input[name=caption]') as HTMLInputElement).value = 'Imported icon';
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    form.requestSubmit();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.url-status')?.textContent).to.contain('appIcon.png');
    const { detail } = await success;
    expect(detail.file.source).to.equal('url');
    const item = await assetRecord(server, detail.rid);
    expect(item?.caption).to.equal('Imported icon');
    expect(item?.type).to.equal('image');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.url-status')?.textContent).to.contain('appIcon.png was imported');
  });

  it('stores every file exactly once when about one upload POST in three fails with a 500', async () => {
    // The server's own fault injection answers a seeded third of upload POSTs with a 500 before reading
    // them; with seed 3 several files fail once or twice, none more often than its retries allow.
    const flaky = await startServer({ faults: { errorRate: 1 / 3, operations: ['upload'], seed: 3 } });
    // One upload at a time keeps the order of attempts, and so the seeded failures, the same on every run.
    const el = await mount({ 'base-url': flaky.baseUrl, token: flaky.token, limit: '1' });
    const names = ['one.png', 'two.png', 'three.png', 'four.png', 'five.png', 'six.png'];
    for (const name of names) el.uppy!.addFile({ name, type: 'image/png', data: await pngFile(name) });
    performance.setResourceTimingBufferSize(10_000);
    performance.clearResourceTimings();
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await complete;
    expect(detail.failed).to.deep.equal([]);
    expect(detail.successful).to.have.length(names.length);
    const attempts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/upload').length;
    expect(attempts, 'upload POSTs, failed ones included').to.be.greaterThan(names.length);
    const assets = await allAssets(flaky);
    expect(assets.map((asset) => asset.filename).sort()).to.deep.equal([...names].sort());
  });

  it('announces each retry and reports the batch complete once the file goes through', async () => {
    // Seed 27 at a rate of one half fails exactly the first four POSTs; the fifth stores the file.
    const flaky = await startServer({ faults: { errorRate: 0.5, operations: ['upload'], seed: 27 } });
    const el = await mount({ 'base-url': flaky.baseUrl, token: flaky.token, limit: '1' });
    el.uppy!.addFile({ name: 'patient.png', type: 'image/png', data: await pngFile('patient.png') });
    const retries = collect<GalleryUploadRetryEvent>(el, 'gallery-upload-retry');
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await complete;
    expect(retries.map((retry) => retry.detail.attempt)).to.deep.equal([2, 3, 4, 5]);
    expect(detail.failed).to.deep.equal([]);
    expect(detail.successful.map((each) => each.file.name)).to.deep.equal(['patient.png']);
    expect(await assetCount(flaky)).to.equal(1);
  });

  it('reports a file retried with the Dashboard’s own retry button complete once it goes through', async function () {
    this.timeout(60_000);
    // Seed 18 at a rate of nine in ten fails exactly the first 16 POSTs. With three quick retries the
    // file ends failed after four tries; the visitor's retry then goes through in a later try.
    const flaky = await startServer({ faults: { errorRate: 0.9, operations: ['upload'], seed: 18 } });
    const el = await mount({ 'base-url': flaky.baseUrl, token: flaky.token, limit: '1' });
    el.uppy!.getPlugin('ChunkedUpload')!.setOptions({ retryDelays: [50, 50, 50] });
    el.uppy!.addFile({ name: 'stubborn.png', type: 'image/png', data: await pngFile('stubborn.png') });
    const completes = collect<GalleryUploadCompleteEvent>(el, 'gallery-upload-complete');
    void el.upload();
    await waitUntil(() => completes.length === 1, 'the first batch to end', 20_000);
    expect(completes[0]!.detail.failed.map((each) => each.file.name)).to.deep.equal(['stubborn.png']);
    expect(await assetCount(flaky)).to.equal(0);

    // The visitor's retry, now allowed more tries, gets past the other twelve failures and stores the file.
    el.uppy!.getPlugin('ChunkedUpload')!.setOptions({
      retryDelays: [50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50],
    });
    const retryButton = () =>
      el.shadowRoot!.querySelector<HTMLButtonElement>('button.uppy-Dashboard-Item-progressIndicator');
    await waitUntil(() => /retry/i.test(retryButton()?.getAttribute('aria-label') ?? ''), 'the retry button');
    await click(retryButton()!);
    await waitUntil(() => completes.length === 2, 'the retried file to be reported', 20_000);
    expect(completes[1]!.detail.failed).to.deep.equal([]);
    expect(completes[1]!.detail.successful.map((each) => each.file.name)).to.deep.equal(['stubborn.png']);
    expect(await assetCount(flaky)).to.equal(1);
  });

  it('has no accessibility violations (axe-core)', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: 'not-a-token' });
    // With a file listed and an error shown, the states with the most markup.
    await failedUpload(el, 'a11y.png');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=errors]')).to.exist;
    const results = await axe.run(el, { resultTypes: ['violations'] });
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).to.deep.equal([]);
  });
});
