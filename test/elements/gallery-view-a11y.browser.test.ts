// <gallery-view> words, themes and accessibility with app-provided items (no server): German and French
// strings by `locale` and the page's `lang`, `strings` overrides, dark colours, axe and keyboard paths.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import axe from 'axe-core';
import type { GalleryItem } from '../../src/api/types.ts';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { activeElementDeep } from '../../src/elements/gallery-view/lightbox.ts';

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const root = (el: GalleryView) => el.shadowRoot!;
const tiles = (el: GalleryView) => [...root(el).querySelectorAll<HTMLElement>('.tile:not(.placeholder)')];
const dialog = (el: GalleryView) => root(el).querySelector('dialog') ?? document.createElement('dialog');
const label = (el: GalleryView, selector: string) =>
  root(el).querySelector(selector)?.getAttribute('aria-label');
const liveRegion = (el: GalleryView) => root(el).querySelector('[role="status"]')?.textContent?.trim();
const violations = async (el: HTMLElement) =>
  (await axe.run(el, { resultTypes: ['violations'] })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );

/** Waits until the lazily loaded table of the element's language is in use (`retry` in that language). */
const speaks = (el: GalleryView, retry: string) =>
  until(() => el.text.retry === retry, `the "${retry}" table`);

/** A small PNG as an object URL, so tiles show real images without a server. */
async function imageUrl(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 30;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3a7';
  context.fillRect(0, 0, 40, 30);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return URL.createObjectURL(blob);
}

function items(count: number, url: string): GalleryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const type = i === 1 ? 'video' : 'image';
    const version = (w: number, h: number) => ({ url: `${url}#${w}-${i}`, width: w, height: h, filesize: 1 });
    return {
      rid: `r${i}`,
      type,
      filename: `file-${i}.${type === 'video' ? 'mp4' : 'png'}`,
      caption: `Caption ${i}`,
      width: 1200,
      height: 900,
      thumbnail: { url: `${url}#200-${i}`, width: 200, height: 150 },
      versions: { original: version(1200, 900), jpg_600x450: version(600, 450) },
    } as GalleryItem;
  });
}

/** Opens the lightbox on the first tile by keyboard and waits until it shows. */
async function openFirstByKeyboard(el: GalleryView): Promise<void> {
  root(el).querySelector<HTMLElement>('.tile[data-index="0"] .media')!.focus();
  await sendKeys({ press: 'Enter' });
  await until(() => dialog(el).open, 'the lightbox to open');
  await el.updateComplete;
}

