// `/files/<rid>/<name>?download=1`: the same file as an attachment under its uploaded name (RFC 6266),
// with ranges and 404s as without the parameter, over HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createGallery, tinyPng, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('/files ?download=1', () => {
  let server: TestServer;
  let record: any;
  const bytes = tinyPng(320, 200);
  const filename = "Grüße aus Köln (1) 'neu'.png";

  before(async () => {
    server = await startTestServer();
    const { upload_url } = await createGallery(server);
    const uploaded = await uploadFile(upload_url, { name: filename, bytes, mime: 'image/png' });
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const rid: string = uploaded.body.rid;
    await waitFor(async () => {
      const { body } = await server.call('asset.list', { rid });
      record = body.items[0];
      return record.syncstatus !== 'pending';
    });
  });
  after(() => server.close());

  const withDownload = (url: string, value = '1') => {
    const link = new URL(url);
    link.searchParams.set('download', value);
    return link.href;
  };

  test('answers the original bytes as an attachment under the uploaded name, ASCII and UTF-8', async () => {
    const response = await fetch(withDownload(record.versions.original.url));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    const disposition = response.headers.get('content-disposition') ?? '';
    assert.match(disposition, /^attachment;/);
    // The quoted ASCII form replaces what it cannot carry; the RFC 8187 form keeps the exact name.
    assert.match(disposition, /filename="Gr__e aus K_ln \(1\) 'neu'\.png"/);
    const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1] ?? '';
    assert.doesNotMatch(encoded, /['()*"\s]/);
    assert.equal(decodeURIComponent(encoded), filename);
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /content-disposition/i);
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes)));
  });

  test('names a version after the original and keeps byte ranges working', async () => {
    const response = await fetch(withDownload(record.versions.jpg_200x150.url, 'true'));
    assert.equal(response.status, 200);
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1] ?? '';
    assert.equal(decodeURIComponent(encoded), "Grüße aus Köln (1) 'neu'_jpg_200x150.jpg");
    await response.arrayBuffer();

    const range = await fetch(withDownload(record.versions.original.url), {
      headers: { range: 'bytes=0-7' },
    });
    assert.equal(range.status, 206);
    assert.match(range.headers.get('content-disposition') ?? '', /^attachment;/);
    assert.ok(Buffer.from(await range.arrayBuffer()).equals(Buffer.from(bytes.subarray(0, 8))));
  });

  test('without the parameter, or with another value, the file is shown inline as before', async () => {
    for (const url of [record.versions.original.url, withDownload(record.versions.original.url, '0')]) {
      const response = await fetch(url);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-disposition'), null, url);
      await response.arrayBuffer();
    }
  });

  test('opens no file the plain URL would not: unknown rids and names stay JSON 404s', async () => {
    for (const path of [
      '/files/nosuchasset1/original',
      `/files/${record.rid}/jpg_9999x9999`,
      `/files/${record.rid}/..%2F..%2Fgallery.sqlite3`,
    ]) {
      const response = await fetch(`${server.origin}${path}?download=1`);
      assert.equal(response.status, 404, path);
      assert.equal(response.headers.get('content-disposition'), null, path);
      const body = await response.json();
      assert.equal(body.code, 'not_found', path);
    }
  });
});
