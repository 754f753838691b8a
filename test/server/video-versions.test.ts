// Video and audio versions made by the version worker with the ffmpeg of the npm package: a poster past a
// black opening, an HLS ladder capped at the source, audio-only renditions, clean failures, resync and
// deletion, subtitles as WebVTT, and a queue that survives a restart. Fixtures are generated at test time.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { playlistSegments, SEGMENT_SECONDS } from '../../server/media/hls-ladder.ts';
import { DARK_LUMA } from '../../server/media/poster.ts';
import { runTool } from '../../server/media/run-tool.ts';
import { findTool, type MediaTool, packagedTool } from '../../server/media/tools.ts';
import { makeClip } from '../helpers/media-clip.ts';
import { createGallery, uploadFile, waitFor } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ffmpeg = packagedTool('ffmpeg');
const ffprobe = packagedTool('ffprobe');
const POST = { method: 'POST' as const };
/** Transcodes share two busy cores with the rest of the suite: generous, bounded waits. */
const SETTLE_MS = 90_000;

let work: string;

/** Makes a small media file with ffmpeg's test sources (any container and codecs `args` ask for). */
async function generate(name: string, args: string[]): Promise<Uint8Array> {
  assert.ok(ffmpeg);
  const target = join(work, name);
  const run = await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args, target], {
    timeoutMs: 60_000,
  });
  assert.equal(run.code, 0, run.stderr);
  return new Uint8Array(readFileSync(target));
}

/** 9 s at 800x450, 10 fps, with a tone; its first 2 s are black (a fade-in a poster must skip). */
async function videoClip(name: string, size = '800x450', seconds = 9): Promise<Uint8Array> {
  assert.ok(ffmpeg);
  const target = join(work, name);
  await makeClip(ffmpeg, target, { size, seconds, filters: "drawbox=enable='lt(t,2)':color=black:t=fill" });
  return new Uint8Array(readFileSync(target));
}

