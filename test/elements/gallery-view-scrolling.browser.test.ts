// <gallery-view> while it scrolls: tiles are reused for the items scrolling in (recycle.ts), each shows
// its own item, the focused tile stays put, and a fling holds images back until the scroll slows down.
import { expect, fixture, html } from '@open-wc/testing';
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

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const allTiles = (el: GalleryView) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.tile')];
const tileAt = (el: GalleryView, index: number) =>
  el.shadowRoot!.querySelector<HTMLElement>(`.tile[data-index="${index}"]:not(.placeholder)`);
const onScreen = (el: GalleryView) =>
  allTiles(el).filter((tile) => {
    const box = tile.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  });

/** Items whose image URLs name their index (`#600-12`), so a tile's picture can be traced to its item. */
function items(count: number, url: string): GalleryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const version = (w: number, h: number) => ({ url: `${url}#${w}-${i}`, width: w, height: h, filesize: 1 });
    return {
      rid: `r${i}`,
      type: 'image',
      filename: `file-${i}.png`,
      caption: `Caption ${i}`,
      width: 1200,
      height: 900,
      thumbnail: { url: `${url}#200-${i}`, width: 200, height: 150 },
      versions: {
        original: version(1200, 900),
        jpg_200x150: version(200, 150),
        jpg_600x450: version(600, 450),
      },
    } as GalleryItem;
  });
}

/** Every rendered tile shows the item of its index: rid, caption, and a picture of that item only. */
function expectTilesMatchTheirItems(el: GalleryView): void {
  for (const tile of allTiles(el)) {
    const index = Number(tile.dataset.index);
    expect(tile.dataset.rid).to.equal(`r${index}`);
    expect(tile.getAttribute('aria-hidden')).to.equal(null);
    expect(tile.querySelector('[part="caption"]')!.textContent).to.equal(`Caption ${index}`);
    const imgs = tile.querySelectorAll('img');
    expect(imgs.length).to.be.at.most(1);
    const img = imgs[0];
    if (img) {
      expect(img.getAttribute('src')).to.match(new RegExp(`#\\d+-${index}$`));
      for (const candidate of img.getAttribute('srcset')!.split(', '))
        expect(candidate).to.match(new RegExp(`#\\d+-${index} \\d+w$`));
    }
  }
}

