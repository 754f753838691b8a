// <gallery-uploader> and galleries, in Chromium against a real reference server: uploads land in the
// element's gallery (fid), at the top when asked, with an upload token, and not at all with an expired one.
import { expect, oneEvent } from '@open-wc/testing';
import type {
  GalleryUploadCompleteEvent,
  GalleryUploadProgressEvent,
  GalleryUploadSuccessEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import { api, type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import {
  assetCount,
  chooseFiles,
  collect,
  createGallery,
  failedUpload,
  galleryItems,
  mount,
  pngFile,
  shownErrors,
  waitUntilAsync,
} from './gallery-uploader.support.ts';

describe('<gallery-uploader> with galleries', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  it('uploads a file chosen through the file input, reporting progress, into the gallery', async () => {
    const fid = await createGallery(server, 'Chosen files');
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const progress = collect<GalleryUploadProgressEvent>(el, 'gallery-upload-progress');
    chooseFiles(el, [await pngFile('chosen.png')]);
    expect(el.uppy!.getFiles().map((file) => file.name)).to.deep.equal(['chosen.png']);

    // Listened for on the document: the event crosses the shadow root for a <gallery-view> elsewhere.
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
    expect(last.percentage).to.equal(100);
    const items = await galleryItems(server, fid);
    expect(items.map((item) => item.rid)).to.deep.equal([detail.rid]);
  });

  it('puts new assets at the top of the gallery with insert-position="top"', async () => {
    const fid = await createGallery(server, 'Newest first');
    const el = await mount({
      'base-url': server.baseUrl,
      token: server.token,
      fid,
      'insert-position': 'top',
    });
    const rids: string[] = [];
    for (const name of ['older.png', 'newer.png']) {
      el.uppy!.addFile({ name, type: 'image/png', data: await pngFile(name) });
      const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
      void el.upload();
      rids.push((await success).detail.rid);
    }
    expect((await galleryItems(server, fid)).map((item) => item.rid)).to.deep.equal([...rids].reverse());
  });

  it('uploads with an upload token into its gallery', async () => {
    const fid = await createGallery(server, 'Invited uploads');
    const { body } = await api(server, 'upload.get_upload_token', { fid });
    expect(body.upload_token, JSON.stringify(body)).to.be.a('string');
    const el = await mount({ 'base-url': server.baseUrl, 'upload-token': body.upload_token, fid });
    el.uppy!.addFile({ name: 'invited.png', type: 'image/png', data: await pngFile('invited.png') });
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success;
    expect((await galleryItems(server, fid)).map((item) => item.rid)).to.deep.equal([detail.rid]);
    // No URL import for upload tokens: the API does not allow it to them.
    expect(el.shadowRoot!.querySelector('[part=url-form]')).to.equal(null);
  });

  it('shows a readable message for an expired upload token and uploads nothing', async () => {
    const fid = await createGallery(server, 'Expired invite');
    // An upload token never outlives its parent, nor holds a right the parent lacks: a parent of one
    // second that may upload gives a token that could upload, expiring with it.
    const parent = await api(server, 'token.get_temp', {
      permissions: 'token.create|asset.upload|gallery.read',
      ttl: 1,
    });
    const invite = await api(server, 'upload.get_upload_token', { fid }, parent.body.token);
    expect(invite.status, JSON.stringify(invite.body)).to.equal(200);
    const uploadToken = invite.body.upload_token as string;
    const asked = () => {
      const url = new URL('asset.get_upload_url.json', server.baseUrl);
      url.searchParams.set('upload_token', uploadToken);
      url.searchParams.set('fid', fid);
      return fetch(url).then((response) => response.json());
    };
    // While it lives the token may ask for upload URLs: the refusal below is its expiry, nothing else.
    expect((await asked()).upload_url).to.be.a('string');
    await waitUntilAsync(async () => (await asked()).code === 'token_expired', 'the upload token expires');
    const before = await assetCount(server);
    const el = await mount({ 'base-url': server.baseUrl, 'upload-token': uploadToken, fid });
    const { detail } = await failedUpload(el, 'late.png');
    expect(detail.status).to.equal(403);
    expect(detail.code).to.equal('token_expired');
    expect(detail.message).to.contain('expired');
    const shown = await shownErrors(el);
    expect(shown).to.contain('late.png: Your upload access has expired. Ask for a new upload link.');
    expect(shown)
      .to.match(/expired/i)
      .and.not.contain('token_expired');
    expect(await galleryItems(server, fid)).to.have.length(0);
    expect(await assetCount(server)).to.equal(before);
  });
});
