// <live-player> in Chromium against the reference server's simulated live source: waiting, playing,
// ended, stalled, the admin bar, the quality menu and accessibility.
import { expect, fixture, html } from '@open-wc/testing';
import axe from 'axe-core';
import '../../src/elements/live-player/define.ts';
import type { LivePlayerAdminEvent, LivePlayerStateEvent } from '../../src/elements/live-player/events.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import { api, type BrowserTestServer, startServer, stopServers, until } from '../helpers/browser.ts';

const part = (el: LivePlayer, name: string) =>
  el.shadowRoot?.querySelector(`[part~="${name}"]`) as HTMLElement;
const videoOf = (el: LivePlayer) => el.shadowRoot?.querySelector('video') as HTMLVideoElement;

async function streamState(server: BrowserTestServer, liveid: string): Promise<string | undefined> {
  const { body } = await api(server, 'live.list');
  return (body.live_streams as { liveid: string; state: string }[]).find((s) => s.liveid === liveid)?.state;
}

describe('<live-player>', () => {
  let server: BrowserTestServer;
  before(async () => {
    // As the hosted service: its answers carry a note on charges.
    server = await startServer({ liveStartDelayMs: 500, liveResetDelayMs: 200, liveChargeNotes: true });
  });
  after(() => stopServers());

  it('waits for a stream not yet started, plays once it is live, shows the end after stop', async function () {
    // Real playback in real time: the sum of its bounded waits exceeds mocha's default.
    this.timeout(40000);
    const { body: created } = await api(server, 'live.create', { name: 'Browser test' });
    const liveid = created.liveid as string;
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${liveid} token=${server.token} autoplay controls></live-player>`,
    );
    const states: string[] = [];
    el.addEventListener('live-player-state', (e: LivePlayerStateEvent) => states.push(e.detail.state));

    await until(
      () => part(el, 'status').textContent?.includes('Waiting for the stream') ?? false,
      5000,
      'waiting',
    );
    expect(el.getAttribute('state')).to.equal('waiting');

    const { body: started } = await api(server, 'live.start', { liveid });
    expect(started.state).to.equal('starting');
    await until(() => el.state === 'playing', 8000, 'playing');
    const video = videoOf(el);
    const from = video.currentTime;
    await until(() => video.currentTime > from + 2, 8000, 'currentTime to advance 2 s');
    expect(el.getAttribute('state')).to.equal('playing');
    expect(await streamState(server, liveid)).to.equal('live');

    const { body: stopped } = await api(server, 'live.stop', { liveid });
    expect(stopped.state).to.equal('stopped');
    await until(() => el.state === 'ended', 15000, 'ended');
    expect(part(el, 'status').textContent).to.include('Stream ended');
    expect(states).to.include.members(['playing', 'ended']);
    expect(states).to.not.include('error');

    const { body: reset } = await api(server, 'live.reset', { liveid });
    expect(reset.state).to.equal('resetting');
    expect((await fetch(created.hls_playback_url)).status).to.equal(404);
    await until(() => el.state === 'ended', 100, 'the player to keep showing the end');
    const { status: deleted } = await api(server, 'live.delete', { liveid });
    expect(deleted).to.equal(200);
    expect(await streamState(server, liveid)).to.equal(undefined);
    expect((await fetch(created.hls_playback_url)).status).to.equal(404);
  });

  it('reports stalled when the playlist stops advancing', async function () {
    // Real playback in real time: the sum of its bounded waits exceeds mocha's default.
    this.timeout(30000);
    const frozen = await startServer({ liveStartDelayMs: 100, liveFreezeAfterMs: 0 });
    const { body: created } = await api(frozen, 'live.create', {});
    await api(frozen, 'live.start', { liveid: created.liveid });
    const el = await fixture<LivePlayer>(
      html`<live-player src=${created.hls_playback_url} autoplay stall-timeout="1500"></live-player>`,
    );
    await until(() => el.state === 'playing', 8000, 'playing');
    await until(() => el.state === 'stalled', 15000, 'stalled');
    expect(el.getAttribute('state')).to.equal('stalled');
    expect(part(el, 'status').textContent).to.include('stalled');
  });

  it('recovers with backoff from a network drop mid-play', async function () {
    // Real playback in real time: the sum of its bounded waits exceeds mocha's default.
    this.timeout(45000);
    // Connections to the playlist and segments die from 2.5 s to 8.5 s after start. Before the drop the
    // playlist never lists more than 12 s of media (segments 0-5), so 14 s of playback proves fetching resumed.
    const flaky = await startServer({ liveStartDelayMs: 100, liveDropAfterMs: 2500, liveDropForMs: 6000 });
    const { body: created } = await api(flaky, 'live.create', {});
    await api(flaky, 'live.start', { liveid: created.liveid });
    const el = await fixture<LivePlayer>(
      html`<live-player src=${created.hls_playback_url} autoplay stall-timeout="1500"></live-player>`,
    );
    const states: string[] = [];
    el.addEventListener('live-player-state', (e: LivePlayerStateEvent) => states.push(e.detail.state));
    await until(() => el.state === 'playing', 8000, 'playing');
    const video = videoOf(el);
    const from = video.currentTime;
    await until(() => video.currentTime > from + 14, 30000, 'playback past the drop');
    expect(el.state).to.equal('playing');
    expect(states).to.not.include('error');
  });

  it('starts a transcoded stream from its admin bar and offers its quality levels', async function () {
    // Real playback in real time: the sum of its bounded waits exceeds mocha's default.
    this.timeout(25000);
    const { body: created } = await api(server, 'live.create', { type: 'transcoded' });
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${created.liveid} token=${server.token} autoplay controls admin></live-player>`,
    );
    await until(() => el.state === 'waiting', 5000, 'waiting');
    const admin = new Promise<LivePlayerAdminEvent>((resolve) =>
      el.addEventListener('live-player-admin', resolve, { once: true }),
    );
    const [start] = el.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]') ?? [];
    start?.click();
    const { detail } = await admin;
    expect(detail.operation).to.equal('start');
    expect(detail.state).to.equal('starting');
    expect(detail.note).to.match(/charge/);
    await el.updateComplete;
    // The state line shows live.list, which the player asked again after the call.
    expect(part(el, 'admin-status').textContent).to.match(/Starting|Live/);
    expect(part(el, 'admin-note').textContent).to.match(/^\s*Note on charges: .*charge/);
    await until(() => el.state === 'playing', 8000, 'playing');
    await until(() => part(el, 'quality') !== null, 2000, 'the quality menu');
    const options = [...(part(el, 'quality') as HTMLSelectElement).options].map((o) => o.textContent?.trim());
    expect(options).to.deep.equal(['Auto', '180p', '90p']);
    await until(
      () => /Latency: \d+\.\d s/.test(part(el, 'latency').textContent ?? ''),
      3000,
      'a latency figure',
    );
    const liveEdge = part(el, 'live-edge') as HTMLButtonElement;
    expect(liveEdge.disabled).to.equal(false);
    expect(liveEdge.part.contains('on-air'), 'the badge is on air while the stream plays').to.equal(true);
    liveEdge.click();
    const video = videoOf(el);
    const after = video.currentTime;
    await until(() => video.currentTime > after + 0.5, 5000, 'playback to go on from the live edge');
    await api(server, 'live.delete', { liveid: created.liveid });
  });

  it('has no accessibility violations with toolbar and admin bar', async () => {
    const { body: created } = await api(server, 'live.create', {});
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid=${created.liveid} token=${server.token} controls admin aria-label="Test stream"></live-player>`,
    );
    await until(() => el.state === 'waiting', 5000, 'waiting');
    const results = await axe.run(el);
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
    expect(part(el, 'status').getAttribute('role')).to.equal('status');
    expect(part(el, 'admin').getAttribute('aria-label')).to.equal('Stream administration');
    await api(server, 'live.delete', { liveid: created.liveid });
  });

  it('answers the keyboard: m toggles mute on the focused video', async () => {
    const el = await fixture<LivePlayer>(html`<live-player controls></live-player>`);
    const video = videoOf(el);
    video.focus();
    expect(el.shadowRoot?.activeElement).to.equal(video);
    const muted = video.muted;
    video.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', bubbles: true, composed: true }));
    expect(video.muted).to.equal(!muted);
    expect(el.state).to.equal('idle');
  });

  it('shows an error for a liveid the API does not know', async () => {
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid="nosuchstream" token=${server.token}></live-player>`,
    );
    await until(() => el.state === 'error', 5000, 'error');
    expect(part(el, 'status').textContent).to.include('does not exist');
  });
});
