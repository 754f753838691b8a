// Shared helpers of the <gallery-view> lightbox browser tests: a gallery of real uploads on the reference
// server, the element mounted on it, the lightbox's parts, bounded waits and synthetic pointer input.
import { fixture, html } from '@open-wc/testing';
import type { GalleryItem } from '../../src/api/types.ts';
import '../../src/elements/gallery-view/define.ts';
import type { GalleryView } from '../../src/elements/gallery-view/gallery-view.ts';
import { api, type BrowserTestServer, createGallery, uploadTo } from '../helpers/browser.ts';

/** Bounded polling for what the element does asynchronously. */
export async function until(check: () => boolean, what: string, timeoutMs = 10000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const part = <T extends HTMLElement = HTMLElement>(el: GalleryView, name: string) =>
  el.shadowRoot!.querySelector<T>(`[part="${name}"]`);
export const isOpen = (el: GalleryView) => !!el.shadowRoot!.querySelector('dialog')?.open;
export const counter = (el: GalleryView) => part(el, 'lightbox-counter')?.textContent?.trim();
export const image = (el: GalleryView) => part<HTMLImageElement>(el, 'lightbox-image');

/** A PNG drawn on a canvas: a gradient with a grid, so zoomed screenshots show where they are. */
export async function png(width: number, height: number, hue = 200): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `hsl(${hue} 60% 60%)`);
  gradient.addColorStop(1, `hsl(${hue + 60} 50% 30%)`);
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  context.strokeStyle = 'rgb(255 255 255 / 0.4)';
  for (let x = 0; x < width; x += 100) context.strokeRect(x, 0, 100, height);
  for (let y = 0; y < height; y += 100) context.strokeRect(0, y, width, 100);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
}

export interface Upload {
  name: string;
  width: number;
  height: number;
  caption?: string;
}

/** A gallery of these uploads, once the server has made their versions; its items in gallery order. */
export async function seedGallery(
  server: BrowserTestServer,
  uploads: Upload[],
): Promise<{ fid: string; items: GalleryItem[]; blobs: Blob[] }> {
  const gallery = await createGallery(server, 'Lightbox');
  const blobs: Blob[] = [];
  for (const [i, upload] of uploads.entries()) {
    const blob = await png(upload.width, upload.height, (i * 47) % 360);
    blobs.push(blob);
    await uploadTo(gallery.upload_url, blob, upload.name, upload.caption ? { caption: upload.caption } : {});
  }
  const deadline = performance.now() + 20000;
  for (;;) {
    const { body } = await api(server, 'gallery.get_items', { fid: gallery.fid, items_per_page: 100 });
    const items: GalleryItem[] = body.folder?.items ?? [];
    if (items.length === uploads.length && items.every((item) => item.syncstatus !== 'pending'))
      return { fid: gallery.fid, items, blobs };
    if (performance.now() > deadline) throw new Error('versions were not generated in time');
    await sleep(100);
  }
}

/** `<gallery-view>` on a gallery of the server, once its first tiles show. */
export async function mountView(
  server: BrowserTestServer,
  fid: string,
  attributes: Record<string, string> = {},
): Promise<GalleryView> {
  const el = document.createElement('gallery-view');
  for (const [name, value] of Object.entries({
    'base-url': server.baseUrl,
    fid,
    token: server.token,
    ...attributes,
  }))
    el.setAttribute(name, value);
  await fixture(html`<div>${el}</div>`);
  await until(
    () => el.getAttribute('state') === 'ready' && !!el.shadowRoot!.querySelector('.tile:not(.placeholder)'),
    'the gallery',
  );
  return el;
}

/** Opens the lightbox on an item and waits until its image (if any) has loaded. */
export async function openOn(el: GalleryView, rid: string): Promise<void> {
  if (!(await el.open(rid))) throw new Error(`could not open ${rid}`);
  await el.updateComplete;
  const img = image(el);
  if (img) await until(() => img.complete && img.naturalWidth > 0, 'the lightbox image');
}

/** Closes the lightbox and waits until the address no longer names an item (its Back has landed). */
export async function closeAndSettle(el: GalleryView): Promise<void> {
  el.close();
  await until(() => !location.hash.startsWith('#rid='), 'the address without #rid=');
}

/** Dispatches a pointer event at viewport coordinates on the lightbox stage (as a browser would). */
export function pointer(
  el: GalleryView,
  type: string,
  x: number,
  y: number,
  init: PointerEventInit = {},
): void {
  part(el, 'lightbox-stage')!.dispatchEvent(
    new PointerEvent(type, {
      clientX: x,
      clientY: y,
      bubbles: true,
      composed: true,
      cancelable: true,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: type === 'pointermove' ? -1 : 0,
      ...init,
    }),
  );
}

/** The centre of an element in viewport pixels. */
export function centre(element: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}
