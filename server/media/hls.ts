// Encodes HLS VOD renditions with ffmpeg: one run decodes the source once and writes every rung (H.264 + AAC
// in MPEG-TS, 4 s segments), then the master playlist is written from what the segments measure.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HLS_MASTER_PLAYLIST, HLS_VERSION } from '../../src/contract/asset-record.ts';
import {
  AAC_LC,
  AUDIO_KBPS,
  avcCodec,
  KEYFRAME_SECONDS,
  masterPlaylist,
  masterVariants,
  measuredRates,
  planLadder,
  playlistSegments,
  type Rung,
  SEGMENT_SECONDS,
  type Variant,
} from './hls-ladder.ts';
import type { MediaFacts } from './probe.ts';
import { probeCodecs } from './probe.ts';
import { lastLine, type RunOptions, runTool } from './run-tool.ts';
import type { MediaTools } from './tools.ts';

/** The folder of an asset's renditions is named as its version; the master playlist is in it. */
export const HLS_DIR = HLS_VERSION;
export const MASTER_PLAYLIST = HLS_MASTER_PLAYLIST;

export interface Rendition {
  /** Size of the largest rung (null for sound only). */
  width: number | null;
  height: number | null;
  /** Bytes of every file of the rendition. */
  filesize: number;
}

export interface EncodeOptions extends Pick<RunOptions, 'signal' | 'timeoutMs' | 'nice'> {
  /** Tag in the segment names, new for each encoding, so a cached segment of an earlier one never mixes in. */
  generation: string;
  /** Share of the source encoded so far, 0-1. */
  onProgress?: (share: number) => void;
}

const HLS_MUXER = (dir: string, name: string, generation: string) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_flags',
  'independent_segments',
  '-hls_segment_filename',
  join(dir, `${name}-${generation}-%05d.ts`),
  join(dir, `${name}.m3u8`),
];

const AUDIO_ENCODER = ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'];

/** ffmpeg's arguments for the ladder of a video (with its sound when it has some). */
export function videoArgs(source: string, dir: string, facts: MediaFacts, rungs: Rung[], generation: string) {
  const video = facts.video;
  if (!video) throw new Error('No video stream');
  const fps = video.fps > 60 ? 60 : null;
  const labels = rungs.map((_, i) => `[s${i}]`);
  const split = rungs.length > 1 ? `[0:v:0]split=${rungs.length}${labels.join('')};` : '';
  const chains = rungs.map(
    (rung, i) =>
      `${rungs.length > 1 ? labels[i] : '[0:v:0]'}scale=${rung.width}:${rung.height},setsar=1,format=yuv420p[v${i}]`,
  );
  // One thread for decoding, scaling and each encoder: a transcode takes one core at most, so on a 2-core
  // machine the API keeps the other (x264's own threads, even niced, doubled the API's p99 there).
  const args = [
    ...['-threads', '1', '-i', source],
    ...['-filter_complex_threads', '1', '-filter_complex', split + chains.join(';')],
  ];
  rungs.forEach((rung, i) => {
    args.push('-map', `[v${i}]`);
    if (facts.audio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-threads',
      '1',
      '-preset',
      'veryfast',
      '-profile:v',
      rung.profile,
      '-crf',
      '23',
      '-maxrate',
      `${rung.maxrateKbps}k`,
      '-bufsize',
      `${rung.maxrateKbps * 2}k`,
      // Key frames on a clock, not per frame count: a segment boundary every 2 s whatever the frame rate.
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      '-sc_threshold',
      '0',
      ...(fps ? ['-r', String(fps)] : []),
      ...(facts.audio ? AUDIO_ENCODER : []),
      ...HLS_MUXER(dir, rung.name, generation),
    );
  });
  return args;
}

/** ffmpeg's arguments for a sound-only rendition. */
export function audioArgs(source: string, dir: string, generation: string) {
  return ['-i', source, '-map', '0:a:0', '-vn', ...AUDIO_ENCODER, ...HLS_MUXER(dir, 'audio', generation)];
}

/** Encodes the rendition of `source` into `dir` (an empty folder) and writes its master playlist. */
export async function encodeHls(
  tools: Required<{ [K in keyof MediaTools]: NonNullable<MediaTools[K]> }>,
  source: string,
  dir: string,
  facts: MediaFacts,
  options: EncodeOptions,
): Promise<Rendition> {
  const rungs = facts.video ? planLadder(facts.video.width, facts.video.height, facts.video.fps) : [];
  const args = facts.video
    ? videoArgs(source, dir, facts, rungs, options.generation)
    : audioArgs(source, dir, options.generation);
  const run = await runTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', '-y', ...args],
    {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      nice: options.nice,
      onLine: (line) => {
        // `out_time_ms` is in microseconds too (an old ffmpeg name for it).
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && facts.duration)
          options.onProgress?.(Math.min(1, Number(match[1]) / 1e6 / facts.duration));
      },
    },
  );
  if (run.code !== 0)
    throw new Error(
      `The video could not be encoded (${lastLine(run.stderr) || `ffmpeg exited ${run.code}`})`,
    );

  const names = facts.video ? rungs.map((r) => r.name) : ['audio'];
  const variants: Variant[] = [];
  let filesize = 0;
  for (const [i, name] of names.entries()) {
    const playlist = await readFile(join(dir, `${name}.m3u8`), 'utf8');
    const segments = playlistSegments(playlist);
    if (segments.length === 0) throw new Error(`The ${name} rendition has no segments`);
    const sized = await Promise.all(
      segments.map(async (s) => ({ ...s, bytes: (await stat(join(dir, s.uri))).size })),
    );
    filesize += Buffer.byteLength(playlist) + sized.reduce((sum, s) => sum + s.bytes, 0);
    const { peak, average } = measuredRates(sized);
    const codecs = await probeCodecs(tools.ffprobe, join(dir, segments[0]?.uri ?? ''));
    const rung = rungs[i];
    variants.push({
      uri: `${name}.m3u8`,
      bandwidth: peak,
      averageBandwidth: average,
      codecs: [
        ...(codecs.video ? [avcCodec(codecs.video.profile, codecs.video.level)] : []),
        ...(codecs.audio ? [AAC_LC] : []),
      ],
      ...(rung ? { width: rung.width, height: rung.height, fps: Math.min(facts.video?.fps ?? 0, 60) } : {}),
    });
  }
  const master = masterPlaylist(variants);
  await writeFile(join(dir, MASTER_PLAYLIST), master);
  const top = rungs.at(-1);
  return {
    width: top?.width ?? null,
    height: top?.height ?? null,
    filesize: filesize + Buffer.byteLength(master),
  };
}

/**
 * Every file a rendition's playlists name, master first; throws when the master or a playlist is missing.
 * A resync compares it with the disk.
 */
export async function renditionFiles(dir: string): Promise<string[]> {
  const master = await readFile(join(dir, MASTER_PLAYLIST), 'utf8');
  const files = [MASTER_PLAYLIST];
  for (const uri of masterVariants(master)) {
    files.push(uri);
    const playlist = await readFile(join(dir, uri), 'utf8');
    for (const segment of playlistSegments(playlist)) files.push(segment.uri);
  }
  return files;
}
