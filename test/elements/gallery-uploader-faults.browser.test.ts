// <gallery-uploader> against a server that fails about 30% of upload POSTs (500s, connections cut midway
// through the body, answers lost after the file was stored, upload URLs answered as expired): 200 files
// still end as exactly 200 assets (a file whose answer was lost is sent again with its unique-id and gets
// the same asset), every expired URL is followed by a freshly fetched one, the element shows that it
// retries, and the batch ends without an error.
import { expect, oneEvent } from '@open-wc/testing';
import type {
  GalleryUploadCompleteEvent,
  GalleryUploadErrorEvent,
  GalleryUploadRetryEvent,
} from '../../src/elements/gallery-uploader/events.ts';
import { api, type BrowserTestServer, startServer, stopServers } from '../helpers/browser.ts';
import { collect, createGallery, mount, pngFile, waitUntil } from './gallery-uploader.support.ts';

const FILES = 200;

interface UrlFetch {
  start: number;
  end: number;
  url: string;
}

interface UploadPost {
  file: string;
  uniqueId: string;
  url: string;
  sent: number;
  ended: number;
  status: number;
  message: string;
}

/**
 * Watches the page's own traffic (nothing is changed or answered here): each asset.get_upload_url call
 * with the URL it returned, and each upload POST with its file, URL and outcome.
 */
function watchTraffic(): { urls: UrlFetch[]; posts: UploadPost[]; stop(): void } {
  const urls: UrlFetch[] = [];
  const posts: UploadPost[] = [];
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(href).pathname.endsWith('/asset.get_upload_url.json')) return realFetch(input, init);
    const start = performance.now();
    const response = await realFetch(input, init);
    const body = await response
      .clone()
      .json()
      .catch(() => ({}));
    urls.push({
      start,
      end: performance.now(),
      url: typeof body.upload_url === 'string' ? body.upload_url : '',
    });
    return response;
  };
  const proto = XMLHttpRequest.prototype;
  const { open, send, setRequestHeader } = proto;
  const target = new WeakMap<XMLHttpRequest, string>();
  const uniqueIds = new WeakMap<XMLHttpRequest, string>();
  proto.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    if (name.toLowerCase() === 'unique-id') uniqueIds.set(this, value);
    return setRequestHeader.call(this, name, value);
  };
  proto.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
    target.set(this, String(args[1]));
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as XMLHttpRequest['open'];
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = target.get(this) ?? '';
    if (new URL(url, location.href).pathname === '/upload') {
      const file = body instanceof FormData ? ((body.get('file') as File | null)?.name ?? '') : '';
      const post: UploadPost = {
        file,
        uniqueId: uniqueIds.get(this) ?? 'undefined',
        url,
        sent: performance.now(),
        ended: 0,
        status: 0,
        message: '',
      };
      posts.push(post);
      this.addEventListener('loadend', () => {
        post.ended = performance.now();
        post.status = this.status;
        try {
          post.message = String(JSON.parse(this.responseText).message ?? '');
        } catch {
          // A cut connection has no body.
        }
      });
    }
    return send.call(this, body);
  };
  return {
    urls,
    posts,
    stop() {
      window.fetch = realFetch;
      proto.open = open;
      proto.send = send;
      proto.setRequestHeader = setRequestHeader;
    },
  };
}

/** The file names of every item of a gallery, through every page of gallery.get_items. */
async function itemNames(server: BrowserTestServer, fid: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const { body } = await api(server, 'gallery.get_items', { fid, page, items_per_page: 100 });
    const items = body.folder.items as { filename: string }[];
    names.push(...items.map((item) => item.filename));
    if (page >= body.folder.items_data.pages_count) break;
  }
  return names;
}

