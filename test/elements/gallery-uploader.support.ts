// Shared helpers of the <gallery-uploader> browser tests: test files, mounting, and reading server state.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
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

/** How many assets the account holds, from the API's own count. */
export async function assetCount(server: BrowserTestServer): Promise<number> {
  const { status, body } = await api(server, 'asset.list', { items_per_page: 1 });
  expect(status, JSON.stringify(body)).to.equal(200);
  return body.items_data.items_count as number;
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

/** Chooses files through the element's own file input, as the browser's file picker does. */
export function chooseFiles(el: GalleryUploader, files: File[]): void {
  const input = el.shadowRoot!.querySelector('input[type=file]') as HTMLInputElement;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
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

/** What a person reads in the element's error list once it has rendered, whitespace collapsed. */
export async function shownErrors(el: GalleryUploader): Promise<string> {
  await el.updateComplete;
  const text = el.shadowRoot!.querySelector('[part=errors]')?.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A real mouse click (through Playwright) in the middle of an element, scrolled into view first. It first
 * checks that a person could hit it there: a point off screen or on another element fails here, clearly,
 * instead of clicking something else.
 */
export async function click(target: Element): Promise<void> {
  target.scrollIntoView({ block: 'center' });
  const box = target.getBoundingClientRect();
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + box.height / 2);
  expect(x >= 0 && y >= 0 && x < innerWidth && y < innerHeight, `${target.className} is on screen`).to.equal(
    true,
  );
  const root = target.getRootNode() as Document | ShadowRoot;
  const hit = root.elementFromPoint(x, y);
  expect(hit === target || target.contains(hit), `${target.className} is not covered`).to.equal(true);
  await sendMouse({ type: 'click', position: [x, y] });
}

/**
 * Edits a listed file's metadata as a person does: the Dashboard's edit button, typing into the fields
 * found by their labels, "Save changes". Resolves, once the file card has closed, with the labels it showed.
 */
export async function editInDashboard(
  el: GalleryUploader,
  fileName: string,
  values: Record<string, string>,
): Promise<string[]> {
  const root = el.shadowRoot!;
  const item = () =>
    [...root.querySelectorAll('.uppy-Dashboard-Item')].find(
      (each) => each.querySelector('.uppy-Dashboard-Item-name')?.textContent?.trim() === fileName,
    );
  await waitUntil(
    () => !!item()?.querySelector('.uppy-Dashboard-Item-action--edit'),
    `${fileName} is listed`,
  );
  await click(item()!.querySelector('.uppy-Dashboard-Item-action--edit')!);
  // The card slides in from above the Dashboard: typing before it has arrived would miss its fields.
  await waitUntil(() => {
    const card = root.querySelector('.uppy-Dashboard-FileCard')?.getBoundingClientRect();
    const dashboard = root.querySelector('.uppy-Dashboard-inner')!.getBoundingClientRect();
    return !!card && card.top >= dashboard.top && card.bottom <= dashboard.bottom;
  }, 'the file card has slid in');
  const labels = [...root.querySelectorAll<HTMLLabelElement>('.uppy-Dashboard-FileCard-label')];
  for (const [label, value] of Object.entries(values)) {
    const labelEl = labels.find((each) => each.textContent?.trim() === label);
    expect(labelEl, `a field labelled ${label}`).to.exist;
    const input = root.getElementById(labelEl!.htmlFor) as HTMLInputElement;
    await click(input);
    expect(root.activeElement, `${label} has focus`).to.equal(input);
    await sendKeys({ type: value });
    expect(input.value).to.equal(value);
  }
  await click(root.querySelector('.uppy-Dashboard-FileCard-actionsBtn[type=submit]')!);
  await waitUntil(() => !root.querySelector('.uppy-Dashboard-FileCard'), 'the file card closes');
  return labels.map((each) => each.textContent?.trim() ?? '');
}
