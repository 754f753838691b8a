// Visual baselines of the three elements against one reference server: the uploader empty, with files and
// paused mid-upload, the gallery grid and its lightbox (the demo's generated photos), the live player waiting and
// playing (a frozen frame of the simulated stream).
import '../../src/elements/gallery-uploader/define.ts';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import '../../src/elements/live-player/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import {
  api,
  type BrowserTestServer,
  createGallery,
  seedDemo,
  startServer,
  stopServers,
  until,
} from '../helpers/browser.ts';
import { photo } from './photo.ts';
import { snapshot } from './snapshot.ts';

const shadow = (el: Element) => el.shadowRoot as ShadowRoot;

/** Mounts an element for as long as a test needs it (a fixture would be removed after each test). */
function mount<T extends HTMLElement>(tag: string, attributes: Record<string, string>): T {
  const el = document.createElement(tag) as T;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

/** Every <img> under `root` has loaded (or failed), those off screen included. */
function imagesLoaded(root: ParentNode): boolean {
  return [...root.querySelectorAll('img')].every((img) => img.complete);
}

describe('visual: elements', function () {
  // Four shots per test, and a live stream to start: more than mocha's default on a busy machine.
  this.timeout(60_000);
  let server: BrowserTestServer;
  let fid: string;

  before(async () => {
    // The live source stops adding segments at once: a playing stream then shows the same media every run.
    server = await startServer({ liveStartDelayMs: 300, liveFreezeAfterMs: 0 });
    await seedDemo(server);
    const { body } = await api(server, 'gallery.list', { search: 'caption=Demo gallery' });
    fid = body.galleries[0].fid;
  });
  after(() => stopServers());
  /** An uploader on the demo gallery, ready to take files. */
  async function mountUploader(extra: Record<string, string> = {}): Promise<GalleryUploader> {
    const el = mount<GalleryUploader>('gallery-uploader', {
      'base-url': server.baseUrl,
      token: server.token,
      fid,
      ...extra,
    });
    await el.ready;
    return el;
  }

  describe('<gallery-uploader>', () => {
    let el: GalleryUploader;
    before(async () => {
      el = await mountUploader({ 'meta-fields': 'caption,description' });
    });
    after(() => el.remove());

    it('empty', async () => {
      await snapshot(el, 'gallery-uploader.empty');
    });

    it('empty, with the theme attribute instead of the colour scheme', async () => {
      await snapshot(el, 'gallery-uploader.empty', { via: 'theme' });
    });

    it('with three files chosen', async () => {
      const files = await Promise.all([
        photo('harbour.png', 600, 400, 20),
        photo('fern.png', 400, 600, 100),
        photo('glacier.png', 600, 450, 200),
      ]);
      await el.addFiles(files);
      const previews = () => shadow(el).querySelectorAll('.uppy-Dashboard-Item-previewImg');
      const settle = () =>
        until(() => previews().length === 3 && imagesLoaded(shadow(el)), 10_000, 'three thumbnails');
      await snapshot(el, 'gallery-uploader.files', { settle });
    });
  });

  describe('<gallery-uploader> paused part-way through a chunked upload', () => {
    let el: GalleryUploader;
    before(async () => {
      // A gallery of its own: should the upload ever finish before the pause, the demo gallery (shot below)
      // still holds its six photos.
      const { fid: own } = await createGallery(server, 'Paused uploads');
      el = await mountUploader({ fid: own });
    });
    after(() => el.remove());

    it('paused', async () => {
      // Large enough (over a second to send here) that the pause lands while its first chunk is on the way.
      const size = 256 * 1024 * 1024;
      await el.addFiles([new File([new Uint8Array(size)], 'interview-take-2.mp4', { type: 'video/mp4' })]);
      const uppy = el.uppy!;
      const id = Object.keys(uppy.getState().files)[0]!;
      void el.upload().catch(() => undefined);
      await until(() => (uppy.getFile(id).progress.bytesUploaded || 0) > 0, 20_000, 'the first bytes sent');
      uppy.pauseResume(id);
      await until(() => uppy.getFile(id).isPaused === true, 5_000, 'the file paused');
      // Where a pause lands differs run to run; the shot is about how a paused upload looks, so the figures
      // are fixed once the paused upload has stopped reporting progress (its behaviour has its own tests).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const fixed = () => {
        const progress = { ...uppy.getFile(id).progress, bytesUploaded: size * 0.4, percentage: 40 };
        uppy.setFileState(id, { progress: progress as typeof progress & { uploadStarted: number } });
        uppy.setState({ totalProgress: 40 });
      };
      fixed();
      const resumeButton = () =>
        shadow(el).querySelector('.uppy-Dashboard-Item-action--resume, button[aria-label*="esume" i]');
      await snapshot(el, 'gallery-uploader.paused', {
        settle: async () => {
          fixed();
          await until(() => resumeButton() !== null, 5_000, 'the resume button');
        },
      });
    });
  });

  describe('<gallery-view>', () => {
    let el: GalleryView;
    const images = () => [...shadow(el).querySelectorAll('img[part~="image"]')];
    const settle = () => until(() => images().length === 6 && imagesLoaded(shadow(el)), 10_000, 'six photos');

    before(() => {
      el = mount<GalleryView>('gallery-view', { 'base-url': server.baseUrl, token: server.token, fid });
    });
    after(() => el.remove());

    it('grid', async () => {
      await snapshot(el, 'gallery-view.grid', { settle });
    });

    it('grid, with the theme attribute instead of the colour scheme', async () => {
      await snapshot(el, 'gallery-view.grid', { settle, via: 'theme' });
    });

    it('lightbox open on the first photo', async () => {
      await settle();
      shadow(el).querySelector<HTMLElement>('[data-index="0"] [part~="tile-button"]')?.click();
      const dialog = () => shadow(el).querySelector('dialog') as HTMLDialogElement;
      await until(() => dialog()?.open === true, 5000, 'the lightbox');
      await snapshot(document, 'gallery-view.lightbox', {
        settle: () => until(() => imagesLoaded(dialog()), 10_000, 'the lightbox image'),
      });
      el.close();
    });
  });

  describe('<live-player>', () => {
    /** The demo's markup: admin and controls, muted so autoplay needs no permission. */
    const player = async (name: string) => {
      const { body } = await api(server, 'live.create', { name });
      const attributes = { 'base-url': server.baseUrl, token: server.token, liveid: body.liveid };
      return mount<LivePlayer>('live-player', { ...attributes, admin: '', controls: '', muted: '' });
    };

    it('waiting for a stream that has not started', async () => {
      const el = await player('Not started');
      await until(() => el.state === 'waiting' && el.streamState === 'idle', 5000, 'waiting, idle');
      await snapshot(el, 'live-player.idle');
      await snapshot(el, 'live-player.idle', { via: 'theme' });
      el.remove();
    });

    it('playing, paused on a known frame', async () => {
      const el = await player('On air');
      await until(() => el.state === 'waiting' && el.streamState === 'idle', 5000, 'waiting, idle');
      shadow(el).querySelector<HTMLButtonElement>('[part~="admin-button"]')?.click(); // Start
      await until(() => el.state === 'playing' && el.streamState === 'live', 20_000, 'playing, live');
      // The frozen playlist holds media 0-10 s (five 2 s segments); the player joins near its end, at 4 s.
      const video = shadow(el).querySelector('video') as HTMLVideoElement;
      const bufferedEnd = () => (video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0);
      await until(() => bufferedEnd() > 7.5, 15_000, '7 s buffered');
      video.pause();
      video.currentTime = 7;
      await until(() => !video.seeking && video.readyState >= 2, 5000, 'the frame at 7 s');
      // Chromium's own controls fade in on pause (no event tells the end; their shadow root is closed), and
      // their seek bar keeps redrawing a paused live stream for seconds: it is hidden, as a mask would.
      const hide = document.createElement('style');
      hide.textContent = 'video::-webkit-media-controls-timeline { visibility: hidden; }';
      shadow(el).append(hide);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Latency is measured against the clock while paused: it changes from run to run.
      await snapshot(el, 'live-player.playing', { mask: ['live-player [part~="latency"]'] });
      el.remove();
    });
  });
});
