// The API client inside Chromium, against a real reference server: CORS, envelope and errors as a page sees them.
import { expect } from '@open-wc/testing';
import { ApiError, GalleryClient, mintTempToken, uploadFile } from '../../src/api/index.ts';
import { type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';

describe('GalleryClient in the browser', () => {
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  it('pings the server cross-origin', async () => {
    const client = new GalleryClient({ baseUrl: server.baseUrl, token: server.token });
    const pong = await client.ping();
    expect(pong.success).to.equal(true);
    expect(pong.ping).to.equal('pong');
    expect(pong.token_type).to.equal('application');
  });

  it('turns a 403 into an ApiError with the decided code', async () => {
    const client = new GalleryClient({ baseUrl: server.baseUrl, token: 'wrong' });
    const error = await client.ping().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect((error as ApiError).status).to.equal(403);
    expect((error as ApiError).code).to.equal('invalid_token');
    expect((error as ApiError).operation).to.equal('ping');
  });

  it('mints a temporary token the browser can use', async () => {
    const admin = new GalleryClient({ baseUrl: server.baseUrl, token: server.token });
    const temp = await admin.token.getTemp({ permissions: ['gallery.read'], ttl: 60 });
    const client = new GalleryClient({ baseUrl: server.baseUrl, token: temp.token });
    const pong = await client.ping();
    expect(pong.token_type).to.equal('temporary');
    expect(pong.permissions).to.equal('|gallery.read|');
  });

  it('mints a version 3 token offline with WebCrypto, which the server accepts within its limits', async () => {
    const token = await mintTempToken(server.token, {
      expire: new Date(Date.now() + 60_000),
      permissions: 'gallery.read',
      host: location.hostname,
    });
    const pong = await new GalleryClient({ baseUrl: server.baseUrl, token }).ping();
    expect(pong.token_type).to.equal('temporary');
    expect(pong.permissions).to.equal('|gallery.read|');
    const elsewhere = await mintTempToken(server.token, {
      expire: new Date(Date.now() + 60_000),
      host: 'other.example',
    });
    const error = await new GalleryClient({ baseUrl: server.baseUrl, token: elsewhere })
      .ping()
      .catch((e: unknown) => e);
    expect((error as ApiError).status).to.equal(403);
  });
});

describe('GalleryClient uploads and pages in the browser', () => {
  let server: BrowserTestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  async function canvasPng(width: number, height: number): Promise<Blob> {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/png' });
  }

  it('uploads a File with uploadFile, sets custom fields and pages through asset.list', async () => {
    const client = new GalleryClient({ baseUrl: server.baseUrl, token: server.token });
    const rids: string[] = [];
    for (const size of [4, 5, 6]) {
      const { upload_url } = await client.asset.getUploadUrl();
      const file = new File([await canvasPng(size, size)], `c${size}.png`, { type: 'image/png' });
      const loaded: number[] = [];
      const uploaded = await uploadFile(
        upload_url,
        file,
        { caption: `Size ${size}` },
        {
          onProgress: (p) => loaded.push(p.loaded),
        },
      );
      expect(uploaded.asset.filename).to.equal(`c${size}.png`);
      expect(uploaded.asset.type).to.equal('image');
      expect(loaded).to.deep.equal([0, file.size]);
      rids.push(uploaded.rid);
    }
    const updated = await client.asset.setMeta({ rid: rids[0] as string, custom: { place: 'Bergen' } });
    expect(updated.asset?.custom).to.deep.equal({ place: 'Bergen' });

    const seen: string[] = [];
    for await (const asset of client.asset.iterateList({ items_per_page: 2 })) seen.push(asset.rid);
    expect([...seen].sort()).to.deep.equal([...rids].sort());

    await client.asset.delete({ rid: rids });
    expect((await client.asset.list()).items).to.have.length(0);
  });

  it('aborts a paged iteration with an AbortSignal', async () => {
    const client = new GalleryClient({ baseUrl: server.baseUrl, token: server.token });
    const controller = new AbortController();
    controller.abort();
    const error = await (async () => {
      for await (const _ of client.asset.iterateList({}, { signal: controller.signal })) {
        // never reached: the signal is aborted before the first page
      }
    })().catch((e: unknown) => e);
    expect((error as Error).name).to.equal('AbortError');
  });
});
