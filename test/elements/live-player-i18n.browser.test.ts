// <live-player> words, themes and keyboard against the reference server: German and French state texts and
// admin bar by `locale` (and the page's `lang`), `strings` overrides, dark colours, axe in both themes, Tab order.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import axe from 'axe-core';
import '../../src/elements/live-player/define.ts';
import type { LivePlayer } from '../../src/elements/live-player/live-player.ts';
import { api, type BrowserTestServer, startServer, stopServers, until } from '../helpers/browser.ts';

/** Waits until the lazily loaded table of the player's language is in use (`quality` in that language). */
const speaks = (el: LivePlayer, quality: string) =>
  until(() => el.text.quality === quality, 3000, `the "${quality}" table`);

const part = (el: LivePlayer, name: string) =>
  el.shadowRoot?.querySelector(`[part~="${name}"]`) as HTMLElement;
const text = (el: LivePlayer, name: string) => part(el, name)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const buttons = (el: LivePlayer) => [
  ...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="admin-button"]'),
];
const focused = (el: LivePlayer) => el.shadowRoot!.activeElement;
const violations = async (el: HTMLElement) =>
  (await axe.run(el, { resultTypes: ['violations'] })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

describe('<live-player> words, themes and keyboard', () => {
  let server: BrowserTestServer;
  let liveid: string;
  before(async () => {
    // As the hosted service: its answers carry a note on charges.
    server = await startServer({ liveStartDelayMs: 300, liveResetDelayMs: 100, liveChargeNotes: true });
    const { body } = await api(server, 'live.create', {});
    liveid = body.liveid;
  });
  after(async () => {
    await api(server, 'live.delete', { liveid });
    await stopServers();
  });
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('waits and administers in German with locale="de-AT", showing the note about charges with its label', async () => {
    const el = await fixture<LivePlayer>(
      html`<live-player locale="de-AT" base-url=${server.baseUrl} liveid=${liveid} token=${server.token} controls admin></live-player>`,
    );
    await speaks(el, 'Qualität');
    await until(() => text(el, 'status').includes('Warten auf den Stream'), 5000, 'the German waiting text');
    expect(buttons(el).map((b) => b.textContent?.trim())).to.deep.equal([
      'Stream starten',
      'Stream stoppen',
      'Stream zurücksetzen',
    ]);
    expect(part(el, 'admin').getAttribute('aria-label')).to.equal('Stream-Verwaltung');
    expect(part(el, 'toolbar').getAttribute('aria-label')).to.equal('Live-Steuerung');
    expect(part(el, 'live-edge').getAttribute('aria-label')).to.equal('Zum Live-Bild springen');
    expect(el.shadowRoot!.querySelector('video')!.getAttribute('aria-label')).to.equal('Livestream');
    buttons(el)[0]!.click();
    // The state comes from live.list: idle before the click, starting (or live already) after it.
    await until(() => /^Status: (Startet|Live)\b/.test(text(el, 'admin-status')), 5000, 'the admin status');
    expect(part(el, 'admin-note').textContent?.trim()).to.match(/^Hinweis zu Kosten: \S/);
  });

  it('speaks French from the page lang, switches with locale, and lets strings win', async () => {
    document.documentElement.lang = 'fr';
    const el = await fixture<LivePlayer>(
      html`<live-player base-url=${server.baseUrl} liveid="nosuchstream" token=${server.token} admin></live-player>`,
    );
    await speaks(el, 'Qualité');
    await until(() => el.state === 'error', 5000, 'the error state');
    await until(() => text(el, 'status') === 'Ce flux en direct n’existe pas.', 3000, 'the French error');
    expect(buttons(el)[0]!.textContent?.trim()).to.equal('Démarrer le flux');
    el.locale = 'de';
    await speaks(el, 'Qualität');
    await el.updateComplete;
    expect(text(el, 'status')).to.equal('Diesen Livestream gibt es nicht.');
    el.strings = { notFound: 'No such channel.', start: 'Go live' };
    await el.updateComplete;
    expect(text(el, 'status')).to.equal('No such channel.');
    expect(buttons(el)[0]!.textContent?.trim()).to.equal('Go live');
    expect(buttons(el)[1]!.textContent?.trim()).to.equal('Stream stoppen');
  });

  it('changes its computed colours with theme="dark" and passes axe in light and dark', async () => {
    const el = await fixture<LivePlayer>(
      html`<live-player theme="light" base-url=${server.baseUrl} liveid=${liveid} token=${server.token} controls admin></live-player>`,
    );
    await until(() => el.state !== 'idle', 5000, 'the lookup to start');
    const bar = part(el, 'admin');
    const light = { color: getComputedStyle(el).color, bar: getComputedStyle(bar).backgroundColor };
    expect(await violations(el)).to.deep.equal([]);
    el.theme = 'dark';
    await el.updateComplete;
    const dark = { color: getComputedStyle(el).color, bar: getComputedStyle(bar).backgroundColor };
    expect(dark.color).to.not.equal(light.color);
    expect(dark.bar).to.not.equal(light.bar);
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(await violations(el)).to.deep.equal([]);
  });

  it('reaches the video, the live-edge and every admin button with Tab, with a visible focus outline', async () => {
    // A stream of its own that is not on air: one that plays could add the unmute button to the Tab order.
    const { body: idle } = await api(server, 'live.create', {});
    const wrapper = await fixture<HTMLElement>(
      html`<div><button id="before">before</button><live-player style="--gallery-live-focus: rgb(255, 0, 0)" base-url=${server.baseUrl} liveid=${idle.liveid} token=${server.token} admin></live-player></div>`,
    );
    const el = wrapper.querySelector('live-player') as LivePlayer;
    await until(() => buttons(el).every((b) => !b.disabled), 5000, 'enabled admin buttons');
    document.getElementById('before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(el.shadowRoot!.querySelector('video'));
    const reached: string[] = [];
    for (let i = 0; i < 3; i++) {
      await sendKeys({ press: 'Tab' });
      const active = focused(el) as HTMLElement;
      reached.push(active.textContent?.trim() ?? '');
      expect(getComputedStyle(active).outlineColor).to.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(active).outlineStyle).to.equal('solid');
    }
    expect(reached).to.deep.equal(['Start stream', 'Stop stream', 'Reset stream']);
    await api(server, 'live.delete', { liveid: idle.liveid });
  });
});
