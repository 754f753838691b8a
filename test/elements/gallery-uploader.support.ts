// Shared helpers of the <gallery-uploader> browser tests: test files, mounting, and reading server state.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/gallery-uploader/define.ts';
import type { GalleryUploadErrorEvent } from '../../src/elements/gallery-uploader/events.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { api, type BrowserTestServer } from '../helpers/browser.ts';

/** A real PNG drawn on a canvas, so the server's content sniffing sees an image. */
export async function pngFile(name: string, width = 8, height = 6): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#3a7';
  context.fillRect(0, 0, width, height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
  return new File([blob], name, { type: 'image/png' });
}

export async function createGallery(server: BrowserTestServer, name: string): Promise<string> {
  const { status, body } = await api(server, 'gallery.create', { name });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.fid as string;
}

export async function galleryItems(server: BrowserTestServer, fid: string): Promise<Record<string, any>[]> {
  const { status, body } = await api(server, 'gallery.get_items', {
    fid,
    details: 'caption,description',
    items_per_page: 100,
  });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.folder.items as Record<string, any>[];
}

/** Every asset of the account (the servers here hold few), to prove what was stored and what was not. */
export async function allAssets(server: BrowserTestServer): Promise<Record<string, any>[]> {
  const { status, body } = await api(server, 'asset.list', { items_per_page: 100 });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.items as Record<string, any>[];
}

export async function assetRecord(
  server: BrowserTestServer,
  rid: string,
): Promise<Record<string, any> | undefined> {
  const { body } = await api(server, 'asset.list', { rid });
  return (body.items as Record<string, any>[] | undefined)?.find((item) => item.rid === rid);
}

/** Attributes are set before connecting: Uppy is built from them on first render. */
export async function mount(attributes: Record<string, string>): Promise<GalleryUploader> {
  const element = document.createElement('gallery-uploader');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const el = await fixture<GalleryUploader>(html`${element}`);
  await el.ready;
  return el;
}

/** Collects the element's events of one kind. */
export function collect<T extends Event>(el: HTMLElement, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (event) => seen.push(event as T));
  return seen;
}

/** Adds one file, uploads, and resolves with the first error event. */
export async function failedUpload(el: GalleryUploader, name: string): Promise<GalleryUploadErrorEvent> {
  el.uppy!.addFile({ name, type: 'image/png', data: await pngFile(name) });
  const failed = oneEvent(el, 'gallery-upload-error') as Promise<GalleryUploadErrorEvent>;
  void el.upload();
  return failed;
}

export async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function waitUntilAsync(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
