// Every benchmark of bench/ runs in CI in its short mode (`npm run bench -- <name> --short`): each exits 0
// and ends with a JSON line of its figures. Speed targets are the benchmarks' verdicts, not asserted here.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers/dist.ts';

/** One bench's run may take this long in short mode on a busy 2-core machine (the size bench may build). */
const TIMEOUT_MS = 150_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one bench through scripts/bench.mjs, its own process group so a timeout ends the bench too. */
function runBench(name: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs', name, '--short'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`bench/${name} --short ran over ${TIMEOUT_MS} ms:\n${stdout}\n${stderr}`));
    }, TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The bench's figures: its last stdout line, a JSON object naming the bench. */
async function figuresOf(name: string): Promise<Record<string, any>> {
  const run = await runBench(name);
  assert.equal(run.code, 0, `bench/${name} --short exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  const figures = JSON.parse(last) as Record<string, any>;
  assert.equal(figures.bench, name);
  return figures;
}

function assertNumber(value: unknown, what: string, positive = true): void {
  assert.equal(typeof value, 'number', `${what} is a number`);
  assert.ok(Number.isFinite(value), `${what} is finite: ${value}`);
  assert.ok(positive ? (value as number) > 0 : (value as number) >= 0, `${what}: ${value}`);
}

/** What each bench must report. */
const CHECKS: Record<string, (figures: Record<string, any>) => void> = {
  size(figures) {
    for (const entry of ['gallery-view', 'live-player', 'gallery-uploader', 'api', 'script-tag'])
      assertNumber(figures.sizes[entry]?.initial, `${entry} initial gzip bytes`);
    assertNumber(figures.sizes['live-player'].lazy, 'live-player lazy gzip bytes (hls.js)');
    assertNumber(figures.sizes['gallery-uploader'].lazy, 'uploader lazy gzip bytes (Uppy)');
    for (const part of ['webcam', 'screen-capture', 'image-editor'])
      assertNumber(figures.sizes['gallery-uploader'].optIn?.[part], `uploader opt-in ${part} gzip bytes`);
  },
  'server-load'(figures) {
    assertNumber(figures.ceiling.requests_per_second, 'ceiling req/s');
    assertNumber(figures.reads.requests_per_second, 'reads req/s');
    const mixed = figures.mixed_at_500;
    assert.equal(mixed.requested_rate, 500);
    assertNumber(mixed.achieved_rate, 'mixed achieved req/s');
    assertNumber(mixed.completed, 'answered requests of the fixed-rate run');
    assertNumber(mixed.all.non_2xx, 'non-2xx count', false);
    for (const kind of ['read', 'write']) {
      assertNumber(mixed.kinds[kind]?.p50_ms, `${kind} p50`);
      assertNumber(mixed.kinds[kind]?.p99_ms, `${kind} p99`);
      assertNumber(mixed.kinds[kind]?.non_2xx, `${kind} non-2xx count`, false);
    }
  },
  'gallery-10k'(figures) {
    assertNumber(figures.first_tiles_ms, 'first tiles ms', false);
    assertNumber(figures.dom_nodes_grid_max, 'grid DOM nodes max');
    assertNumber(figures.dom_samples, 'DOM samples');
    assertNumber(figures.js_heap_mb, 'JS heap MB');
    assertNumber(figures.longest_task_scrolling_ms, 'longest task while scrolling', false);
  },
  'live-first-frame'(figures) {
    for (const timing of ['start_to_first_frame', 'live_to_first_frame_waiting']) {
      assert.equal(figures[timing].values_ms.length, figures.runs, `${timing}: one value per run`);
      assertNumber(figures[timing].median_ms, `${timing} median`);
    }
    assertNumber(figures.start_to_playlist_200.median_ms, 'live.start to the playlist answering', false);
  },
  'video-transcode'(figures) {
    assertNumber(figures.transcode_720p.seconds_per_input_second, 'transcode s per s of 720p input');
    assertNumber(figures.p99_ms_idle, 'mixed-load p99 without a transcode');
    assertNumber(figures.p99_ms_transcoding, 'mixed-load p99 during a transcode');
    assert.equal(figures.transcode_overlapped_the_load, true, 'the transcode ran through the loaded phase');
  },
  'upload-throughput'(figures) {
    assertNumber(figures.bytes, 'uploaded bytes');
    assertNumber(figures.curl_ms, 'curl ms');
    assertNumber(figures.element_ms, 'element ms');
    assertNumber(figures.ratio, 'element / curl ratio');
    assertNumber(figures.server_rss_growth_mb, 'server RSS growth MB', false);
    assertNumber(figures.chunked_ms, 'chunked upload ms');
    assertNumber(figures.element_over_bare_xhr, 'element / bare XHR');
    assertNumber(figures.element_chunk_settled_bytes, 'the element’s settled chunk size');
    assert.ok(figures.element_chunk_sizes.length > 0, 'the element’s chunk sizes');
    assertNumber(figures.cut_resent_bytes, 'bytes sent twice after a cut', false);
    assertNumber(
      figures.chunked_rss_growth_mb,
      'server peak RSS above idle during the chunked upload, MB',
      false,
    );
  },
};

describe('benchmarks in short mode', () => {
  it('covers every benchmark of bench/', () => {
    const benches = readdirSync(join(ROOT, 'bench'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    assert.deepEqual(benches, Object.keys(CHECKS).sort());
  });

  for (const [name, check] of Object.entries(CHECKS)) {
    it(`bench/${name} --short exits 0 and prints its figures`, { timeout: TIMEOUT_MS + 10_000 }, async () => {
      check(await figuresOf(name));
    });
  }
});
