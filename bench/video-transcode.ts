// bench/video-transcode: what video costs the reference server, in one run, on 127.0.0.1.
// 1. speed: the HLS ladder of a 720p30 clip with sound (testsrc2 + sine, made first, not timed), encoded by
//    the worker's own code (server/media/hls.ts: 360p + 720p, niced) with the ffmpeg the server finds:
//    seconds of encoding per second of input;
// 2. load: the mixed 80/20 read/write load of bench/server-load (open loop, its own process) against a
//    server holding 2,000 assets, first idle, then while the version worker transcodes a 1080p clip (60 s,
//    --short: 6 s) uploaded just before; p99 of each and their ratio. The second phase counts only if the
//    transcode ran from its start to its end (the asset was still pending afterwards).
// Target: p99 with a transcode <= 2x the p99 without. `--short`: a 2 s clip, 2 s load phases at 200 req/s,
// and the server stopped without waiting for the transcode's end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeHls } from '../server/media/hls.ts';
import { probeMedia } from '../server/media/probe.ts';
import { mediaTools } from '../server/media/tools.ts';
import { TRANSCODE_NICE } from '../server/services/version-making.ts';
import { makeClip } from '../test/helpers/media-clip.ts';
import type { MixedPlan } from './lib/mixed-load.ts';
import type { OpenLoopResult } from './lib/open-loop.ts';
import { runToEnd, serverArgs, startProcess, stopProcess } from './lib/processes.ts';
import { seedGallery } from './lib/seed-db.ts';

const SHORT = process.argv.includes('--short');
const CLIP_SECONDS = SHORT ? 2 : 20;
const LOADED_CLIP_SECONDS = SHORT ? 6 : 60;
const LOAD_SECONDS = SHORT ? 2 : 10;
const RATE = SHORT ? 200 : 500;
const ASSETS = 2000;
const PER_PAGE = 50;
const TOKEN = 'bench-token-0123456789';
const TARGETS = { p99_ratio_with_transcode: 2 };
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const tools = mediaTools({});
if (!tools.ffmpeg || !tools.ffprobe) throw new Error('no ffmpeg/ffprobe: the npm packages should ship them');
const ffmpeg = tools.ffmpeg;
const ffprobe = tools.ffprobe;

async function transcodeSpeed(dir: string) {
  const clip = join(dir, 'clip-720p.mp4');
  await makeClip(ffmpeg, clip, { size: '1280x720', seconds: CLIP_SECONDS, rate: 30, picture: 'testsrc2' });
  const facts = await probeMedia(ffprobe, clip);
  const out = join(dir, 'hls-720p');
  await mkdir(out);
  const started = performance.now();
  const rendition = await encodeHls({ ffmpeg, ffprobe }, clip, out, facts, {
    generation: 'bench',
    nice: TRANSCODE_NICE,
    timeoutMs: 3_600_000,
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    input_seconds: facts.duration,
    encode_seconds: Math.round(seconds * 100) / 100,
    seconds_per_input_second: Math.round((seconds / (facts.duration ?? CLIP_SECONDS)) * 100) / 100,
    top_rendition: `${rendition.width}x${rendition.height}`,
  };
}

async function call(base: URL, operation: string, params: Record<string, string> = {}) {
  const url = new URL(`${operation}.json`, base);
  url.searchParams.set('api_token', TOKEN);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { method: 'POST' });
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok || !body.success) throw new Error(`${operation} answered ${response.status}`);
  return body;
}

async function mixedLoad(plan: MixedPlan, dir: string, name: string): Promise<OpenLoopResult> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(plan));
  const output = await runToEnd(['--import', 'tsx', 'bench/lib/mixed-load.ts', file]);
  return JSON.parse(output.trim().split('\n').at(-1) as string) as OpenLoopResult;
}

