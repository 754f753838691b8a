// upload.iframe over real HTTP: the embed HTML string, the frame page under its CSP, and its error pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const DAY_MS = 24 * 3600 * 1000;

async function getText(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** The one <iframe> of the embed code, with its attributes in order. */
function parseIframe(html: string): { attributes: [string, string][] } {
  const match = /^<iframe ([^>]*)><\/iframe>$/.exec(html.trim());
  assert.ok(match, `not a single iframe element: ${html}`);
  const attributes = [...(match[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(
    (each) => [each[1] ?? '', (each[2] ?? '').replaceAll('&amp;', '&')] as [string, string],
  );
  return { attributes };
}

describe('upload.iframe', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestServer;
  let fid: string;
  before(async () => {
    t = await startTestServer({ clock });
    const created = await t.call('gallery.create', { name: 'Frame gallery' }, { method: 'POST' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    fid = created.body.fid;
  });
  after(() => t.close());

  const embedUrl = (params: Record<string, string>, token = t.token) => {
    const url = new URL('upload.iframe', t.baseUrl);
    url.searchParams.set('api_token', token);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  };

  it('answers one iframe with exactly the decided attributes and a fresh upload token', async () => {
    const { status, text, headers } = await getText(embedUrl({ fid }));
    assert.equal(status, 200);
    assert.match(headers.get('content-type') ?? '', /^text\/html/);
    const { attributes } = parseIframe(text);
    const byName = new Map(attributes);
    assert.deepEqual(
      attributes.map(([name]) => name),
      ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'scrolling', 'allow'],
    );
    assert.equal(byName.get('width'), '100%');
    assert.equal(byName.get('height'), '430');
    assert.equal(byName.get('frameborder'), '0');
    assert.equal(byName.get('scrolling'), 'yes');
    assert.deepEqual(
      (byName.get('allow') ?? '')
        .split(';')
        .map((each) => each.trim())
        .sort(),
      ['camera', 'geolocation', 'microphone'],
    );
    const src = new URL(byName.get('src') ?? '');
    assert.equal(src.origin + src.pathname, `${t.origin}/v2/upload.iframe`);
    assert.equal(src.searchParams.get('api_token'), null);
    assert.ok(!text.includes(t.token), 'the api_token must never be put in the frame');
    const uploadToken = src.searchParams.get('upload_token') ?? '';
    const ping = await t.call('ping', {}, { token: uploadToken, uploadToken: true });
    assert.equal(ping.body.token_type, 'upload');
  });

  it('mints a new upload token on every call', async () => {
    const first = new Map(parseIframe((await getText(embedUrl({ fid }))).text).attributes).get('src');
    const second = new Map(parseIframe((await getText(embedUrl({ fid }))).text).attributes).get('src');
    assert.notEqual(first, second);
  });

  it('creates the gallery of a new rrid once and finds it again', async () => {
    const before = (await t.call('gallery.list', { items_per_page: 100 })).body.items_data.items_count;
    const srcOf = async () =>
      new URL(
        new Map(parseIframe((await getText(embedUrl({ rrid: 'crm-42' }))).text).attributes).get('src') ?? '',
      );
    const first = await srcOf();
    const second = await srcOf();
    const after = (await t.call('gallery.list', { items_per_page: 100 })).body.items_data.items_count;
    assert.equal(after, before + 1);
    const pageOf = async (src: URL) => (await getText(src.href)).text;
    const fidIn = (page: string) => /&quot;fid&quot;:&quot;([^&]+)&quot;/.exec(page)?.[1];
    assert.equal(fidIn(await pageOf(first)), fidIn(await pageOf(second)));
  });

  it('refuses bad calls of the embed code with the decided JSON errors', async () => {
    const cases: [Record<string, string>, string | undefined, number, string][] = [
      [{}, undefined, 400, 'missing_parameter'],
      [{ fid: 'nope' }, undefined, 404, 'not_found'],
      [{ fid, parent_origin: 'javascript:alert(1)' }, undefined, 400, 'invalid_parameter'],
      [{ fid, parent_origin: 'https://example.com/path' }, undefined, 400, 'invalid_parameter'],
      [{ fid, locale: 'de"><script>' }, undefined, 400, 'invalid_parameter'],
      [{ fid }, 'wrong-token', 403, 'invalid_token'],
    ];
    for (const [params, token, status, code] of cases) {
      const response = await fetch(embedUrl(params, token));
      const body = await response.json();
      assert.equal(response.status, status, JSON.stringify(params));
      assert.deepEqual([body.success, body.code], [false, code]);
    }
    const read = await t.call('token.get_temp', { permissions: 'gallery.read|asset.read' });
    const response = await fetch(embedUrl({ fid }, read.body.token));
    assert.equal(response.status, 403);
    assert.equal((await response.json()).code, 'permission_denied');
  });

  it('passes the language asked for on to the frame in its address', async () => {
    const srcFor = async (params: Record<string, string>) =>
      new URL(new Map(parseIframe((await getText(embedUrl(params))).text).attributes).get('src') ?? '');
    assert.equal((await srcFor({ fid, locale: 'de-AT' })).searchParams.get('locale'), 'de-AT');
    assert.equal((await srcFor({ fid })).searchParams.has('locale'), false);
  });

  it('serves the frame page under a strict CSP with no inline script', async () => {
    const src =
      new Map(
        parseIframe((await getText(embedUrl({ fid, parent_origin: 'https://shop.example' }))).text)
          .attributes,
      ).get('src') ?? '';
    assert.equal(new URL(src).searchParams.get('parent_origin'), 'https://shop.example');
    const { status, text, headers } = await getText(src);
    assert.equal(status, 200);
    const csp = headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    for (const script of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      assert.match(script[1] ?? '', /\bsrc=/, 'every script has a src');
      assert.equal((script[2] ?? '').trim(), '', 'no inline script body');
    }
    assert.ok(!/<style\b/.test(text) && !/\sstyle="/.test(text), 'no inline style');
    assert.match(text, /https:\/\/shop\.example/);
    const scriptSrc = /<script[^>]*src="([^"]+)"/.exec(text)?.[1] ?? '';
    const script = await fetch(new URL(scriptSrc, t.origin));
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
  });

  it('shows a readable 403 page for an unknown or expired upload token, never a blank frame', async () => {
    const unknown = await getText(`${t.baseUrl}upload.iframe?upload_token=not-a-token`);
    assert.equal(unknown.status, 403);
    assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(unknown.text, /not valid/);

    const minted = await t.call('upload.get_upload_token', { fid, expire: '2026-06-02' });
    assert.equal(minted.status, 200, JSON.stringify(minted.body));
    const url = `${t.baseUrl}upload.iframe?upload_token=${encodeURIComponent(minted.body.upload_token)}`;
    assert.equal((await getText(url)).status, 200);
    clock.advance(2 * DAY_MS);
    const expired = await getText(url);
    assert.equal(expired.status, 403);
    assert.match(expired.text, /expired/);
    clock.advance(-2 * DAY_MS);
  });

  it('words its error page in the frame’s language: locale= first, then Accept-Language, else English', async () => {
    const page = (query: string, headers: Record<string, string> = {}) =>
      getText(`${t.baseUrl}upload.iframe?upload_token=not-a-token${query}`, headers);
    const german = await page('&locale=de-AT', { 'accept-language': 'fr' });
    assert.equal(german.status, 403);
    assert.match(german.text, /<html lang="de">/);
    assert.match(german.text, /Dieser Upload-Link ist ungültig\./);
    assert.equal(german.headers.get('content-language'), 'de');
    const french = await page('', { 'accept-language': 'es;q=0.9, fr-CA;q=0.8, en;q=0.5' });
    assert.match(french.text, /Ce lien d’envoi n’est pas valide\./);
    const english = await page('&locale=ja', { 'accept-language': 'es, *;q=0.1' });
    assert.match(english.text, /<html lang="en">/);
    assert.match(english.text, /This upload link is not valid\./);
  });
});
