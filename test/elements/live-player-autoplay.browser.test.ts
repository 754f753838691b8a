// <live-player> starting by itself, as the demo page uses it: a stream that goes live plays without anyone
// calling play(), muted when the browser refuses sound, again after stop -> start, and the admin line says
// what live.list says. The playlist is asked for only once live.list says the stream is on air.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/live-player/define.ts';
import type { LivePlayerStateEvent } from '../../src/elements/live-player/events.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import { api, type BrowserTestServer, startServer, stopServers, until } from '../helpers/browser.ts';

const part = (el: LivePlayer, name: string) =>
  el.shadowRoot?.querySelector(`[part~="${name}"]`) as HTMLElement | null;
const videoOf = (el: LivePlayer) => el.shadowRoot?.querySelector('video') as HTMLVideoElement;
/** The API's state behind the admin line's words (`State: Live`, data-state="live"). */
const adminState = (el: LivePlayer) => part(el, 'stream-state')?.dataset.state ?? '';
const adminButton = (el: LivePlayer, index: 0 | 1 | 2) =>
  el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]')[index] as HTMLButtonElement;

/**
 * Chromium's desktop rule (`document-user-activation-required`): media starts unasked only when muted;
 * with sound only after the viewer interacted with the page. Headless Chromium lets everything play
 * whatever `--autoplay-policy` says (measured with Chromium 156), so the page gets the desktop rule here:
 * what is simulated is the browser, not our API. Returns how many unmuted starts it refused.
 */
function desktopAutoplayPolicy(): { refused: () => number; restore: () => void } {
  const play = HTMLMediaElement.prototype.play;
  let refused = 0;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!this.muted && !navigator.userActivation.hasBeenActive) {
      refused++;
      return Promise.reject(
        new DOMException(
          "play() failed because the user didn't interact with the document first.",
          'NotAllowedError',
        ),
      );
    }
    return play.call(this);
  };
  return { refused: () => refused, restore: () => (HTMLMediaElement.prototype.play = play) };
}

/** demo/live.html's element, wired the way demo/demo.js wires it: attributes set once it is on the page. */
async function demoPlayer(server: BrowserTestServer, liveid: string): Promise<LivePlayer> {
  const el = await fixture<LivePlayer>(html`<live-player admin controls muted></live-player>`);
  el.setAttribute('base-url', server.baseUrl);
  el.setAttribute('token', server.token);
  el.setAttribute('liveid', liveid);
  return el;
}

/** Waits until the picture moves by itself: `playing`, not paused, currentTime 2 s further on. */
async function playsByItself(el: LivePlayer, what: string): Promise<void> {
  await until(() => el.state === 'playing', 15000, `${what}: playing`);
  const video = videoOf(el);
  const from = video.currentTime;
  await until(() => video.currentTime > from + 2, 8000, `${what}: currentTime to advance 2 s`);
  expect(video.paused, what).to.equal(false);
}

