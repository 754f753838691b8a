// The API client inside Chromium, against a real reference server: CORS, envelope and errors as a page sees them.
import { expect } from '@open-wc/testing';
import { ApiError, GalleryClient } from '../../src/api/index.ts';
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
});