async function loadWithTranscode(dir: string) {
  const clip = join(dir, 'clip-1080p.mp4');
  await makeClip(ffmpeg, clip, {
    size: '1920x1080',
    seconds: LOADED_CLIP_SECONDS,
    rate: 30,
    picture: 'testsrc2',
  });
  const dataDir = join(dir, 'data');
  const { fid, rids } = await seedGallery(dataDir, { count: ASSETS });
  const server = await startProcess(serverArgs(dataDir, TOKEN));
  try {
    const api = new URL(server.url);
    const plan: MixedPlan = {
      origin: server.url,
      rate: RATE,
      seconds: LOAD_SECONDS,
      mix: ['items', 'list', 'items', 'list', 'write', 'items', 'list', 'items', 'list', 'write'],
      itemsPath: `${api.pathname}gallery.get_items.json?api_token=${TOKEN}&fid=${fid}&items_per_page=${PER_PAGE}`,
      listPath: `${api.pathname}asset.list.json?api_token=${TOKEN}&items_per_page=${PER_PAGE}`,
      writePath: `${api.pathname}asset.set_meta.json?api_token=${TOKEN}`,
      pages: Math.ceil(ASSETS / PER_PAGE),
      rids,
      headers: BROWSER_HEADERS,
    };
    // Warm-up, then the idle baseline.
    await mixedLoad({ ...plan, seconds: 2 }, dir, 'warm');
    const idle = await mixedLoad(plan, dir, 'idle');

    const { upload_url } = await call(api, 'gallery.create', { name: 'Video bench' });
    const form = new FormData();
    form.append('file', new Blob([readFileSync(clip)], { type: 'video/mp4' }), 'clip-1080p.mp4');
    const uploaded = await fetch(upload_url, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
    });
    const { rid } = (await uploaded.json()) as { rid: string };
    const record = async () => (await call(api, 'asset.list', { rid })).items[0] as Record<string, any>;
    // The transcode has begun once the record shows progress (after the probe and the poster).
    const deadline = performance.now() + 120_000;
    while (typeof (await record()).progress !== 'number') {
      if (performance.now() > deadline) throw new Error('the transcode did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const transcoding = await mixedLoad(plan, dir, 'transcoding');
    const after = await record();
    const overlapped = after.syncstatus === 'pending';
    // Let the transcode finish so its outcome is known (and the server stops with nothing running).
    const settle = performance.now() + (SHORT ? 0 : 30 * 60_000);
    let final = after;
    while (final.syncstatus === 'pending' && performance.now() < settle) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      final = await record();
    }
    return { idle, transcoding, overlapped, transcode_result: final.syncstatus as string };
  } finally {
    await stopProcess(server.child);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gallery-video-bench-'));
  try {
    const speed = await transcodeSpeed(dir);
    const load = await loadWithTranscode(dir);
    const ratio =
      Math.round((load.transcoding.all.p99_ms / Math.max(load.idle.all.p99_ms, 0.01)) * 100) / 100;
    const failures = (r: OpenLoopResult) => r.all.non_2xx + r.all.errors + r.unanswered;
    const verdict = {
      p99_ratio:
        load.overlapped && failures(load.transcoding) === 0 && ratio <= TARGETS.p99_ratio_with_transcode
          ? 'PASS'
          : 'MISS',
    };
    const figures = {
      bench: 'video-transcode',
      mode: SHORT ? 'short' : 'full',
      ffmpeg: `${ffmpeg.source}: ${ffmpeg.path}`,
      transcode_720p: speed,
      load_rate: RATE,
      load_seconds: LOAD_SECONDS,
      loaded_clip: `1920x1080, ${LOADED_CLIP_SECONDS} s`,
      p99_ms_idle: load.idle.all.p99_ms,
      p99_ms_transcoding: load.transcoding.all.p99_ms,
      read_p99_ms_idle: load.idle.kinds.read?.p99_ms ?? null,
      read_p99_ms_transcoding: load.transcoding.kinds.read?.p99_ms ?? null,
      p99_ratio: ratio,
      transcode_overlapped_the_load: load.overlapped,
      transcode_result: load.transcode_result,
      achieved_rate_idle: load.idle.achieved_rate,
      achieved_rate_transcoding: load.transcoding.achieved_rate,
      failures_transcoding: failures(load.transcoding),
      targets: TARGETS,
      verdict,
    };
    console.log(
      `transcode (${ffmpeg.source} ffmpeg): ${speed.input_seconds} s of 720p30 -> HLS ${speed.top_rendition} ladder in ` +
        `${speed.encode_seconds} s = ${speed.seconds_per_input_second} s per second of input`,
    );
    console.log(
      `mixed 80/20 at ${RATE} req/s for ${LOAD_SECONDS} s: p99 ${figures.p99_ms_idle} ms idle, ` +
        `${figures.p99_ms_transcoding} ms while a 1080p transcode runs (x${ratio}; target <= x${TARGETS.p99_ratio_with_transcode}) ` +
        `${verdict.p99_ratio}; reads p99 ${figures.read_p99_ms_idle} / ${figures.read_p99_ms_transcoding} ms; ` +
        `transcode overlapped the phase: ${load.overlapped}, then ${load.transcode_result}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
