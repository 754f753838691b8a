// <gallery-uploader> in Chromium against a real reference server: files chosen, dropped or added become
// assets with their metadata; refusals (413, 403, read-only token, tampered URL) show readable messages.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import axe from 'axe-core';
import '../../src/elements/gallery-uploader/define.ts';
import { executeServerCommand } from '@web/test-runner-commands';
import type {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadProgressEvent,
  GalleryUploadSuccessEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { api, type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';

/** A real PNG drawn on a canvas, so the server's content sniffing sees an image. */
async function pngFile(name: string, width = 8, height = 6): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3a7';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
  return new File([blob], name, { type: 'image/png' });
}

async function createGallery(server: BrowserTestServer, name: string): Promise<string> {
  const { status, body } = await api(server, 'gallery.create', { name });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.fid as string;
}

async function galleryItems(server: BrowserTestServer, fid: string): Promise<Record<string, any>[]> {
  const { status, body } = await api(server, 'gallery.get_items', {
    fid,
    details: 'caption,description',
    items_per_page: 100,
  });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.folder.items as Record<string, any>[];
}

/** Attributes are set before connecting: Uppy is built from them on first render. */
async function mount(attributes: Record<string, string>): Promise<GalleryUploader> {
  const element = document.createElement('gallery-uploader');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const el = await fixture<GalleryUploader>(html`${element}`);
  await el.ready;
  return el;
}

/** Collects the element's events of one kind until `until` resolves. */
function collect<T extends Event>(el: HTMLElement, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (event) => seen.push(event as T));
  return seen;
}

