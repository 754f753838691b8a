// <live-player>'s layout and badges in Chromium against the reference server: a 16:9 picture at phone and
// desktop widths whatever the bars below hold, the status clear of the video controls, a neutral live badge
// that turns red on air, styled admin buttons, and no note on charges from a server that charges nothing.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/live-player/define.ts';
import type { LivePlayerAdminEvent } from '../../src/elements/live-player/events.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import { api, type BrowserTestServer, startServer, stopServers, until } from '../helpers/browser.ts';

const part = (el: LivePlayer, name: string) =>
  el.shadowRoot?.querySelector(`[part~="${name}"]`) as HTMLElement | null;
const box = (el: Element | null) => el!.getBoundingClientRect();

describe('<live-player> looks', () => {
  let server: BrowserTestServer;
  let liveid: string;
  before(async () => {
    // The reference server as `npm start` runs it: a local server, which charges nothing.
    server = await startServer({ liveStartDelayMs: 300, liveResetDelayMs: 100 });
    liveid = (await api(server, 'live.create', { name: 'Looks' })).body.liveid;
  });
  after(async () => {
    await api(server, 'live.delete', { liveid });
    await stopServers();
  });

  for (const width of [390, 1280]) {
    it(`keeps a 16:9 picture at ${width} px with both bars, the status along its top edge`, async () => {
      const wrapper = await fixture<HTMLElement>(
        html`<div style=${`width: ${width}px`}>
          <live-player base-url=${server.baseUrl} liveid=${liveid} token=${server.token} controls admin></live-player>
        </div>`,
      );
      const el = wrapper.querySelector('live-player') as LivePlayer;
      await until(
        () => el.state === 'waiting' && el.streamState === 'idle',
        5000,
        'waiting on an idle stream',
      );
      await el.updateComplete;
      const screen = box(part(el, 'screen'));
      expect(screen.width).to.equal(width);
      expect(Math.abs(screen.height - (width * 9) / 16)).to.be.below(1);
      expect(box(part(el, 'video')).height).to.equal(screen.height);
      // The bars sit below the picture, not over it.
      expect(box(part(el, 'toolbar')).top).to.be.at.least(screen.bottom - 0.5);
      expect(box(part(el, 'admin')).top).to.be.at.least(box(part(el, 'toolbar')).bottom - 0.5);
      // The message is shown in the top half: the browser's controls along the bottom stay free to use.
      const status = box(part(el, 'status'));
      expect(status.height).to.be.above(0);
      expect(status.bottom).to.be.below(screen.top + screen.height / 2);
    });
  }

  it('keeps its bars inside a height the page gives it (as the embed page does), the picture yielding', async () => {
    const el = await fixture<LivePlayer>(
      html`<live-player style="width: 640px; height: 360px" base-url=${server.baseUrl} liveid=${liveid}
        token=${server.token} controls></live-player>`,
    );
    await until(() => el.state === 'waiting', 5000, 'waiting');
    await el.updateComplete;
    const host = box(el);
    expect(host.height).to.equal(360);
    expect(box(part(el, 'toolbar')).bottom).to.be.at.most(host.bottom + 0.5);
    expect(box(part(el, 'screen')).height).to.be.below(360);
  });

  it('shows a neutral live badge until the stream plays, then a red on-air one; no note on charges', async function () {
    this.timeout(30000);
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${liveid} token=${server.token} controls admin muted></live-player>`,
    );
    await until(() => el.streamState === 'idle', 5000, 'the idle stream');
    const badge = part(el, 'live-edge') as HTMLButtonElement;
    const neutral = getComputedStyle(badge);
    expect(badge.part.contains('on-air')).to.equal(false);
    expect(neutral.opacity, 'the neutral badge does not look disabled').to.equal('1');

    // Styled admin buttons: the page's font, rounded, start as the primary one while off air.
    const [start, stop] = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]');
    expect(start!.part.contains('admin-start')).to.equal(true);
    expect(start!.part.contains('admin-primary')).to.equal(true);
    expect(getComputedStyle(start!).fontFamily).to.equal(getComputedStyle(el).fontFamily);
    expect(getComputedStyle(start!).borderTopLeftRadius).to.equal('6px');
    expect(getComputedStyle(start!).backgroundColor).to.not.equal(getComputedStyle(stop!).backgroundColor);

    const admin = new Promise<LivePlayerAdminEvent>((resolve) =>
      el.addEventListener('live-player-admin', resolve, { once: true }),
    );
    start!.click();
    const { detail } = await admin;
    expect(detail.note).to.equal('');
    await until(() => el.state === 'playing', 15000, 'playing');
    await el.updateComplete;
    expect(badge.part.contains('on-air')).to.equal(true);
    const onAir = getComputedStyle(badge);
    expect(onAir.backgroundColor).to.equal('rgb(204, 0, 0)');
    expect(onAir.color).to.equal('rgb(255, 255, 255)');
    expect(part(el, 'stream-state')?.dataset.state).to.match(/^(starting|live)$/);
    expect(part(el, 'admin-note')).to.equal(null);
    // On air, stop is the next likely step.
    await until(() => stop!.part.contains('admin-primary'), 5000, 'stop to be the primary button');
    expect(start!.part.contains('admin-primary')).to.equal(false);
    await api(server, 'live.reset', { liveid });
  });
});
