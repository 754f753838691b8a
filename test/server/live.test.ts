// The live operations over real HTTP with a manual clock: fields, the state machine, usage minutes,
// the simulated source's sliding playlist and its end, the embed page, bad input and permissions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../server/clock.ts';
import type { AccountEvent } from '../../server/events.ts';
import { DEFAULT_ASSETS_DIR } from '../../server/live/simulator.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const START_DELAY = 2000;
const RESET_DELAY = 1000;
const GRACE = 10000;
const ENTRY_FIELDS = [
  'created',
  'hls_playback_url',
  'iframe_embed_code',
  'liveid',
  'location',
  'name',
  'rtmp_source',
  'state',
  'type',
];

describe('live streams', () => {
  let t: TestServer;
  const clock = new ManualClock();
  const events: AccountEvent[] = [];
  let readToken: string;
  let writeToken: string;

  before(async () => {
    t = await startTestServer({
      clock,
      liveStartDelayMs: START_DELAY,
      liveResetDelayMs: RESET_DELAY,
      liveEndedGraceMs: GRACE,
      liveChargeNotes: true,
    });
    t.server.ctx.events.subscribe((event) => events.push(event));
    readToken = t.server.services.tokens.createApplicationToken('read');
    writeToken = t.server.services.tokens.createApplicationToken('write');
  });
  after(() => t.close());

  const create = async (params: Record<string, string> = {}) => {
    const { status, body } = await t.call('live.create', params);
    assert.equal(status, 200, JSON.stringify(body));
    return body;
  };
  const stateOf = async (liveid: string) => {
    const { body } = await t.call('live.list');
    return body.live_streams.find((s: { liveid: string }) => s.liveid === liveid)?.state;
  };
  const get = (path: string) => fetch(new URL(path, t.origin));
  const playlist = async (liveid: string, name = 'index') => {
    const response = await get(`/live/${liveid}/${name}.m3u8`);
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  const sequenceOf = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
  const segmentsOf = (text: string) => text.split('\n').filter((line) => line.endsWith('.ts'));

  it('creates a stream with the decided entry fields and defaults, and lists it', async () => {
    const body = await create();
    assert.equal(body.success, true);
    assert.match(body.liveid, /^[a-z0-9]{12}$/);
    const entry = body.live_stream;
    assert.deepEqual(Object.keys(entry).sort(), ENTRY_FIELDS);
    for (const field of ENTRY_FIELDS) assert.deepEqual(body[field], entry[field]);
    assert.equal(entry.name, '');
    assert.equal(entry.location, 'us_central');
    assert.equal(entry.type, 'passthrough');
    assert.equal(entry.state, 'idle');
    assert.equal(entry.hls_playback_url, `${t.origin}/live/${body.liveid}/index.m3u8`);
    assert.match(entry.iframe_embed_code, new RegExp(`^<iframe src="${t.origin}/live/${body.liveid}/embed"`));
    assert.match(entry.rtmp_source, /^rtmp:\/\/127\.0\.0\.1:1935\/live\/[a-z0-9]+$/);
    assert.equal(entry.created, new Date(clock.now()).toISOString());

    const { status, body: list } = await t.call('live.list');
    assert.equal(status, 200);
    assert.deepEqual(
      list.live_streams.find((s: { liveid: string }) => s.liveid === body.liveid),
      entry,
    );
    assert.deepEqual(Object.keys(list.usage).sort(), [
      'history',
      'max_passthrough_quota',
      'max_transcoded_quota',
      'usage_passthrough',
      'usage_transcoded',
    ]);
    assert.ok(events.some((e) => e.event === 'live.created' && e.data.liveid === body.liveid));
  });

  it('accepts every listed location and both types, and refuses others with 400', async () => {
    // Written from the spec's list, not imported from the contract, so a wrong contract fails here.
    const locations = 'us_central us_east us_west eu uk au jp in kr tw sg br'.split(' ');
    for (const location of locations) assert.equal((await create({ location })).location, location);
    const named = await create({ name: 'Keynote <live>', type: 'transcoded', location: 'eu' });
    assert.deepEqual([named.name, named.type, named.location], ['Keynote <live>', 'transcoded', 'eu']);
    assert.match(named.iframe_embed_code, /title="Live stream: Keynote &lt;live&gt;"/);
    for (const params of [{ location: 'mars' }, { type: 'lossless' }, { name: 'x'.repeat(256) }]) {
      const { status, body } = await t.call('live.create', params);
      assert.equal(status, 400, JSON.stringify(params));
      assert.equal(body.code, 'invalid_parameter');
    }
  });

  it('moves idle -> starting -> live -> stopped -> starting, with no-ops on live and stopped', async () => {
    const { liveid } = await create();
    const start = await t.call('live.start', { liveid });
    assert.equal(start.status, 200);
    assert.equal(start.body.state, 'starting');
    assert.match(start.body.note, /charge/);
    assert.equal(await stateOf(liveid), 'starting');
    clock.advance(START_DELAY);
    assert.equal(await stateOf(liveid), 'live');
    // A no-op: the answer reports the operation's state as the spec's table does, the stream stays live.
    assert.equal((await t.call('live.start', { liveid })).body.state, 'starting');
    assert.equal(await stateOf(liveid), 'live');

    const stop = await t.call('live.stop', { liveid });
    assert.deepEqual([stop.status, stop.body.state], [200, 'stopped']);
    assert.match(stop.body.note, /charge/);
    assert.equal((await t.call('live.stop', { liveid })).body.state, 'stopped');
    assert.equal(await stateOf(liveid), 'stopped');
    assert.equal((await t.call('live.start', { liveid })).body.state, 'starting');
    assert.ok(events.some((e) => e.event === 'live.started' && e.data.liveid === liveid));
    assert.ok(events.some((e) => e.event === 'live.stopped' && e.data.liveid === liveid));
  });

  it('answers an empty note without liveChargeNotes: a local server charges nothing', async () => {
    const local = await startTestServer({
      clock,
      liveStartDelayMs: START_DELAY,
      liveResetDelayMs: RESET_DELAY,
    });
    try {
      const { body } = await local.call('live.create', { name: 'Local' });
      for (const op of ['live.start', 'live.stop', 'live.reset']) {
        const answer = await local.call(op, { liveid: body.liveid });
        assert.equal(answer.status, 200, op);
        assert.equal(answer.body.note, '', op);
      }
    } finally {
      await local.close();
    }
  });

  it('resets from any state to resetting, then idle; stop on an idle stream reports stopped', async () => {
    const { liveid } = await create();
    for (const prepare of [[], ['live.start'], ['live.start', 'live.stop']]) {
      for (const op of prepare) await t.call(op, { liveid });
      const reset = await t.call('live.reset', { liveid });
      assert.deepEqual([reset.status, reset.body.state], [200, 'resetting']);
      assert.match(reset.body.note, /charge/);
      assert.equal(await stateOf(liveid), 'resetting');
      clock.advance(RESET_DELAY);
      assert.equal(await stateOf(liveid), 'idle');
    }
    assert.equal((await t.call('live.stop', { liveid })).body.state, 'stopped');
    assert.equal((await playlist(liveid)).status, 404);
  });

  it('counts live minutes per type from going live until stop, reset or delete', async () => {
    // Streams of earlier tests stop first, so that only these two add minutes from here on.
    for (const stream of (await t.call('live.list')).body.live_streams) {
      await t.call('live.stop', { liveid: stream.liveid });
    }
    const before = (await t.call('live.list')).body.usage;
    const passthrough = await create({ name: 'usage a' });
    const transcoded = await create({ name: 'usage b', type: 'transcoded' });
    await t.call('live.start', { liveid: passthrough.liveid });
    await t.call('live.start', { liveid: transcoded.liveid });
    clock.advance(START_DELAY + 60000);
    await t.call('live.reset', { liveid: transcoded.liveid });
    clock.advance(30000);
    await t.call('live.stop', { liveid: passthrough.liveid });
    clock.advance(600000);
    const usage = (await t.call('live.list')).body.usage;
    assert.equal(Math.round((usage.usage_passthrough - before.usage_passthrough) * 100), 150);
    assert.equal(Math.round((usage.usage_transcoded - before.usage_transcoded) * 100), 100);
    assert.equal(typeof usage.max_passthrough_quota, 'number');
    assert.equal(typeof usage.max_transcoded_quota, 'number');
    const entry = usage.history.find((h: { liveid: string }) => h.liveid === passthrough.liveid);
    assert.equal(entry.type, 'passthrough');
    assert.equal(entry.minutes, 1.5);
    assert.equal(typeof entry.started, 'string');
    assert.equal(typeof entry.ended, 'string');
  });

  it('serves a sliding live playlist from start, with segments, until stop ends it', async () => {
    const { liveid } = await create();
    assert.equal((await playlist(liveid)).status, 404);
    await t.call('live.start', { liveid });
    const first = await playlist(liveid);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('content-type'), 'application/vnd.apple.mpegurl');
    assert.match(first.headers.get('cache-control') ?? '', /no-cache/);
    assert.equal(sequenceOf(first.text), 0);
    assert.match(first.text, /#EXT-X-TARGETDURATION:2\n/);
    assert.deepEqual(segmentsOf(first.text), ['hi/0.ts', 'hi/1.ts', 'hi/2.ts', 'hi/3.ts', 'hi/4.ts']);
    assert.doesNotMatch(first.text, /ENDLIST/);

    const segment = await get(`/live/${liveid}/hi/3.ts`);
    assert.equal(segment.status, 200);
    assert.equal(segment.headers.get('content-type'), 'video/mp2t');
    const fixture = readFileSync(join(DEFAULT_ASSETS_DIR, 'hi-3.mpegts'));
    assert.deepEqual(Buffer.from(await segment.arrayBuffer()), fixture);
    assert.equal((await get(`/live/${liveid}/hi/5.ts`)).status, 404);

    clock.advance(4000);
    const slid = await playlist(liveid);
    assert.equal(sequenceOf(slid.text), 2);
    assert.deepEqual(segmentsOf(slid.text), ['hi/2.ts', 'hi/3.ts', 'hi/4.ts', 'hi/5.ts', 'hi/6.ts']);
    // The six fixture segments loop; their timestamps restart, so the loop is a discontinuity.
    assert.match(slid.text, /hi\/5\.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2\.000000,\nhi\/6\.ts/);
    assert.deepEqual(
      Buffer.from(await (await get(`/live/${liveid}/hi/6.ts`)).arrayBuffer()),
      readFileSync(join(DEFAULT_ASSETS_DIR, 'hi-0.mpegts')),
    );
    clock.advance(4000);
    assert.match((await playlist(liveid)).text, /#EXT-X-DISCONTINUITY-SEQUENCE:0\n/);
    clock.advance(6000);
    const wrapped = await playlist(liveid);
    assert.equal(sequenceOf(wrapped.text), 7);
    assert.match(wrapped.text, /#EXT-X-DISCONTINUITY-SEQUENCE:1\n/);

    await t.call('live.stop', { liveid });
    clock.advance(4000);
    const ended = await playlist(liveid);
    assert.equal(ended.status, 200);
    assert.equal(sequenceOf(ended.text), 7);
    assert.match(ended.text, /#EXT-X-ENDLIST\n$/);
    assert.equal((await get(`/live/${liveid}/hi/11.ts`)).status, 200);
    clock.advance(GRACE);
    assert.equal((await playlist(liveid)).status, 404);
    assert.equal((await get(`/live/${liveid}/hi/11.ts`)).status, 404);
  });

  it('takes the playlist away at once on reset and delete', async () => {
    const { liveid } = await create();
    await t.call('live.start', { liveid });
    assert.equal((await playlist(liveid)).status, 200);
    await t.call('live.reset', { liveid });
    assert.equal((await playlist(liveid)).status, 404);
    assert.equal((await get(`/live/${liveid}/hi/0.ts`)).status, 404);
    await t.call('live.start', { liveid });
    assert.equal((await playlist(liveid)).status, 200);
    const deleted = await t.call('live.delete', { liveid });
    assert.deepEqual([deleted.status, deleted.body.success], [200, true]);
    assert.equal(deleted.body.state, undefined);
    assert.equal((await playlist(liveid)).status, 404);
    assert.equal(await stateOf(liveid), undefined);
    assert.ok(events.some((e) => e.event === 'live.deleted' && e.data.liveid === liveid));
  });

  it('serves a master playlist with two renditions for a transcoded stream', async () => {
    const transcoded = await create({ type: 'transcoded' });
    await t.call('live.start', { liveid: transcoded.liveid });
    const master = await playlist(transcoded.liveid);
    assert.equal(master.status, 200);
    assert.deepEqual(
      master.text.split('\n').filter((line) => line.endsWith('.m3u8')),
      ['hi.m3u8', 'lo.m3u8'],
    );
    assert.match(master.text, /RESOLUTION=320x180/);
    assert.match(master.text, /RESOLUTION=160x90/);
    const low = await playlist(transcoded.liveid, 'lo');
    assert.deepEqual(segmentsOf(low.text)[0], 'lo/0.ts');
    assert.equal((await get(`/live/${transcoded.liveid}/lo/0.ts`)).status, 200);

    const passthrough = await create();
    await t.call('live.start', { liveid: passthrough.liveid });
    assert.match((await playlist(passthrough.liveid)).text, /hi\/0\.ts/);
    assert.equal((await playlist(passthrough.liveid, 'lo')).status, 404);
    assert.equal((await get(`/live/${passthrough.liveid}/lo/0.ts`)).status, 404);
  });

  it('freezes a playlist through the test hook: no new segments and no end', async () => {
    const { liveid } = await create();
    await t.call('live.start', { liveid });
    clock.advance(2000);
    t.server.services.live.freeze(liveid);
    clock.advance(10000);
    const frozen = await playlist(liveid);
    assert.equal(sequenceOf(frozen.text), 1);
    assert.doesNotMatch(frozen.text, /ENDLIST/);
  });

  it('serves an embed page holding a <live-player> for the stream', async () => {
    const { liveid, hls_playback_url } = await create({ name: 'Embed "me"' });
    const response = await get(`/live/${liveid}/embed`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const page = await response.text();
    assert.match(page, new RegExp(`<live-player src="${hls_playback_url}"`));
    assert.match(page, /<script type="module" src="\/elements\/gallery-elements\.js"><\/script>/);
    assert.match(page, /Embed &quot;me&quot;/);
    assert.equal((await get('/live/nope/embed')).status, 404);
  });

  it('answers 404 not_found for an unknown liveid and 400 for a missing one', async () => {
    for (const op of ['live.start', 'live.stop', 'live.reset', 'live.delete']) {
      const { status, body } = await t.call(op, { liveid: 'nosuchstream' });
      assert.deepEqual([status, body.success, body.code], [404, false, 'not_found'], op);
      const missingId = await t.call(op);
      assert.deepEqual([missingId.status, missingId.body.code], [400, 'missing_parameter'], op);
    }
    assert.equal((await playlist('nosuchstream')).status, 404);
    assert.equal((await get('/live/nosuchstream/hi/0.ts')).status, 404);
  });

  it('needs live.update to create, start, stop and reset, and live.delete to delete', async () => {
    const { liveid } = await create();
    assert.equal((await t.call('live.list', {}, { token: readToken })).status, 200);
    for (const op of ['live.create', 'live.start', 'live.stop', 'live.reset', 'live.delete']) {
      const { status, body } = await t.call(op, { liveid }, { token: readToken });
      assert.deepEqual([status, body.code], [403, 'permission_denied'], op);
    }
    assert.equal((await t.call('live.start', { liveid }, { token: writeToken })).status, 200);
    assert.equal((await t.call('live.delete', { liveid }, { token: writeToken })).status, 403);
    assert.equal((await t.call('live.list', {}, { token: null })).status, 403);
    const gallery = await t.call('gallery.create', { name: 'Scope' }, { method: 'POST' });
    const temp = await t.call('token.get_temp', { permissions: 'live.*', fid: gallery.body.fid });
    assert.equal(temp.status, 200, JSON.stringify(temp.body));
    const scoped = await t.call('live.stop', { liveid }, { token: temp.body.token });
    assert.deepEqual([scoped.status, scoped.body.code], [403, 'permission_denied']);
  });

  it('hides the stream key of rtmp_source from tokens that may only read streams', async () => {
    const { liveid } = await create();
    const asRead = (await t.call('live.list', {}, { token: readToken })).body.live_streams;
    const asWrite = (await t.call('live.list', {}, { token: writeToken })).body.live_streams;
    const read = asRead.find((s: { liveid: string }) => s.liveid === liveid);
    const write = asWrite.find((s: { liveid: string }) => s.liveid === liveid);
    assert.equal(read.rtmp_source, '');
    assert.match(write.rtmp_source, /^rtmp:\/\/127\.0\.0\.1:1935\/live\/[a-z0-9]+$/);
    assert.equal(read.hls_playback_url, write.hls_playback_url, 'playback stays open to readers');
  });

  it('accepts POST as well as the documented GET', async () => {
    const { status, body } = await t.call('live.list', {}, { method: 'POST' });
    assert.deepEqual([status, body.success], [200, true]);
  });
});

describe('live simulator test options', () => {
  it('cuts playlist and segment connections during a simulated network drop', async () => {
    const clock = new ManualClock();
    const t = await startTestServer({ clock, liveDropAfterMs: 3000, liveDropForMs: 2000 });
    try {
      const { body } = await t.call('live.create');
      await t.call('live.start', { liveid: body.liveid });
      const playlistUrl = `${t.origin}/live/${body.liveid}/index.m3u8`;
      assert.equal((await fetch(playlistUrl)).status, 200);
      clock.advance(3000);
      await assert.rejects(fetch(playlistUrl));
      await assert.rejects(fetch(`${t.origin}/live/${body.liveid}/hi/5.ts`));
      clock.advance(2000);
      assert.equal((await fetch(playlistUrl)).status, 200);
    } finally {
      await t.close();
    }
  });
});