describe('<gallery-view> scrolling', () => {
  let imageUrl: string;
  before(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    canvas.getContext('2d')!.fillRect(0, 0, 40, 30);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    imageUrl = URL.createObjectURL(blob);
  });
  afterEach(() => window.scrollTo(0, 0));

  it('reuses the tiles that scroll out for the items that scroll in, each showing its own item', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${items(3000, imageUrl)}></gallery-view>`,
    );
    await until(() => !!tileAt(el, 0)?.querySelector('img'), 'the first tile');
    const before = new Set(allTiles(el));
    const picturesBefore = new Set(allTiles(el).map((tile) => tile.querySelector('img')));
    const firstLast = Math.max(...allTiles(el).map((tile) => Number(tile.dataset.index)));

    // One jump of several screens (not a fling): the range moves past every tile rendered so far.
    window.scrollTo(0, window.innerHeight * 6);
    await until(
      () => !tileAt(el, 0) && allTiles(el).some((t) => Number(t.dataset.index) > firstLast),
      'a new range',
    );
    const after = allTiles(el);
    const reused = after.filter((tile) => before.has(tile));
    expect(reused.length, 'tiles reused').to.be.greaterThan(0);
    for (const tile of reused) expect(Number(tile.dataset.index)).to.be.greaterThan(firstLast);
    await until(() => onScreen(el).every((tile) => !!tile.querySelector('img')), 'pictures on screen');
    expectTilesMatchTheirItems(el);
    // A reused tile gets a new <img>: the old one would keep painting the previous item until it loads.
    for (const tile of reused) expect(picturesBefore.has(tile.querySelector('img'))).to.equal(false);
    // Only the range is in the DOM, once each and in index order (the virtualizer positions tiles by
    // their place): no tile left over from before the jump, and a few screens' worth of 3,000.
    const indexes = allTiles(el).map((tile) => Number(tile.dataset.index));
    expect(indexes).to.deep.equal(indexes.map((_, i) => indexes[0]! + i));
    expect(indexes.length).to.be.lessThan(100);
  });

  it('moves the tiles it has into a new layout, scrolled or not', async () => {
    const el = await fixture<GalleryView>(html`<gallery-view .items=${items(300, imageUrl)}></gallery-view>`);
    await until(() => !!tileAt(el, 0), 'the first tile');
    window.scrollTo(0, window.innerHeight * 2);
    const boxes = () => allTiles(el).map((tile) => `${tile.style.transform} ${tile.style.width}`);
    for (const layout of ['masonry', 'list', 'grid'] as const) {
      const before = boxes().join();
      el.layout = layout;
      await until(() => boxes().join() !== before && onScreen(el).length > 0, `the ${layout} layout`);
      await until(() => onScreen(el).every((tile) => !!tile.querySelector('img')), `pictures in ${layout}`);
      expectTilesMatchTheirItems(el);
      // No two tiles on top of each other.
      const placed = onScreen(el).map((tile) => tile.style.transform);
      expect(new Set(placed).size).to.equal(placed.length);
    }
  });

  it('keeps the focused tile where it is while the range moves around it', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${items(3000, imageUrl)}></gallery-view>`,
    );
    await until(() => !!tileAt(el, 0), 'the first tile');
    const tile = tileAt(el, 3)!;
    const button = tile.querySelector<HTMLElement>('.media')!;
    button.focus();
    const indexBefore = allTiles(el)[0]!.dataset.index;
    // A little further each frame, slowly: the range moves, the focused tile stays in it.
    for (let i = 0; i < 12; i++) {
      window.scrollBy(0, 20);
      await nextFrame();
    }
    await until(() => allTiles(el)[0]!.dataset.index !== indexBefore || window.scrollY >= 240, 'the scroll');
    expect(activeElementDeep()).to.equal(button);
    expect(tile.isConnected).to.equal(true);
    expect(tile.dataset.index).to.equal('3');
    expect(tile.dataset.rid).to.equal('r3');
  });

  it('holds pictures back while flung, and shows every tile on screen once the scroll slows', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${items(3000, imageUrl)}></gallery-view>`,
    );
    await until(() => !!tileAt(el, 0)?.querySelector('img'), 'the first tile');
    // About 60 screens a second, a frame at a time.
    let bare = 0;
    for (let i = 0; i < 12; i++) {
      window.scrollBy(0, window.innerHeight);
      await nextFrame();
      bare += onScreen(el).filter(
        (tile) => !tile.classList.contains('placeholder') && !tile.querySelector('img'),
      ).length;
    }
    expect(bare, 'tiles without their picture during the fling').to.be.greaterThan(0);
    await until(
      () => onScreen(el).every((tile) => !!tile.querySelector('img')),
      'pictures after the fling',
      3000,
    );
    expectTilesMatchTheirItems(el);
  });

  it('loads pictures as it goes when scrolled at a reading pace', async () => {
    const el = await fixture<GalleryView>(
      html`<gallery-view .items=${items(3000, imageUrl)}></gallery-view>`,
    );
    await until(() => !!tileAt(el, 0)?.querySelector('img'), 'the first tile');
    // One screen a second for 4 s, a frame at a time: a third of the fling speed (room for the jitter of
    // scroll events on a loaded machine), so no tile waits, also none of those drawn during the scroll
    // (they enter the range well below the screen).
    let last = await nextFrame();
    const end = last + 4000;
    while (last < end) {
      const now = await nextFrame();
      window.scrollBy(0, Math.max(1, Math.round(((now - last) / 1000) * window.innerHeight)));
      last = now;
      const waiting = onScreen(el).filter((tile) => !tile.querySelector('img'));
      expect(waiting.map((tile) => tile.dataset.index)).to.deep.equal([]);
    }
    expect(window.scrollY).to.be.greaterThan(window.innerHeight * 3);
  });
});