describe('<gallery-uploader> under injected upload failures', () => {
  let server: BrowserTestServer;

  before(async () => {
    server = await startServer({
      faults: {
        errorRate: 0.1,
        dropRate: 0.08,
        cutRate: 0.08,
        expireRate: 0.04,
        operations: ['upload'],
        seed: 11,
      },
    });
  });
  after(() => stopServers());

  it('stores each of 200 files exactly once, shows its retries, and ends green', async function () {
    // 200 uploads with about 60 failed tries and their back-off pauses.
    this.timeout(180_000);
    const fid = await createGallery(server, 'Flaky uploads');
    const el = await mount({ 'base-url': server.baseUrl, token: server.token, fid });
    const names = Array.from({ length: FILES }, (_, i) => `flaky-${String(i).padStart(3, '0')}.png`);
    const png = await pngFile('template.png');
    for (const name of names) el.uppy!.addFile({ name, type: 'image/png', data: new File([png], name) });

    const traffic = watchTraffic();
    const retries = collect<GalleryUploadRetryEvent>(el, 'gallery-upload-retry');
    const errors = collect<GalleryUploadErrorEvent>(el, 'gallery-upload-error');
    const shown: string[] = [];
    el.addEventListener('gallery-upload-retry', () => {
      void el.updateComplete.then(() => {
        const line = el.shadowRoot!.querySelector<HTMLElement>('[part=retry-status]')!;
        if (!line.hidden) shown.push(line.textContent!.trim());
      });
    });
    const complete = oneEvent(el, 'gallery-upload-complete') as Promise<GalleryUploadCompleteEvent>;
    void el.upload();
    const { detail } = await complete;
    // The last answers' loadend events come a task later than the complete event they led to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    traffic.stop();

    expect(errors.map((e) => e.detail.message)).to.deep.equal([]);
    expect(detail.failed).to.deep.equal([]);
    expect(detail.successful).to.have.length(FILES);
    expect(new Set(detail.successful.map((s) => s.rid)).size).to.equal(FILES);
    // About 30% of tries fail: dozens of retries, each announced, some after more than one failure.
    expect(retries.length).to.be.greaterThan(FILES * 0.15);
    expect(Math.max(...retries.map((r) => r.detail.attempt))).to.be.greaterThan(2);
    expect(shown.length, 'the retry line was shown').to.be.greaterThan(0);
    expect(shown[0]).to.match(/^Retrying \d+ upload\(s\)/);

    // Upload URLs answered as expired did happen, and each was followed by a fresh one: between the
    // refusal and the file's next POST, the element called asset.get_upload_url.
    const { urls, posts } = traffic;
    const expired = posts.filter(
      (post) => post.status === 403 && /upload url has expired/i.test(post.message),
    );
    expect(expired.length, 'POSTs refused as expired').to.be.greaterThan(0);
    for (const refused of expired) {
      const next = posts.find((post) => post.file === refused.file && post.sent > refused.ended);
      expect(next, `${refused.file} was sent again`).to.exist;
      const fresh = urls.find((call) => call.start > refused.sent && call.end <= next!.sent);
      expect(fresh, `${refused.file} got a fresh URL after its expired one`).to.exist;
    }
    // Each file got its URL from asset.get_upload_url; passing failures retried on the same URL.
    expect(urls.length, 'asset.get_upload_url calls').to.be.at.least(FILES + expired.length);
    // Requests that got no answer (answers lost after the store, connections cut midway): each such file
    // was sent again, with its unique-id, and still made one asset (counted below).
    const unanswered = posts.filter((post) => post.status === 0);
    expect(unanswered.length, 'unanswered POSTs').to.be.greaterThan(0);
    for (const lost of unanswered) {
      const again = posts.some(
        (post) => post.file === lost.file && post.sent > lost.sent && post.status === 200,
      );
      expect(again, `${lost.file} was sent again and answered`).to.equal(true);
    }
    // Every POST of one file carried the same unique-id, and no two files shared one.
    const ids = new Map<string, Set<string>>();
    for (const post of posts) ids.set(post.file, (ids.get(post.file) ?? new Set()).add(post.uniqueId));
    expect(
      [...ids.values()].every((set) => set.size === 1 && ![...set][0]!.startsWith('undefined')),
    ).to.equal(true);
    expect(new Set([...ids.values()].map((set) => [...set][0])).size).to.equal(FILES);

    // Exactly one asset per file, all in the gallery.
    const { body } = await api(server, 'asset.list', { items_per_page: 1 });
    expect(body.items_data.items_count).to.equal(FILES);
    expect((await itemNames(server, fid)).sort()).to.deep.equal(names);

    // Ends green: nothing pending, no error list, the Dashboard's status bar says complete.
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(root.querySelector<HTMLElement>('[part=retry-status]')!.hidden).to.equal(true);
    expect(root.querySelector('[part=errors]')).to.equal(null);
    // Uppy recomputes its total progress at most every 500 ms: the bar turns complete on that beat.
    await waitUntil(
      () => !!root.querySelector('.uppy-StatusBar.is-complete'),
      `the status bar says complete (Uppy error: ${el.uppy!.getState().error})`,
      2000,
    );
  });
});