describe('<gallery-view> words, themes and accessibility', () => {
  let url: string;
  before(async () => {
    url = await imageUrl();
  });
  afterEach(() => document.documentElement.removeAttribute('lang'));

  it('speaks German with locale="de-AT": live region, grid label, tile kinds and lightbox labels', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view locale="de-AT" .items=${items(3, url)}></gallery-view>`,
    );
    await speaks(el, 'Erneut versuchen');
    await until(() => tiles(el).length === 3, 'three tiles');
    await el.updateComplete;
    expect(label(el, '[part="grid"]')).to.equal('Galerie');
    expect(liveRegion(el)).to.equal('3 Einträge');
    expect(label(el, '.tile[data-index="1"] .media')).to.equal('Video: Caption 1');
    await openFirstByKeyboard(el);
    expect(label(el, '[part="lightbox-prev"]')).to.equal('Zurück');
    expect(label(el, '[part="lightbox-next"]')).to.equal('Weiter');
    expect(label(el, '[part="lightbox-close"]')).to.equal('Schließen');
    expect(dialog(el).getAttribute('aria-label')).to.equal('Caption 0 (1 von 3)');
    el.close();
  });

  it('speaks French when the page is lang="fr" and it has no locale, and switches when locale changes', async () => {
    document.documentElement.lang = 'fr-CA';
    const el = await fixture<GalleryView>(html`<gallery-view .items=${[]}></gallery-view>`);
    await speaks(el, 'Réessayer');
    await el.updateComplete;
    expect(root(el).querySelector('[part="empty"]')?.textContent?.trim()).to.equal('Cette galerie est vide.');
    el.locale = 'de';
    await speaks(el, 'Erneut versuchen');
    await el.updateComplete;
    expect(root(el).querySelector('[part="empty"]')?.textContent?.trim()).to.equal('Diese Galerie ist leer.');
    el.locale = 'xx';
    await el.updateComplete;
    // An unknown locale falls back to the page's language.
    expect(liveRegion(el)).to.equal('Cette galerie est vide.');
  });

  it('lets the strings property win over the locale and English', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view locale="fr" .strings=${{ empty: 'Nothing here yet', gallery: 'Photos' }} .items=${[]}></gallery-view>`,
    );
    await speaks(el, 'Réessayer');
    await el.updateComplete;
    expect(root(el).querySelector('[part="empty"]')?.textContent?.trim()).to.equal('Nothing here yet');
    el.items = items(2, url);
    await until(() => tiles(el).length === 2, 'two tiles');
    expect(label(el, '[part="grid"]')).to.equal('Photos');
    // Keys the app did not override keep the locale's words.
    expect(liveRegion(el)).to.equal('2 éléments');
  });

  it('changes its computed colours with theme="dark" and back with theme="light"', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view theme="light" .items=${items(2, url)}></gallery-view>`,
    );
    await until(() => tiles(el).length === 2, 'two tiles');
    const media = root(el).querySelector<HTMLElement>('.tile .media')!;
    const light = { color: getComputedStyle(el).color, tile: getComputedStyle(media).backgroundColor };
    el.theme = 'dark';
    await el.updateComplete;
    const dark = { color: getComputedStyle(el).color, tile: getComputedStyle(media).backgroundColor };
    expect(dark.color).to.not.equal(light.color);
    expect(dark.tile).to.not.equal(light.tile);
    expect(getComputedStyle(el).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    el.theme = 'light';
    await el.updateComplete;
    expect(getComputedStyle(el).color).to.equal(light.color);
  });

  it("follows the visitor's prefers-color-scheme with the default theme (auto)", async () => {
    const el = await fixture<GalleryView>(html`<gallery-view .items=${items(1, url)}></gallery-view>`);
    expect(el.theme).to.equal('auto');
    try {
      await emulateMedia({ colorScheme: 'light' });
      const light = getComputedStyle(el).color;
      await emulateMedia({ colorScheme: 'dark' });
      expect(getComputedStyle(el).color).to.not.equal(light);
      expect(await violations(el)).to.deep.equal([]);
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('has no axe violations in light and dark, grid and open lightbox, in German', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view locale="de" theme="light" .items=${items(4, url)}></gallery-view>`,
    );
    await speaks(el, 'Erneut versuchen');
    await until(() => tiles(el).length === 4, 'four tiles');
    expect(await violations(el)).to.deep.equal([]);
    el.theme = 'dark';
    await el.updateComplete;
    expect(await violations(el)).to.deep.equal([]);
    await openFirstByKeyboard(el);
    expect(await violations(el)).to.deep.equal([]);
    el.close();
  });

  it('reaches tiles with Tab, shows a focus outline from --gallery-focus, and returns focus after the close button', async () => {
    const el = await fixture<GalleryView>(
      html`<div><button id="before">before</button><gallery-view style="--gallery-focus: 3px solid rgb(255, 0, 0)" .items=${items(3, url)}></gallery-view></div>`,
    ).then((wrapper) => wrapper.querySelector('gallery-view') as GalleryView);
    await until(() => tiles(el).length === 3, 'three tiles');
    document.getElementById('before')!.focus();
    await sendKeys({ press: 'Tab' });
    const first = root(el).querySelector<HTMLElement>('.tile[data-index="0"] .media')!;
    expect(activeElementDeep()).to.equal(first);
    const outline = getComputedStyle(first);
    expect(outline.outlineStyle).to.equal('solid');
    expect(outline.outlineColor).to.equal('rgb(255, 0, 0)');
    await sendKeys({ press: 'Tab' });
    expect(activeElementDeep()).to.equal(root(el).querySelector('.tile[data-index="1"] .media'));
    await sendKeys({ press: 'Space' });
    await until(() => dialog(el).open, 'the lightbox to open');
    await el.updateComplete;
    expect(
      root(el).querySelector('[part="lightbox-counter"]')?.textContent?.trim(),
      String(activeElementDeep()?.outerHTML),
    ).to.equal('2 / 3');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(root(el).querySelector('[part="lightbox-counter"]')?.textContent?.trim()).to.equal('3 / 3');
    // The close button has focus first; Enter on it closes and focus lands on the tile last shown.
    root(el).querySelector<HTMLElement>('[part="lightbox-close"]')!.focus();
    const closed = oneEvent(el, 'gallery-lightbox-close');
    await sendKeys({ press: 'Enter' });
    expect((await closed).detail.rid).to.equal('r2');
    await until(
      () => activeElementDeep() === root(el).querySelector('.tile[data-index="2"] .media'),
      'focus on the last tile',
    );
  });
});