describe('<gallery-uploader>', () => {
  let server: BrowserTestServer;
  let fid: string;

  before(async () => {
    server = await startServer();
    fid = await createGallery(server, 'Uploader gallery');
  });
  after(async () => {
    await executeServerCommand('stop-flaky-servers');
    await stopServers();
  });

  it('mounts the Uppy Dashboard inside its shadow root with Uppy styles adopted there', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const root = el.shadowRoot!;
    const dashboard = root.querySelector('.uppy-Dashboard');
    expect(dashboard, 'Dashboard in the shadow root').to.exist;
    expect(document.querySelector('.uppy-Dashboard'), 'nothing in the page').to.equal(null);
    expect(root.querySelector('input[type=file]'), 'file input').to.exist;
    // Uppy's stylesheet applies only if it was adopted into the shadow root.
    const inner = root.querySelector('.uppy-Dashboard-inner') as HTMLElement;
    expect(getComputedStyle(inner).position).to.equal('relative');
  });

  it('destroys Uppy on disconnect, rebuilds it on reconnect and applies changed attributes', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid, 'max-files': '5' });
    const first = el.uppy!;
    expect(first.opts.restrictions.maxNumberOfFiles).to.equal(5);
    el.setAttribute('max-files', '2');
    el.setAttribute('note', 'Images only');
    await el.updateComplete;
    expect(first.opts.restrictions.maxNumberOfFiles).to.equal(2);
    expect(el.shadowRoot!.querySelector('.uppy-Dashboard-note')?.textContent).to.equal('Images only');

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

  it('uploads a file chosen through the file input, reporting progress, into the gallery', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const progress = collect<GalleryUploadProgressEvent>(el, 'gallery-upload-progress');
    const input = el.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
    const transfer = new DataTransfer();
    transfer.items.add(await pngFile('chosen.png'));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(el.uppy!.getFiles().map((file) => file.name)).to.deep.equal(['chosen.png']);

    const success = oneEvent(document, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await success;
    expect(detail.fid).to.equal(fid);
    expect(detail.rid).to.be.a('string').and.not.equal('');
    expect(detail.asset.rid).to.equal(detail.rid);
    expect(detail.file.name).to.equal('chosen.png');
    const done = await complete;
    expect(done.detail.successful.map((each) => each.rid)).to.deep.equal([detail.rid]);
    expect(done.detail.failed).to.deep.equal([]);

    expect(progress.length, 'progress events').to.be.greaterThan(0);
    const last = progress[progress.length - 1]!.detail;
    expect(last.bytesUploaded).to.equal(last.bytesTotal);
    const items = await galleryItems(server, fid);
    expect(items.map((item) => item.rid)).to.include(detail.rid);
  });

  it('sends caption and description edited before the upload with the file', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const id = el.uppy!.addFile({
      name: 'described.png',
      type: 'image/png',
      data: await pngFile('described.png'),
    });
    el.uppy!.setFileMeta(id, { caption: 'Harbour at dawn', description: 'Boats, fog and <b>gulls</b>' });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    const item = (await galleryItems(server, fid)).find((each) => each.rid === detail.rid);
    expect(item?.caption).to.equal('Harbour at dawn');
    expect(item?.description).to.equal('Boats, fog and <b>gulls</b>');
  });

  it('uploads a dropped file', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const zone = el.shadowRoot!.querySelector('.uppy-Dashboard-inner') as HTMLElement;
    const transfer = new DataTransfer();
    transfer.items.add(await pngFile('dropped.png'));
    zone.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
    );
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await waitUntil(() => el.uppy!.getFiles().length === 1, 'the dropped file is added');
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    expect(detail.file.name).to.equal('dropped.png');
    expect((await galleryItems(server, fid)).map((item) => item.rid)).to.include(detail.rid);
  });

  it('uploads with an upload token', async () => {
    const { body } = await api(server, 'upload.get_upload_token', { fid });
    expect(body.upload_token, JSON.stringify(body)).to.be.a('string');
    const el = await mount({ 'base-url': server.baseUrl, 'upload-token': body.upload_token, fid });
    el.uppy!.addFile({ name: 'invited.png', type: 'image/png', data: await pngFile('invited.png') });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    expect((await galleryItems(server, fid)).map((item) => item.rid)).to.include(detail.rid);
    // No URL import for upload tokens: the API does not allow it to them.
    expect(el.shadowRoot!.querySelector('[part=url-form]')).to.equal(null);
  });

  it('shows the server’s message when a file is larger than its limit (413) and stores nothing', async () => {
    const small = await startServer({ maxUploadBytes: 2048 });
    const smallFid = await createGallery(small, 'Small limit');
    const el = await mount({ 'base-url': small.baseUrl, token: small.token, fid: smallFid });
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
    expect(await galleryItems(small, smallFid)).to.have.length(0);
  });

  it('shows a readable message for a bad token (403) and uploads nothing', async () => {
    const own = await createGallery(server, 'Bad token');
    const el = await mount({ 'base-url': server.baseUrl, token: 'not-a-token', fid: own });
    el.uppy!.addFile({ name: 'denied.png', type: 'image/png', data: await pngFile('denied.png') });
    const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await failed;
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('invalid_token');
    expect(detail.message).to.contain('not allowed');
    expect((await complete).detail.failed.map((each) => each.file.name)).to.deep.equal(['denied.png']);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=errors]')?.textContent).to.contain('denied.png');
    expect(await galleryItems(server, own)).to.have.length(0);
  });

  it('shows a readable message for a read-only token and uploads nothing', async () => {
    const own = await createGallery(server, 'Read only');
    const { body } = await api(server, 'token.get_temp', {
      permissions: 'gallery.read|asset.read',
      ttl: 600,
    });
    const el = await mount({ 'base-url': server.baseUrl, token: body.token, fid: own });
    el.uppy!.addFile({ name: 'read-only.png', type: 'image/png', data: await pngFile('read-only.png') });
    const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
    void el.upload();
    const { detail } = await failed;
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('permission_denied');
    expect(detail.message).to.contain('not allowed');
    expect(await galleryItems(server, own)).to.have.length(0);
  });

  it('shows a readable message for an expired upload token and uploads nothing', async () => {
    const own = await createGallery(server, 'Expired invite');
    // An upload token never outlives its parent: a parent of one second gives a token expiring with it.
    const parent = await api(server, 'token.get_temp', { permissions: 'token.create', ttl: 1 });
    const invite = await api(server, 'upload.get_upload_token', { fid: own }, parent.body.token);
    expect(invite.status, JSON.stringify(invite.body)).to.equal(200);
    const uploadToken = invite.body.upload_token as string;
    await waitUntilAsync(async () => {
      const url = new URL('asset.get_upload_url.json', server.baseUrl);
      url.searchParams.set('upload_token', uploadToken);
      url.searchParams.set('fid', own);
      return (await fetch(url)).status === 403;
    }, 'the upload token expires');
    const el = await mount({ 'base-url': server.baseUrl, 'upload-token': uploadToken, fid: own });
    el.uppy!.addFile({ name: 'late.png', type: 'image/png', data: await pngFile('late.png') });
    const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
    void el.upload();
    const { detail } = await failed;
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('token_expired');
    expect(detail.message).to.contain('not allowed');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=errors]')?.textContent).to.contain('late.png');
    expect(await galleryItems(server, own)).to.have.length(0);
  });

  it('shows a readable message when the upload URL was tampered with and stores nothing', async () => {
    const own = await createGallery(server, 'Tampered');
    const other = await createGallery(server, 'Other');
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid: own });
    // A signed URL for one gallery with the target changed to another: the HMAC no longer matches.
    const { body } = await api(server, 'asset.get_upload_url', { fid: own });
    const tampered = new URL(body.upload_url);
    tampered.searchParams.set('addtofid', other);
    el.uppy!.getPlugin('XHRUpload')!.setOptions({ endpoint: tampered.href });
    el.uppy!.addFile({ name: 'tampered.png', type: 'image/png', data: await pngFile('tampered.png') });
    const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
    void el.upload();
    const { detail } = await failed;
    expect(detail.status).to.equal(403);
    expect(detail.message).to.contain('not allowed').and.contain('signature');
    expect(await galleryItems(server, own)).to.have.length(0);
    expect(await galleryItems(server, other)).to.have.length(0);
  });

  it('imports a file from a URL through its form, showing progress, into the gallery', async () => {
    const own = await createGallery(server, 'From URL');
    const el = await mount({
      'base-url': server.baseUrl,
      token: server.token,
      fid: own,
      'poll-interval': '50',
    });
    // A PNG the test runner serves; the reference server fetches it over HTTP.
    const source = new URL('/node_modules/playwright-core/lib/server/chromium/appIcon.png', location.href);
    source.hostname = '127.0.0.1';
    const form = el.shadowRoot!.querySelector('[part=url-form]') as HTMLFormElement;
    (form.querySelector('input[name=url]') as HTMLInputElement).value = source.href;
    (form.querySelector('input[name=caption]') as HTMLInputElement).value = 'Imported icon';
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    form.requestSubmit();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=url-progress], .url-status')).to.exist;
    const { detail } = await success;
    expect(detail.file.source).to.equal('url');
    expect(detail.fid).to.equal(own);
    const item = (await galleryItems(server, own)).find((each) => each.rid === detail.rid);
    expect(item?.caption).to.equal('Imported icon');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('.url-status')?.textContent).to.contain('appIcon.png');
  });

  it('stores every file exactly once when one upload POST in three fails with a 500', async () => {
    // A real server behind a real proxy that fails every third upload POST before forwarding it.
    const flaky = (await executeServerCommand('start-flaky-server', {
      failEvery: 3,
    })) as BrowserTestServer & {
      id: number;
    };
    const flakyFid = await createGallery(flaky, 'Flaky');
    // One upload at a time makes the failing POSTs fall on different files, so no file runs out of retries.
    const el = await mount({ 'base-url': flaky.baseUrl, token: flaky.token, fid: flakyFid, limit: '1' });
    const names = ['one.png', 'two.png', 'three.png', 'four.png', 'five.png'];
    for (const name of names) el.uppy!.addFile({ name, type: 'image/png', data: await pngFile(name) });
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await complete;
    expect(detail.failed).to.deep.equal([]);
    const stats = (await executeServerCommand('flaky-proxy-stats', { id: flaky.id })) as {
      uploads: number;
      failed: number;
    };
    expect(stats.failed, 'injected failures').to.be.greaterThan(0);
    expect(stats.uploads).to.equal(names.length + stats.failed);
    const items = await galleryItems(flaky, flakyFid);
    expect(items.map((item) => item.filename).sort()).to.deep.equal([...names].sort());
    expect(new Set(items.map((item) => item.rid)).size).to.equal(names.length);
  });

  it('has no accessibility violations (axe-core)', async () => {
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    el.uppy!.addFile({ name: 'a11y.png', type: 'image/png', data: await pngFile('a11y.png') });
    await el.updateComplete;
    const results = await axe.run(el, { resultTypes: ['violations'] });
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(summary).to.deep.equal([]);
  });
});

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitUntilAsync(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