describe('<live-player> autoplay', () => {
  let server: BrowserTestServer;
  let policy: ReturnType<typeof desktopAutoplayPolicy>;
  before(async () => {
    // The reference server's own timings, as `npm start` runs the demo (2 s from start to live).
    server = await startServer({});
    expect(navigator.userActivation.hasBeenActive, 'the page has had no user activation').to.equal(false);
    policy = desktopAutoplayPolicy();
  });
  after(async () => {
    policy.restore();
    await stopServers();
  });

  it('plays a stream that goes live by itself, and again after stop -> start, with the demo markup', async function () {
    this.timeout(75000);
    const { body: created } = await api(server, 'live.create', { name: 'Demo stream' });
    const liveid = created.liveid as string;
    const el = await demoPlayer(server, liveid);
    await until(() => adminState(el) === 'idle', 5000, 'the admin line to show live.list (idle)');
    expect(el.state).to.equal('waiting');
    expect(part(el, 'status')?.textContent).to.include('Waiting for the stream');

    // Started by someone else (through the API, not this player's buttons): the player still plays.
    await api(server, 'live.start', { liveid });
    await playsByItself(el, 'after start');
    expect(videoOf(el).muted).to.equal(true);
    await until(() => adminState(el) === 'live', 5000, 'the admin line to say live');
    expect(el.streamState).to.equal('live');

    await api(server, 'live.stop', { liveid });
    await until(() => el.state === 'ended', 20000, 'the end of the broadcast');
    await until(() => adminState(el) === 'stopped', 5000, 'the admin line to say stopped');

    await api(server, 'live.start', { liveid });
    await playsByItself(el, 'after stop -> start');
    await until(() => adminState(el) === 'live', 5000, 'the admin line to say live again');
    await api(server, 'live.delete', { liveid });
  });

  it("follows its own admin bar's Stop -> Start at once, playing the new broadcast", async function () {
    this.timeout(60000);
    const { body: created } = await api(server, 'live.create', { name: 'Demo stream' });
    const el = await demoPlayer(server, created.liveid);
    await until(() => adminState(el) === 'idle', 5000, 'idle');
    adminButton(el, 0).click();
    await playsByItself(el, 'after Start');
    await until(() => adminState(el) === 'live', 5000, 'live');

    adminButton(el, 1).click();
    await until(() => adminState(el) === 'stopped', 5000, 'stopped');
    // Pressed while the end of the stopped broadcast still plays from the buffer.
    const states: string[] = [];
    el.addEventListener('live-player-state', (e: LivePlayerStateEvent) => states.push(e.detail.state));
    await until(() => !adminButton(el, 0).disabled, 5000, 'the buttons to be ready');
    adminButton(el, 0).click();
    await until(() => states.includes('waiting'), 5000, 'the new broadcast to be loaded');
    await playsByItself(el, 'after Stop -> Start');
    expect(states).to.not.include('error');
    await until(() => adminState(el) === 'live', 5000, 'live again');
    await api(server, 'live.delete', { liveid: created.liveid });
  });

  it('falls back to muted when the browser refuses sound, and offers to unmute', async function () {
    this.timeout(40000);
    const { body: created } = await api(server, 'live.create', {});
    await api(server, 'live.start', { liveid: created.liveid });
    const refusedBefore = policy.refused();
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${created.liveid} token=${server.token} controls></live-player>`,
    );
    const video = videoOf(el);
    expect(video.muted, 'asked to play with sound').to.equal(false);
    await playsByItself(el, 'muted fallback');
    expect(policy.refused(), 'the unmuted start was refused').to.be.greaterThan(refusedBefore);
    expect(video.muted).to.equal(true);
    const unmute = part(el, 'unmute') as HTMLButtonElement;
    expect(unmute, 'the unmute button').to.not.equal(null);
    expect(unmute.textContent?.trim()).to.equal('Turn sound on');
    unmute.click();
    await el.updateComplete;
    expect(video.muted).to.equal(false);
    expect(part(el, 'unmute')).to.equal(null);
    await api(server, 'live.delete', { liveid: created.liveid });
  });

  it('waits for the viewer with autoplay="off", then plays when asked', async function () {
    this.timeout(40000);
    const { body: created } = await api(server, 'live.create', {});
    await api(server, 'live.start', { liveid: created.liveid });
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${created.liveid} token=${server.token} autoplay="off" muted></live-player>`,
    );
    await until(
      () => part(el, 'status')?.textContent === 'The stream is live: press play to watch.',
      10000,
      'ready',
    );
    const video = videoOf(el);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(video.paused).to.equal(true);
    expect(el.state).to.equal('waiting');
    video.focus();
    video.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true, composed: true }));
    await playsByItself(el, 'after K');
    await api(server, 'live.delete', { liveid: created.liveid });
  });

  it('asks live.list, not the playlist, while the stream is not on air', async function () {
    this.timeout(30000);
    const { body: created } = await api(server, 'live.create', {});
    const playlist = (name: string) => name.startsWith(created.hls_playback_url);
    performance.setResourceTimingBufferSize(2000);
    performance.clearResourceTimings();
    const el = await demoPlayer(server, created.liveid);
    // Two polls of live.list at least (one at once, the next 3 s later), and no playlist request.
    await until(
      () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/live.list.json')).length >=
        2,
      8000,
      'two live.list requests',
    );
    expect(performance.getEntriesByType('resource').filter((e) => playlist(e.name))).to.deep.equal([]);
    expect(el.state).to.equal('waiting');
    await api(server, 'live.start', { liveid: created.liveid });
    await playsByItself(el, 'after start');
    const statuses = performance.getEntriesByType('resource').filter((e) => playlist(e.name));
    expect(statuses.length).to.be.greaterThan(0);
    expect(statuses.map((e) => (e as PerformanceResourceTiming).responseStatus)).to.not.include(404);
    await api(server, 'live.delete', { liveid: created.liveid });
  });
});
