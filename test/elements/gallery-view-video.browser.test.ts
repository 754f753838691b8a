// A video end to end in Chromium: uploaded through <gallery-uploader>, its versions made by the reference
// server (poster and HLS renditions), shown in <gallery-view> as a tile with poster, play badge and
// duration, and played in the lightbox through hls.js, with its attached subtitles as a selectable track.
import { expect, oneEvent } from '@open-wc/testing';
import axe from 'axe-core';
import type { GalleryItem } from '../../src/api/types.ts';
import type { GalleryUploadSuccessEvent } from '../../src/elements/gallery-uploader/events.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { api, type BrowserTestServer, startServer, stopServers, uploadTo } from '../helpers/browser.ts';
import { chooseFiles, mount } from './gallery-uploader.support.ts';
import { mountView, part, until } from './gallery-view.support.ts';

const SRT = '1\n00:00:00,000 --> 00:00:01,500\nHello\n\n2\n00:00:01,500 --> 00:00:02,000\nWorld\n';

async function record(server: BrowserTestServer, rid: string): Promise<Record<string, any>> {
  const { body } = await api(server, 'asset.list', { rid });
  return body.items[0];
}

async function settled(server: BrowserTestServer, rid: string): Promise<Record<string, any>> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const asset = await record(server, rid);
    if (asset.syncstatus !== 'pending') return asset;
    if (performance.now() > deadline) throw new Error('the video versions were not made in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function axeViolations(el: GalleryView): Promise<string[]> {
  const result = await axe.run(el.shadowRoot!.querySelector('[part="grid"]') ?? el, {
    runOnly: ['wcag2a', 'wcag2aa'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('<gallery-view> video', () => {
  let server: BrowserTestServer;
  let fid: string;
  let rid: string;

  before(async () => {
    server = await startServer();
    fid = (await api(server, 'gallery.create', { name: 'Videos' })).body.fid;
  });
  after(() => stopServers());

  it('uploads a video through <gallery-uploader> and the server makes its poster and HLS renditions', async function () {
    this.timeout(90_000);
    const uploader = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const bytes = await (await fetch(new URL('../fixtures/media/tiny.mp4', import.meta.url))).blob();
    const success = oneEvent(uploader, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    chooseFiles(uploader, [new File([bytes], 'clip.mp4', { type: 'video/mp4' })]);
    void uploader.upload();
    rid = (await success).detail.rid;
    const video = await settled(server, rid);
    expect(video.syncstatus, video.message).to.equal('synced');
    expect(video.versions.hls.url).to.match(/\/hls\/master\.m3u8$/);
    expect(video.versions.poster.url).to.be.a('string');
    // Subtitles in English, as SubRip: the server serves them as WebVTT.
    const link = await api(server, 'asset.get_upload_url', { rid, type: 'subtitle-en' });
    const subtitle = await uploadTo(
      link.body.upload_url,
      new Blob([SRT], { type: 'application/x-subrip' }),
      'en.srt',
    );
    expect((await settled(server, subtitle.rid)).syncstatus).to.equal('synced');
  });

  it('shows the video tile with its poster, play badge and duration, and passes axe', async () => {
    const el = await mountView(server, fid);
    const tile = el.shadowRoot!.querySelector(`.tile[data-rid="${rid}"]`)!;
    const img = tile.querySelector('img')!;
    await until(() => img.complete && img.naturalWidth > 0, 'the poster');
    expect(img.currentSrc).to.match(/jpg_/);
    expect(tile.querySelector('[part="play-badge"]')).to.exist;
    expect(tile.querySelector('[part="duration"]')?.textContent).to.equal('0:02');
    expect(tile.querySelector('.media')?.getAttribute('aria-label')).to.equal('Video: clip.mp4, 0:02');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a video tile without a poster (no versions yet) passes axe too', async () => {
    const el = document.createElement('gallery-view') as GalleryView;
    el.items = [
      { rid: 'novideo00001', type: 'video', filename: 'raw.mov', thumbnail: null, versions: {} } as any,
    ];
    document.body.append(el);
    try {
      await until(() => !!el.shadowRoot?.querySelector('.tile:not(.placeholder)'), 'the tile');
      expect(await axeViolations(el)).to.deep.equal([]);
    } finally {
      el.remove();
    }
  });

  it('plays the original file while the video has no hls version yet', async () => {
    const asset = await record(server, rid);
    const { hls: _hls, ...versions } = asset.versions;
    const el = document.createElement('gallery-view') as GalleryView;
    el.items = [{ ...asset, versions } as GalleryItem];
    document.body.append(el);
    try {
      await until(() => !!el.shadowRoot?.querySelector('.tile:not(.placeholder)'), 'the tile');
      expect(await el.open(rid)).to.equal(true);
      await el.updateComplete;
      const video = part<HTMLVideoElement>(el, 'lightbox-video')!;
      await until(() => video.src !== '', 'the video source');
      expect(video.src).to.equal(asset.versions.original.url);
      expect(video.dataset.player).to.equal(undefined);
      el.close();
    } finally {
      el.remove();
    }
  });

  it('plays the HLS renditions through hls.js in the lightbox, poster first, with a selectable subtitle track', async function () {
    this.timeout(60_000);
    const el = await mountView(server, fid);
    expect(await el.open(rid)).to.equal(true);
    await el.updateComplete;
    const video = part<HTMLVideoElement>(el, 'lightbox-video')!;
    expect(video.poster).to.match(/jpg_1200x900|poster/);
    await until(() => video.dataset.player === 'hls.js', 'hls.js to take the video', 15_000);
    video.muted = true;
    await video.play();
    await until(() => video.currentTime > 0.3, 'playback to advance', 15_000);
    expect(video.currentSrc).to.match(/^blob:/);

    const select = part(el, 'lightbox-subtitles')!.querySelector('select')!;
    expect([...select.options].map((o) => o.value)).to.deep.equal(['', 'en']);
    expect([...select.options].map((o) => o.textContent)).to.deep.equal(['Off', 'English']);
    select.value = 'en';
    select.dispatchEvent(new Event('change'));
    const track = [...video.textTracks].find((t) => t.language === 'en')!;
    expect(track.mode).to.equal('showing');
    await until(() => (track.cues?.length ?? 0) === 2, 'the WebVTT cues', 10_000);
    expect((track.cues![0] as VTTCue).text).to.equal('Hello');
    el.close();
  });
});
