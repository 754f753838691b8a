// <gallery-uploader> sends large files in chunks to a real reference server: a 200 MB file arrives with
// identical bytes (sha256 of what the server stored) and its caption; pausing at about 40% and resuming
// re-sends at most one chunk; a network cut (the server down and up again on the same port and data dir)
// is survived and the file still arrives whole.
import { expect, oneEvent } from '@open-wc/testing';
import type {
  GalleryUploadProgressEvent,
  GalleryUploadSuccessEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import type { GalleryUploader } from '../../src/elements/gallery-uploader/gallery-uploader.ts';
import {
  type BrowserTestServer,
  receivedBytes,
  serverDown,
  serverUp,
  startServer,
  stopServers,
  storedSha256,
} from '../helpers/browser.ts';
import { MiB, patternedFile, patternedSha256, watchUploadRequests } from './chunked.support.ts';
import { assetRecord, click, collect, mount, waitUntil } from './gallery-uploader.support.ts';

/** The largest chunk the uploader sends (CHUNK_SIZE_RULE.max). */
const MAX_CHUNK = 50 * MiB;

/** Waits for the first progress event of the element's file at or beyond `percent`. */
function progressAt(el: GalleryUploader, percent: number): Promise<GalleryUploadProgressEvent> {
  return new Promise((resolve) => {
    const listen = (event: GalleryUploadProgressEvent) => {
      if (event.detail.percentage < percent) return;
      el.removeEventListener('gallery-upload-progress', listen);
      resolve(event);
    };
    el.addEventListener('gallery-upload-progress', listen);
  });
}

/** The Dashboard's pause/resume button of the (only) file. */
function pauseButton(el: GalleryUploader): HTMLButtonElement {
  return el.shadowRoot!.querySelector<HTMLButtonElement>('button.uppy-Dashboard-Item-progressIndicator')!;
}

describe('<gallery-uploader> chunked uploads', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer();
  });
  after(() => stopServers());

  it('uploads a 200 MB file in growing chunks, byte for byte, with its caption', async function () {
    this.timeout(180_000);
    const bytes = 200 * 1000 * 1000;
    const expected = patternedSha256(bytes);
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const id = el.uppy!.addFile({
      name: 'big.bin',
      type: 'application/octet-stream',
      data: patternedFile('big.bin', bytes),
    });
    el.uppy!.setFileMeta(id, { caption: 'Two hundred megabytes' });
    const progress = collect<GalleryUploadProgressEvent>(el, 'gallery-upload-progress');
    const traffic = watchUploadRequests();
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    const { detail } = await success.finally(() => traffic.stop());

    expect(await storedSha256(server, detail.rid)).to.equal(await expected);
    const record = await assetRecord(server, detail.rid);
    expect(record?.filename).to.equal('big.bin');
    expect(record?.caption, 'set after the chunks, which carry no metadata').to.equal(
      'Two hundred megabytes',
    );

    // Every chunk carries the file's one unique-id and an exclusive range; together they tile the file.
    const chunks = traffic.requests.filter((request) => request.bytes > 0);
    expect(new Set(chunks.map((chunk) => chunk.headers['unique-id'])).size).to.equal(1);
    let next = 0;
    for (const chunk of chunks) {
      const [start = -1, end = -1, total = -1] = /^bytes (\d+)-(\d+)\/(\d+)$/
        .exec(chunk.headers['content-range']!)!
        .slice(1)
        .map(Number);
      expect([start, end - start, total]).to.deep.equal([next, chunk.bytes, bytes]);
      next = end;
    }
    expect(next).to.equal(bytes);
    // 5 MiB first, growing on a fast local network, never beyond 50 MiB.
    expect(chunks[0]!.bytes).to.equal(5 * MiB);
    expect(Math.max(...chunks.map((chunk) => chunk.bytes)))
      .to.be.greaterThan(5 * MiB)
      .and.at.most(MAX_CHUNK);

    // Progress only grows, and ends at exactly the file's size.
    const sent = progress.map((event) => event.detail.bytesUploaded);
    expect(
      sent.every((value, i) => i === 0 || value >= sent[i - 1]!),
      'never backwards',
    ).to.equal(true);
    expect(Math.max(...sent)).to.equal(bytes);
    expect(progress.every((event) => event.detail.bytesTotal === bytes)).to.equal(true);
  });

  it('pauses at 40% and resumes with the Dashboard’s button, re-sending at most one chunk', async function () {
    this.timeout(120_000);
    const bytes = 100 * 1000 * 1000;
    const expected = patternedSha256(bytes);
    const before = await receivedBytes(server);
    const el = await mount({ 'base-url': server.baseUrl, token: server.token });
    const id = el.uppy!.addFile({
      name: 'paused.bin',
      type: 'application/octet-stream',
      data: patternedFile('paused.bin', bytes),
    });
    const traffic = watchUploadRequests();
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    // Paused from the progress event itself, as the Dashboard's button does (a click would land a few
    // megabytes later on a local network): the chunk in flight is aborted there.
    const paused = progressAt(el, 40).then(() => el.uppy!.pauseResume(id));
    void el.upload();
    expect(await paused).to.equal(true);
    await waitUntil(
      () => /resume/i.test(pauseButton(el).getAttribute('aria-label') ?? ''),
      'the button offers resume',
    );
    // Paused means quiet: no new request, no progress, for a while.
    const heldAt = el.uppy!.getFile(id).progress.bytesUploaded;
    const requestsAtPause = traffic.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(traffic.requests.length).to.equal(requestsAtPause);
    expect(el.uppy!.getFile(id).progress.bytesUploaded).to.equal(heldAt);
    // Progress counts bytes sent: on a local network a whole chunk leaves between two progress events.
    expect(Number(heldAt) / bytes)
      .to.be.at.least(0.4)
      .and.below(1);

    await click(pauseButton(el));
    const { detail } = await success.finally(() => traffic.stop());
    expect(await storedSha256(server, detail.rid)).to.equal(await expected);
    // What reached the server: the file once, plus at most the chunk cut off by the pause (and request heads).
    const received = (await receivedBytes(server)) - before;
    expect(received).to.be.at.least(bytes);
    expect(received - bytes, 'bytes sent twice').to.be.at.most(MAX_CHUNK + 1 * MiB);
  });

  it('survives a network cut: the server goes down under a chunk and comes back, and the file arrives whole', async function () {
    this.timeout(120_000);
    // The server waits 1.5 s before reading each upload request: the third chunk is surely in flight
    // when the server goes down.
    const slow = await startServer({ faults: { latencyMs: 1500, operations: ['upload'] } });
    const bytes = 60 * 1000 * 1000;
    const expected = patternedSha256(bytes);
    const el = await mount({ 'base-url': slow.baseUrl, token: slow.token });
    el.uppy!.addFile({
      name: 'cut.bin',
      type: 'application/octet-stream',
      data: patternedFile('cut.bin', bytes),
    });
    const traffic = watchUploadRequests();
    const retries = collect<Event>(el, 'gallery-upload-retry');
    const success = oneEvent(el, 'gallery-upload-success') as Promise<GalleryUploadSuccessEvent>;
    void el.upload();
    await waitUntil(
      () => traffic.requests.filter((request) => request.bytes > 0).length === 3,
      'the third chunk is sent',
      20_000,
    );
    await serverDown(slow);
    // Down long enough for the uploader to fail and retry at least once against a closed port.
    await waitUntil(() => retries.length >= 2, 'two retries while the server is down', 10_000);
    await serverUp(slow);
    const { detail } = await success.finally(() => traffic.stop());

    expect(await storedSha256(slow, detail.rid)).to.equal(await expected);
    // The third chunk got no answer; the uploader then asked the restarted server for its offset.
    const chunks = traffic.requests.filter((request) => request.bytes > 0);
    expect(chunks[2]!.status, 'the cut chunk').to.equal(0);
    expect(
      traffic.requests.some((request) => /^bytes \*\//.test(request.headers['content-range'] ?? '')),
    ).to.equal(true);
    const received = await receivedBytes(slow);
    expect(received - bytes, 'bytes sent twice').to.be.at.most(MAX_CHUNK + 1 * MiB);
  });
});
