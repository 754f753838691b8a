// Flat webhook deliveries, received by a consumer written as the hosted service's CMS plugins write theirs
// (a real HTTP server on 127.0.0.1 reading `event`, `drid` and the record's fields at the top level): after
// an upload, asset.set_meta and asset.delete, each carrying the record as it was when the event happened.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { WebhookPayload } from '../../src/api/webhook.ts';
import { verifyWebhookSignature, verifyWebhookUrlSignature } from '../../src/api/webhook-signature.ts';
import { chunkHeaders, postRaw, ridByRegex } from '../helpers/chunks.ts';
import { createGallery, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Entry {
  title: string;
  referenceId: string;
  modified: Date;
  type: string;
}

interface Consumer {
  url: string;
  /** What the consumer keeps, by drid (as the Strapi plugin keys its entries). */
  entries: Map<string, Entry>;
  deliveries: {
    url: string;
    contentType: string;
    signature: string;
    body: string;
    payload: WebhookPayload;
  }[];
  close(): Promise<void>;
}

/** Reads deliveries the way a CMS plugin does: JSON body, fields at the top level, `drid` as the key. */
async function startConsumer(): Promise<Consumer> {
  const consumer = { entries: new Map(), deliveries: [] } as unknown as Consumer;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const payload = JSON.parse(body) as WebhookPayload;
    consumer.deliveries.push({
      url: req.url ?? '',
      contentType: String(req.headers['content-type']),
      signature: String(req.headers['x-webhook-signature']),
      body,
      payload,
    });
    const data = payload as Record<string, unknown>;
    if (payload.event === 'asset.deleted') {
      if (!data.drid) return res.writeHead(400).end();
      consumer.entries.delete(String(data.drid));
    } else if (payload.event === 'asset.uploaded' || payload.event === 'asset.updated') {
      consumer.entries.set(String(data.drid), {
        title: String(data.caption || data.filename),
        referenceId: String(data.reference_id),
        modified: new Date(String(data.modified)),
        type: String(data.type),
      });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A hook URL that has a query already: the signature is appended with &.
  consumer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/uploader/webhook?site=one`;
  consumer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return consumer;
}

describe('flat webhook deliveries', () => {
  let t: TestServer;
  let consumer: Consumer;
  before(async () => {
    t = await startTestServer({ webhookRetryDelaysMs: [30], webhookTimeoutMs: 2000 });
    consumer = await startConsumer();
    const set = await t.call('webhook.set', {
      hook_url: consumer.url,
      security_key: 'flat-key',
      events: 'asset',
    });
    assert.equal(set.status, 200);
  });
  after(async () => {
    await t.close();
    await consumer.close();
  });

  const deliveriesOf = (event: string, rid: string) =>
    consumer.deliveries.filter(
      (d) => d.payload.event === event && (d.payload as { drid?: string }).drid === rid,
    );

  it('carries drid and the record fields at the top level through upload, set_meta and delete', async () => {
    const g = await createGallery(t);
    const bytes = Buffer.from('a text file, so no versions are made');
    const answer = await postRaw(g.upload_url, chunkHeaders('hook-1', 0, bytes.length, bytes.length), bytes);
    const rid = ridByRegex(answer.text) as string;
    assert.ok(rid, answer.text);
    await waitFor(async () => consumer.entries.has(rid));
    assert.deepEqual(
      { ...consumer.entries.get(rid), modified: undefined },
      { title: 'clip one.bin', referenceId: '', modified: undefined, type: 'other' },
    );
    const [uploaded] = deliveriesOf('asset.uploaded', rid);
    assert.ok(uploaded);
    assert.equal(uploaded.contentType, 'application/json');
    const payload = uploaded.payload as Record<string, unknown>;
    assert.equal(payload.rid, rid);
    assert.equal(payload.filename, 'clip one.bin');
    assert.equal(typeof payload.id, 'string');
    assert.ok(!Number.isNaN(Date.parse(String(payload.created))));
    assert.equal('data' in payload, false);

    const meta = await t.call('asset.set_meta', { rid, reference_id: 'strapi', caption: 'Harbour at dawn' });
    assert.equal(meta.status, 200);
    await waitFor(async () => consumer.entries.get(rid)?.referenceId === 'strapi');
    assert.equal(consumer.entries.get(rid)?.title, 'Harbour at dawn');
    const [updated] = deliveriesOf('asset.updated', rid);
    assert.ok(updated);
    assert.equal((updated.payload as Record<string, unknown>).reference_id, 'strapi');
    assert.ok(!Number.isNaN(consumer.entries.get(rid)?.modified.getTime()));

    const deleted = await t.call('asset.delete', { rid });
    assert.equal(deleted.status, 200);
    await waitFor(async () => !consumer.entries.has(rid));
    const [gone] = deliveriesOf('asset.deleted', rid);
    assert.ok(gone);
    const before = gone.payload as Record<string, unknown>;
    // The fields as they were before the delete.
    assert.deepEqual(
      [before.drid, before.rid, before.caption, before.reference_id, before.filename],
      [rid, rid, 'Harbour at dawn', 'strapi', 'clip one.bin'],
    );
  });

  it('signs the exact body sent, and appends the URL signature with & to a hook URL with a query', async () => {
    await waitFor(async () => consumer.deliveries.length > 0);
    for (const delivery of consumer.deliveries) {
      assert.match(delivery.url, /^\/api\/uploader\/webhook\?site=one&signature=[0-9a-f]{64}$/);
      assert.equal(
        await verifyWebhookSignature({
          body: delivery.body,
          header: delivery.signature,
          securityKey: 'flat-key',
        }),
        true,
      );
      const url = `${new URL(consumer.url).origin}${delivery.url}`;
      assert.equal(await verifyWebhookUrlSignature({ url, securityKey: 'flat-key' }), true);
    }
  });
});
