// Visual baselines of the pages the reference server serves, each shot whole in a page of its own: the demo
// home (`/`), the demo portal and a members-only portal's sign-in page, and the upload frame before and after
// an upload.
import {
  api,
  type BrowserTestServer,
  createGallery,
  seedDemo,
  startServer,
  stopServers,
  uploadTo,
  versionsIdle,
} from '../helpers/browser.ts';
import { photo } from './photo.ts';
import { snapshotPage } from './snapshot.ts';

/** Conditions of `ready` (JavaScript expressions): every <gallery-view> of the page shows all its photos… */
const GALLERIES_READY = `[...document.querySelectorAll('gallery-view')].every((view) => {
  const images = [...view.shadowRoot.querySelectorAll('img[part~="image"]')];
  return view.getAttribute('state') === 'ready' && images.length === view.itemCount() &&
    images.every((img) => img.complete);
})`;
/** …the uploader's Dashboard has loaded. */
const UPLOADER_READY = `document.querySelector('gallery-uploader')?.shadowRoot?.querySelector('.uppy-Dashboard')`;

/** The upload frame's own URL (with its upload token) from the embed code upload.iframe answers. */
async function frameUrl(server: BrowserTestServer, fid: string): Promise<string> {
  const url = new URL('upload.iframe', server.baseUrl);
  url.search = new URLSearchParams({ api_token: server.token, fid }).toString();
  const embed = await (await fetch(url)).text();
  const src = /src="([^"]+)"/.exec(embed)?.[1];
  if (!src) throw new Error(`no frame URL in ${embed}`);
  return src.replaceAll('&amp;', '&');
}

describe('visual: pages of the reference server', function () {
  // Four whole-page shots per test, after a first load that bundles scripts: more than mocha's default.
  this.timeout(120_000);
  let server: BrowserTestServer;
  let fid: string;

  before(async () => {
    server = await startServer({ demo: true });
    await seedDemo(server);
    const { body } = await api(server, 'gallery.list', { search: 'caption=Demo gallery' });
    fid = body.galleries[0].fid;
  });
  after(() => stopServers());

  it('demo home', async () => {
    await snapshotPage(new URL('/', server.origin).href, 'demo.home', {
      ready: {
        galleries: GALLERIES_READY,
        uploader: UPLOADER_READY,
        'live player': `document.querySelector('live-player')?.streamState === 'idle'`,
        // demo.js has replaced "Connecting to the reference server…" (or the page has no status line).
        status: `!/^Connecting/.test(document.querySelector('[data-status]')?.textContent ?? '')`,
      },
      // The status line names the gallery's random id and the server's port.
      text: { '[data-status]': 'Gallery fid on the reference server' },
    });
  });

  it('portal landing page', async () => {
    // The public portal the demo seed makes over the demo gallery (DEMO_PORTAL in server/web/demo-seed.ts).
    await snapshotPage(new URL('/portals/demo/', server.origin).href, 'portal.landing', {
      ready: { galleries: GALLERIES_READY },
    });
  });

  it('portal sign-in page', async () => {
    // A members-only portal that takes passwords and lets anyone register: every part of the form shows.
    const params = new URLSearchParams({
      api_token: server.token,
      subdomain: 'members',
      allow_public: 'no',
      service_login: 'yes',
      service_login_registration: 'anyone',
      simple_user_add: 'alice:right-password-1',
      args: JSON.stringify({ title: 'Harbour photo club', galleries: [fid] }),
    });
    // API parameters go in the query string, for POST too.
    const set = await fetch(new URL(`portal.set.json?${params}`, server.baseUrl), { method: 'POST' });
    if (!set.ok) throw new Error(`portal.set answered ${set.status}: ${await set.text()}`);
    await snapshotPage(new URL('/portals/members/sign-in', server.origin).href, 'portal.sign-in', {
      ready: { form: `document.querySelector('form input[type=password]')` },
    });
  });

  describe('upload frame', () => {
    let frame: string;
    let uploadUrl: string;
    before(async () => {
      const gallery = await createGallery(server, 'Frame uploads');
      uploadUrl = gallery.upload_url;
      frame = await frameUrl(server, gallery.fid);
    });

    it('before any upload', async () => {
      await snapshotPage(frame, 'upload-frame.empty', { ready: { uploader: UPLOADER_READY } });
    });

    it('with an upload of this visitor', async () => {
      const token = new URL(frame).searchParams.get('upload_token') as string;
      // Uploaded with the frame's token: the frame lists it as this visitor's.
      const url = new URL(uploadUrl);
      url.searchParams.set('upload_token', token);
      await uploadTo(url.href, await photo('lighthouse.png', 600, 400, 30), 'lighthouse.png', {
        caption: 'Lighthouse',
      });
      await versionsIdle(server);
      const rows = `document.querySelector('upload-frame-items')?.shadowRoot?.querySelectorAll('li')`;
      await snapshotPage(frame, 'upload-frame.uploaded', {
        ready: {
          uploader: UPLOADER_READY,
          'one row': `${rows}.length === 1`,
          'its thumbnail': `${rows}[0].querySelector('img.thumb')?.complete`,
        },
      });
    });
  });
});
