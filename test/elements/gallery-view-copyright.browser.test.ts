// The asset metadata field `copyright`, end to end against the reference server: set by asset.set_meta
// (at most 255 characters, as `caption`), returned in records and selected by gallery.get_items `details`,
// and shown in <gallery-view>'s lightbox caption area as `© <text>`, as text, by default too.
import { expect, fixture, html } from '@open-wc/testing';
import { nothing } from 'lit';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import {
  api,
  type BrowserTestServer,
  createGallery,
  startServer,
  stopServers,
  until,
  uploadTo,
} from '../helpers/browser.ts';

const MARKUP = '2026 <b>Ann</b> & co';
const copyrightLine = (el: GalleryView) =>
  el.shadowRoot!.querySelector('[part="lightbox-caption"].copyright');

describe('copyright', function () {
  this.timeout(30000);
  let server: BrowserTestServer;
  let fid = '';
  let rid = '';
  let plain = '';

  before(async () => {
    server = await startServer();
    const gallery = await createGallery(server, 'Rights');
    fid = gallery.fid;
    rid = (await uploadTo(gallery.upload_url, new Blob(['notes']), 'notes.txt')).rid;
    plain = (await uploadTo(gallery.upload_url, new Blob(['more notes']), 'more.txt')).rid;
  });
  after(() => stopServers());

  /** The gallery in a <gallery-view> with both tiles shown; `details` as given, else the element's own. */
  async function showGallery(details?: string): Promise<GalleryView> {
    const el = await fixture<GalleryView>(
      html`<gallery-view base-url=${server.baseUrl} fid=${fid} token=${server.token} details=${details ?? nothing}></gallery-view>`,
    );
    await until(
      () => el.shadowRoot!.querySelectorAll('.tile:not(.placeholder)').length === 2,
      8000,
      'the tiles',
    );
    return el;
  }

  it('is set by asset.set_meta, at most 255 characters, and returned in records', async () => {
    const tooLong = await api(server, 'asset.set_meta', { rid, copyright: 'x'.repeat(256) });
    expect([tooLong.status, tooLong.body.code]).to.deep.equal([400, 'invalid_parameter']);
    const set = await api(server, 'asset.set_meta', { rid, copyright: MARKUP });
    expect(set.body.asset.copyright).to.equal(MARKUP);
    expect((await api(server, 'asset.list', { rid })).body.items[0].copyright).to.equal(MARKUP);
  });

  it('comes in gallery.get_items by default and when `details` names it, not otherwise', async () => {
    const item = async (details?: string) =>
      (await api(server, 'gallery.get_items', { fid, ...(details ? { details } : {}) })).body.folder.items[0];
    expect((await item()).copyright).to.equal(MARKUP);
    expect((await item('copyright')).copyright).to.equal(MARKUP);
    expect('copyright' in (await item('caption'))).to.equal(false);
  });

  it('shows in the lightbox caption area as © and its text, markup as text, and nothing when absent', async () => {
    const el = await showGallery('caption,copyright');
    await el.open(rid);
    expect(copyrightLine(el)?.textContent).to.equal(`© ${MARKUP}`);
    expect(copyrightLine(el)?.querySelector('b')).to.equal(null);
    el.close();
    await el.open(plain);
    expect(copyrightLine(el)).to.equal(null);
    el.close();
  });

  it('shows without a `details` attribute: the default asks for what the lightbox shows', async () => {
    const el = await showGallery();
    expect(el.details.split(',')).to.include.members(['caption', 'copyright', 'description']);
    await el.open(rid);
    expect(copyrightLine(el)?.textContent).to.equal(`© ${MARKUP}`);
    el.close();
  });
});
