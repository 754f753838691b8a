// verifyWebhookSignature and verifyWebhookUrlSignature against signatures computed here with node:crypto.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { verifyWebhookSignature, verifyWebhookUrlSignature } from '../../src/api/webhook-signature.ts';

const KEY = 'a-security-key';
const NOW = 1_800_000_000_000;
const T = String(NOW / 1000);
const hmac = (key: string, text: string | Buffer) => createHmac('sha256', key).update(text).digest('hex');

function header(body: string | Buffer, key = KEY, t = T): string {
  return `t=${t},v1=${hmac(key, Buffer.concat([Buffer.from(`${t}.`), Buffer.from(body)]))}`;
}

describe('verifyWebhookSignature', () => {
  const body = JSON.stringify({ event: 'asset.uploaded', id: 'd1', rid: 'r1', drid: 'r1', caption: 'é ✓' });

  it('accepts the header of the body, as a string or as its bytes', async () => {
    assert.equal(
      await verifyWebhookSignature({ body, header: header(body), securityKey: KEY, now: NOW }),
      true,
    );
    const bytes = new Uint8Array(Buffer.from(body));
    assert.equal(
      await verifyWebhookSignature({ body: bytes, header: header(body), securityKey: KEY, now: NOW }),
      true,
    );
  });

  it('accepts upper-case hex and any one of several v1 values', async () => {
    const good = header(body).replace(/v1=(\w+)/, (_m, hex: string) => `v1=${hex.toUpperCase()}`);
    assert.equal(await verifyWebhookSignature({ body, header: good, securityKey: KEY, now: NOW }), true);
    const rotated = `t=${T},v1=${'0'.repeat(64)},v1=${header(body).split('v1=')[1]}`;
    assert.equal(await verifyWebhookSignature({ body, header: rotated, securityKey: KEY, now: NOW }), true);
  });

  it('refuses a wrong key, a changed body, a changed time, an old time and malformed headers', async () => {
    const check = (h: string | null, b = body, now = NOW) =>
      verifyWebhookSignature({ body: b, header: h, securityKey: KEY, now });
    assert.equal(await check(header(body, 'other-key')), false);
    assert.equal(await check(header(body), `${body} `), false);
    assert.equal(await check(header(body).replace(`t=${T}`, `t=${Number(T) + 1}`)), false);
    assert.equal(await check(header(body), body, NOW + 301_000), false);
    for (const bad of [null, '', 'v1=abc', `t=${T}`, `t=soon,v1=${'a'.repeat(64)}`]) {
      assert.equal(await check(bad), false, String(bad));
    }
  });

  it('turns the time check off with toleranceSeconds 0', async () => {
    const old = header(body, KEY, '1000');
    assert.equal(await verifyWebhookSignature({ body, header: old, securityKey: KEY, now: NOW }), false);
    assert.equal(
      await verifyWebhookSignature({ body, header: old, securityKey: KEY, now: NOW, toleranceSeconds: 0 }),
      true,
    );
  });
});

describe('verifyWebhookUrlSignature', () => {
  const signed = (hookUrl: string, key = KEY) =>
    `${hookUrl}${hookUrl.includes('?') ? '&' : '?'}signature=${hmac(key, hookUrl)}`;

  it('checks the HMAC of the URL exactly as registered, even a bare origin a URL parser would change', async () => {
    for (const hookUrl of [
      'http://127.0.0.1:9000',
      'https://Example.com:443/hook?x=1&y=%7e',
      'http://h/p?',
    ]) {
      assert.equal(
        await verifyWebhookUrlSignature({ url: signed(hookUrl), securityKey: KEY }),
        true,
        hookUrl,
      );
      assert.equal(
        await verifyWebhookUrlSignature({ url: signed(hookUrl, 'other'), securityKey: KEY }),
        false,
      );
    }
  });

  it('takes the last signature parameter when the registered URL has one of its own', async () => {
    const hookUrl = 'http://127.0.0.1:9000/hook?signature=mine';
    assert.equal(await verifyWebhookUrlSignature({ url: signed(hookUrl), securityKey: KEY }), true);
  });

  it('refuses a URL without a signature, a truncated one and a missing key', async () => {
    const url = signed('http://127.0.0.1:9000/hook');
    assert.equal(
      await verifyWebhookUrlSignature({ url: 'http://127.0.0.1:9000/hook', securityKey: KEY }),
      false,
    );
    assert.equal(await verifyWebhookUrlSignature({ url: url.slice(0, -1), securityKey: KEY }), false);
    assert.equal(await verifyWebhookUrlSignature({ url, securityKey: '' }), false);
  });
});
