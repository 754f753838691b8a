// Scratch (removed before handing in).
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/elements/gallery-uploader/define.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { api, startServer, stopServers } from '../helpers/browser.ts';

describe('scratch', () => {
  after(() => stopServers());
  it('url import', async () => {
    const server = await startServer();
    const element = document.createElement('gallery-uploader');
    element.setAttribute('base-url', server.baseUrl);
    element.setAttribute('token', server.token);
    element.setAttribute('poll-interval', '50');
    const el = await fixture<GalleryUploader>(html`${element}`);
    await el.ready;
    console.log(location.href);
    const source = new URL('/node_modules/playwright-core/lib/server/chromium/appIcon.png', location.href);
    source.hostname = '127.0.0.1';
    const form = el.shadowRoot!.querySelector('[part=url-form]') as HTMLFormElement;
    (form.querySelector('input[name=url]') as HTMLInputElement).value = source.href;
    (form.querySelector('input[name=caption]') as HTMLInputElement).value = 'Imported icon';
    const events: string[] = [];
    for (const t of [
      'gallery-upload-start',
      'gallery-upload-progress',
      'gallery-upload-success',
      'gallery-upload-error',
      'gallery-upload-complete',
    ])
      el.addEventListener(t, (e: any) => events.push(t + ' ' + JSON.stringify(e.detail).slice(0, 200)));
    const complete = oneEvent(el, 'gallery-upload-complete');
    form.requestSubmit();
    await el.updateComplete;
    console.log('status now', el.shadowRoot!.querySelector('.url-status')?.textContent);
    await complete;
    await el.updateComplete;
    console.log(events.join('\n'));
    console.log('status', el.shadowRoot!.querySelector('.url-status')?.textContent);
    expect(1).to.equal(1);
  });
});