async function probeJson(tool: MediaTool, target: string): Promise<any> {
  const run = await runTool(tool, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', target], {
    timeoutMs: 60_000,
    collectStdout: true,
  });
  assert.equal(run.code, 0, `ffprobe ${target}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function record(server: TestServer, rid: string) {
  const { status, body } = await server.call('asset.list', { rid });
  assert.equal(status, 200, JSON.stringify(body));
  return body.items[0];
}

async function upload(server: TestServer, bytes: Uint8Array, name: string, mime: string, uploadUrl?: string) {
  const url = uploadUrl ?? (await createGallery(server)).upload_url;
  const uploaded = await uploadFile(url, { name, bytes, mime });
  assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
  return uploaded.body.rid as string;
}

async function settled(server: TestServer, rid: string) {
  await waitFor(async () => (await record(server, rid)).syncstatus !== 'pending', { timeoutMs: SETTLE_MS });
  return record(server, rid);
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return response.text();
}

/** The master playlist's variants: URI and attributes. */
function variantsOf(master: string): { uri: string; attributes: string }[] {
  const lines = master.split('\n');
  const out: { uri: string; attributes: string }[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) out.push({ uri: lines[i + 1] ?? '', attributes: line });
  });
  return out;
}

before(() => {
  assert.ok(ffmpeg && ffprobe, 'the npm packages ship ffmpeg and ffprobe for this platform');
  work = mkdtempSync(join(tmpdir(), 'gallery-video-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('finding ffmpeg', () => {
  test('the option wins, then FFMPEG_PATH, then PATH, then the npm package', () => {
    assert.equal(findTool('ffmpeg', '/opt/ffmpeg', { FFMPEG_PATH: '/env/ffmpeg' })?.path, '/opt/ffmpeg');
    assert.equal(findTool('ffmpeg', null, { FFMPEG_PATH: '/env/ffmpeg' }), null);
    assert.equal(findTool('ffmpeg', undefined, { FFMPEG_PATH: '/env/ffmpeg' })?.source, 'environment');
    assert.equal(findTool('ffprobe', undefined, { FFPROBE_PATH: '/env/ffprobe' })?.path, '/env/ffprobe');
    const packaged = findTool('ffmpeg', undefined, { PATH: '' });
    assert.equal(packaged?.source, 'package');
    assert.equal(packaged?.path, ffmpeg?.path);
  });
});

describe('video and audio versions', () => {
  let server: TestServer;
  let clip: Uint8Array;
  let video: any;

  before(async () => {
    clip = await videoClip('clip.mp4');
    // The packaged tools, whatever PATH holds: a fresh machine has only those.
    server = await startTestServer({ ffmpegPath: ffmpeg?.path, ffprobePath: ffprobe?.path });
    video = await settled(server, await upload(server, clip, 'clip.mp4', 'video/mp4'));
  });
  after(() => server.close());

  test('a video turns synced with its facts, a poster past the black opening and JPEG sizes', async () => {
    assert.equal(video.syncstatus, 'synced', video.message);
    assert.deepEqual([video.width, video.height], [800, 450]);
    assert.ok(Math.abs(video.duration - 9) < 0.3, `duration ${video.duration}`);
    const poster = Buffer.from(await (await fetch(video.versions.poster.url)).arrayBuffer());
    const meta = await sharp(poster).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 800, 450]);
    const { channels } = await sharp(poster).stats();
    const luma =
      0.299 * (channels[0]?.mean ?? 0) + 0.587 * (channels[1]?.mean ?? 0) + 0.114 * (channels[2]?.mean ?? 0);
    assert.ok(luma > DARK_LUMA * 2, `the poster is dark (mean luma ${luma.toFixed(1)})`);
    assert.equal(video.thumbnail.url, video.versions.jpg_200x150.url);
    assert.deepEqual([video.versions.jpg_600x450.width, video.versions.jpg_600x450.height], [600, 338]);
  });

  test('HLS: a master playlist whose variants ffprobe reads, capped at the source size', async () => {
    const hls = video.versions.hls;
    assert.match(hls.url, /\/files\/[^/]+\/hls\/master\.m3u8$/);
    assert.deepEqual([hls.width, hls.height], [800, 450]);
    const master = await text(hls.url);
    assert.match(master, /^#EXTM3U\n/);
    const variants = variantsOf(master);
    // 450 px high: a 360p rung below it and the source's own size on top; no 720p or 1080p upscaled.
    assert.deepEqual(
      variants.map((v) => /RESOLUTION=(\d+x\d+)/.exec(v.attributes)?.[1]),
      ['640x360', '800x450'],
    );
    for (const variant of variants) {
      assert.match(variant.attributes, /CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      const url = new URL(variant.uri, hls.url).href;
      const probed = await probeJson(ffprobe as MediaTool, url);
      const picture = probed.streams.find((s: any) => s.codec_type === 'video');
      assert.equal(picture.codec_name, 'h264');
      assert.equal(
        `${picture.width}x${picture.height}`,
        /RESOLUTION=(\d+x\d+)/.exec(variant.attributes)?.[1],
      );
      assert.ok(probed.streams.some((s: any) => s.codec_type === 'audio' && s.codec_name === 'aac'));
      assert.ok(Math.abs(Number(probed.format.duration) - 9) < 0.6, `duration ${probed.format.duration}`);
    }
  });

  test('segments last the target (4 s) but the last, and are served as MPEG-TS', async () => {
    const master = await text(video.versions.hls.url);
    for (const variant of variantsOf(master)) {
      const playlistUrl = new URL(variant.uri, video.versions.hls.url).href;
      const playlist = await text(playlistUrl);
      assert.match(playlist, /#EXT-X-PLAYLIST-TYPE:VOD/);
      assert.match(playlist, /#EXT-X-ENDLIST/);
      const segments = playlistSegments(playlist);
      assert.equal(segments.length, 3, playlist);
      for (const [i, segment] of segments.entries()) {
        assert.ok(segment.duration <= SEGMENT_SECONDS + 0.1, `segment ${i}: ${segment.duration} s`);
        if (i < segments.length - 1) assert.ok(segment.duration >= SEGMENT_SECONDS - 0.1, `segment ${i}`);
      }
      const first = await fetch(new URL(segments[0]?.uri ?? '', playlistUrl));
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('content-type'), 'video/mp2t');
    }
  });

  test('a sound gets an HLS audio rendition', async () => {
    const tone = await generate('tone.m4a', [
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=3',
      '-c:a',
      'aac',
    ]);
    const sound = await settled(server, await upload(server, tone, 'tone.m4a', 'audio/mp4'));
    assert.equal(sound.type, 'audio');
    assert.equal(sound.syncstatus, 'synced', sound.message);
    assert.equal(sound.thumbnail, null);
    assert.deepEqual([sound.versions.hls.width, sound.versions.hls.height], [null, null]);
    const [variant, ...others] = variantsOf(await text(sound.versions.hls.url));
    assert.equal(others.length, 0);
    assert.match(variant?.attributes ?? '', /CODECS="mp4a\.40\.2"/);
    assert.doesNotMatch(variant?.attributes ?? '', /RESOLUTION/);
    const probed = await probeJson(
      ffprobe as MediaTool,
      new URL(variant?.uri ?? '', sound.versions.hls.url).href,
    );
    assert.deepEqual(
      probed.streams.map((s: any) => s.codec_type),
      ['audio'],
    );
  });

  test('a corrupt video fails with a message, keeps its original and does not block the worker', async () => {
    const broken = new Uint8Array(clip.length);
    broken.set(clip.subarray(0, 64));
    broken.fill(0x5a, 64);
    const failed = await settled(server, await upload(server, broken, 'broken.mp4', 'video/mp4'));
    assert.equal(failed.syncstatus, 'failed');
    assert.match(failed.message, /\w{8,}/);
    assert.deepEqual(Object.keys(failed.versions), ['original']);
    assert.equal((await fetch(failed.versions.original.url)).status, 200);
    const tone = await generate('after.mp3', ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libmp3lame']);
    const next = await settled(server, await upload(server, tone, 'after.mp3', 'audio/mpeg'));
    assert.equal(next.syncstatus, 'synced', next.message);
  });

  test('asset.resync makes a deleted rendition file and a deleted poster again', async () => {
    const dir = join(server.dataDir, 'media', video.rid);
    const segment = readdirSync(join(dir, 'hls')).find(
      (name) => name.startsWith('360p-') && name.endsWith('.ts'),
    );
    assert.ok(segment);
    rmSync(join(dir, 'hls', segment));
    rmSync(join(dir, 'poster.jpg'));
    const answer = await server.call('asset.resync', { rid: video.rid }, POST);
    assert.deepEqual([answer.status, answer.body.status], [200, 'queued']);
    // The job is queued in the database before the answer: idle() waits for it to run and end.
    await server.server.services.versions.idle();
    const again = await record(server, video.rid);
    assert.equal(again.syncstatus, 'synced', again.message);
    assert.ok(existsSync(join(dir, 'poster.jpg')));
    const master = await text(again.versions.hls.url);
    for (const variant of variantsOf(master)) {
      const playlistUrl = new URL(variant.uri, again.versions.hls.url).href;
      for (const s of playlistSegments(await text(playlistUrl))) {
        assert.equal((await fetch(new URL(s.uri, playlistUrl))).status, 200, s.uri);
      }
    }
    assert.equal((await fetch(again.versions.poster.url)).status, 200);
  });

  test('an SRT subtitle attached to the video is served as WebVTT', async () => {
    const link = await server.call('asset.get_upload_url', { rid: video.rid, type: 'subtitle-en' });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const srt =
      '1\r\n00:00:00,500 --> 00:00:02,000\r\nHello\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,250\r\nWorld\r\n';
    const rid = await upload(
      server,
      new TextEncoder().encode(srt),
      'en.srt',
      'application/x-subrip',
      link.body.upload_url,
    );
    const subtitle = await settled(server, rid);
    assert.equal(subtitle.syncstatus, 'synced', subtitle.message);
    const response = await fetch(subtitle.versions.vtt.url);
    assert.match(response.headers.get('content-type') ?? '', /^text\/vtt/);
    assert.equal(
      await response.text(),
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nHello\n\n2\n00:00:03.000 --> 00:00:04.250\nWorld\n',
    );
    assert.equal((await record(server, video.rid)).attached['subtitle-en'], rid);
  });

  test('deleting the video removes every rendition file', async () => {
    const dir = join(server.dataDir, 'media', video.rid);
    assert.ok(existsSync(join(dir, 'hls', 'master.m3u8')));
    const deleted = await server.call('asset.delete', { rid: video.rid }, POST);
    assert.equal(deleted.status, 200);
    await waitFor(async () => !existsSync(dir), { timeoutMs: 10_000 });
    assert.equal((await fetch(video.versions.hls.url)).status, 404);
  });
});

describe('a transcode that runs over its time', () => {
  test('is stopped and fails with a message, leaving no partial renditions', async () => {
    const server = await startTestServer({
      ffmpegPath: ffmpeg?.path,
      ffprobePath: ffprobe?.path,
      transcodeTimeoutMs: 1,
    });
    try {
      const bytes = await videoClip('slow.mp4', '320x180', 3);
      const failed = await settled(server, await upload(server, bytes, 'slow.mp4', 'video/mp4'));
      assert.equal(failed.syncstatus, 'failed');
      assert.match(failed.message, /timed out/);
      // The poster came before the transcode and stays; no half-made renditions are listed.
      assert.ok(failed.versions.poster);
      assert.equal(failed.versions.hls, undefined);
      assert.ok(
        !readdirSync(join(server.dataDir, 'media', failed.rid)).some((name) => name.startsWith('hls')),
      );
    } finally {
      await server.close();
    }
  });
});

describe('the transcode queue across a restart', () => {
  test('a transcode a stop interrupted runs again at the next start', async () => {
    const bytes = await videoClip('restart.mp4', '320x180', 5);
    const first = await startTestServer({ ffmpegPath: ffmpeg?.path, ffprobePath: ffprobe?.path });
    const rid = await upload(first, bytes, 'restart.mp4', 'video/mp4');
    // Stop as soon as the job has started (or at once): the job stays in the database.
    await waitFor(async () => (await record(first, rid)).syncstatus === 'pending', { timeoutMs: 5000 });
    await first.stop();
    const second = await startTestServer({
      dataDir: first.dataDir,
      ffmpegPath: ffmpeg?.path,
      ffprobePath: ffprobe?.path,
    });
    try {
      const done = await settled(second, rid);
      assert.equal(done.syncstatus, 'synced', done.message);
      assert.ok(done.versions.hls);
      assert.ok(!readdirSync(join(second.dataDir, 'media', rid)).some((name) => name.includes('.part')));
    } finally {
      await second.close();
    }
  });
});
