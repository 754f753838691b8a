// Scratch (removed before handing in).
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/elements/gallery-uploader/define.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import { api, startServer, stopServers } from '../helpers/browser.ts';

async function mount(attributes: Record<string, string>): Promise<GalleryUploader> {
  const element = document.createElement('gallery-uploader');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const el = await fixture<GalleryUploader>(html`${element}`);
  await el.ready;
  return el;
}
describe('scratch', () => {
  after(async () => { await executeServerCommand('stop-flaky-servers'); await stopServers(); });
  it('flaky', async () => {
    const flaky = (await executeServerCommand('start-flaky-server', { failEvery: 3 })) as any;
    const el = await mount({ 'base-url': flaky.baseUrl, token: flaky.token, limit: '1' });
    const names = ['one.txt', 'two.txt', 'three.txt', 'four.txt', 'five.txt'];
    for (const name of names) el.uppy!.addFile({ name, type: 'text/plain', data: new Blob([name]) });
    const complete = oneEvent(el, 'gallery-upload-complete');
    const t0 = performance.now();
    void el.upload();
    const { detail } = await complete;
    console.log('flaky', performance.now() - t0, JSON.stringify(detail.failed), JSON.stringify(await executeServerCommand('flaky-proxy-stats', { id: flaky.id })));
    const list = await api(flaky, 'asset.list', {});
    console.log(list.body.items.map((i: any) => i.filename).join(','));
  });
  it('413', async () => {
    const small = await startServer({ maxUploadBytes: 2048 });
    const el = await mount({ 'base-url': small.baseUrl, token: small.token });
    el.uppy!.addFile({ name: 'big.bin', type: 'application/octet-stream', data: new Blob([new Uint8Array(64 * 1024)]) });
    const failed = oneEvent(el, 'gallery-upload-error');
    void el.upload();
    console.log('413', JSON.stringify((await failed).detail));
  });
  it('tampered + bad token', async () => {
    const server = await startServer();
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const { body } = await api(server, 'asset.get_upload_url', {});
    const t = new URL(body.upload_url); t.searchParams.set('addtofid', 'zzz');
    el.uppy!.getPlugin('XHRUpload')!.setOptions({ endpoint: t.href });
    el.uppy!.addFile({ name: 't.txt', type: 'text/plain', data: new Blob(['x']) });
    let failed = oneEvent(el, 'gallery-upload-error');
    void el.upload();
    console.log('tampered', JSON.stringify((await failed).detail));
    const el2 = await mount({ 'base-url': server.baseUrl, token: 'nope' });
    el2.uppy!.addFile({ name: 'u.txt', type: 'text/plain', data: new Blob(['x']) });
    failed = oneEvent(el2, 'gallery-upload-error');
    void el2.upload();
    console.log('badtoken', JSON.stringify((await failed).detail));
    const ro = await api(server, 'token.get_temp', { permissions: 'gallery.read|asset.read', ttl: 600 });
    const el3 = await mount({ 'base-url': server.baseUrl, token: ro.body.token });
    el3.uppy!.addFile({ name: 'v.txt', type: 'text/plain', data: new Blob(['x']) });
    failed = oneEvent(el3, 'gallery-upload-error');
    void el3.upload();
    console.log('readonly', JSON.stringify((await failed).detail));
    expect(1).to.equal(1);
  });
});
