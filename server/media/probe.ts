// What a media file holds, as ffprobe reads it: its video picture as displayed (rotation and pixel aspect
// applied), frame rate, whether it has sound, and its duration.
import { lastLine, type RunOptions, runTool } from './run-tool.ts';
import type { MediaTool } from './tools.ts';

export interface MediaFacts {
  /** The picture as displayed, or null for sound only. */
  video: { width: number; height: number; fps: number } | null;
  audio: boolean;
  /** Seconds, when the file says. */
  duration: number | null;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

/** The probe gives up on a file that takes longer than this to read (a broken or hostile container). */
const PROBE_TIMEOUT_MS = 60_000;

function ratio(text: string | undefined): number | null {
  if (!text) return null;
  const [num, den] = text.split(/[/:]/).map(Number);
  if (!num || !Number.isFinite(num)) return null;
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : null;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Facts from ffprobe's JSON; pure, so the rotation and aspect rules are tested without a file. */
export function factsOf(output: ProbeOutput): MediaFacts {
  const streams = output.streams ?? [];
  // A cover picture inside an audio file is a "video" stream too; it is no video.
  const picture = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height,
  );
  let video: MediaFacts['video'] = null;
  if (picture?.width && picture.height) {
    const sar = ratio(picture.sample_aspect_ratio) ?? 1;
    let width = even(picture.width * sar);
    let height = even(picture.height);
    const rotation = Number(
      picture.tags?.rotate ?? picture.side_data_list?.find((d) => d.rotation)?.rotation ?? 0,
    );
    if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];
    const fps = ratio(picture.avg_frame_rate) ?? ratio(picture.r_frame_rate) ?? 25;
    video = { width, height, fps: Math.min(fps, 120) };
  }
  const seconds = [output.format?.duration, picture?.duration]
    .map((d) => (d === undefined ? Number.NaN : Number.parseFloat(d)))
    .find((d) => Number.isFinite(d) && d > 0);
  return {
    video,
    audio: streams.some((s) => s.codec_type === 'audio'),
    duration: seconds === undefined ? null : Math.round(seconds * 1000) / 1000,
  };
}

/** Reads a file's facts; throws a readable error when ffprobe cannot read it as media. */
export async function probeMedia(ffprobe: MediaTool, source: string, options: Partial<RunOptions> = {}) {
  const result = await runTool(
    ffprobe,
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', source],
    { timeoutMs: PROBE_TIMEOUT_MS, collectStdout: true, ...options },
  );
  if (result.code !== 0)
    throw new Error(
      `Not a readable audio or video file (${lastLine(result.stderr) || `ffprobe exited ${result.code}`})`,
    );
  let output: ProbeOutput;
  try {
    output = JSON.parse(result.stdout) as ProbeOutput;
  } catch {
    throw new Error('Not a readable audio or video file (ffprobe gave no description)');
  }
  const facts = factsOf(output);
  if (!facts.video && !facts.audio) throw new Error('The file holds no video or audio stream');
  return facts;
}

/** The codec, profile and level of a file's first video stream and whether it has AAC sound (for CODECS). */
export async function probeCodecs(
  ffprobe: MediaTool,
  file: string,
): Promise<{ video?: { profile: string; level: number }; audio?: { profile: string } }> {
  const result = await runTool(
    ffprobe,
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,level', '-of', 'json', file],
    { timeoutMs: PROBE_TIMEOUT_MS, collectStdout: true },
  );
  if (result.code !== 0) throw new Error(`ffprobe could not read a segment: ${lastLine(result.stderr)}`);
  const streams = (JSON.parse(result.stdout) as { streams?: Record<string, unknown>[] }).streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video');
  const a = streams.find((s) => s.codec_type === 'audio');
  return {
    ...(v ? { video: { profile: String(v.profile ?? ''), level: Number(v.level ?? 0) } } : {}),
    ...(a ? { audio: { profile: String(a.profile ?? '') } } : {}),
  };
}
