// The HLS ladder of a video (which renditions, at what size and bit rate cap) and the master playlist that
// names them. Pure: the rules are tested without encoding anything.

/** One rendition: `360p` is a picture whose short side is 360 pixels. */
export interface Rung {
  name: string;
  width: number;
  height: number;
  /** The encoder's rate cap in kbit/s (the quality is set by CRF below it). */
  maxrateKbps: number;
  profile: 'main' | 'high';
}

/** Standard short sides; a source never gets a rung larger than itself (no upscaling). */
export const LADDER_HEIGHTS = [360, 720, 1080] as const;
/** The largest rendition: a 4K source is served at 1080p at most. */
const TOP = 1080;
/** A standard rung this close below the source's own size is left out: the source's rung covers it. */
const NEAR = 1.25;

/** Segment length the encoder cuts at; key frames every 2 s let it cut exactly there. */
export const SEGMENT_SECONDS = 4;
export const KEYFRAME_SECONDS = 2;
export const AUDIO_KBPS = 128;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The renditions of a picture of `width` x `height` (as displayed) at `fps`, smallest first. */
export function planLadder(width: number, height: number, fps: number): Rung[] {
  const short = Math.min(width, height);
  const sides: number[] = LADDER_HEIGHTS.filter((side) => side < short && short / side >= NEAR);
  const top = Math.min(short, TOP);
  if (!sides.includes(top)) sides.push(top);
  return sides.map((side) => {
    const scale = side / short;
    const w = even(width * scale);
    const h = even(height * scale);
    const pixels = w * h;
    // About 3 Mbit/s for 720p30; more for 60 fps; never below what a small picture needs, never above 6.
    const rate = pixels * 0.0032 * (fps > 40 ? 1.5 : 1);
    return {
      name: `${side}p`,
      width: w,
      height: h,
      maxrateKbps: Math.round(Math.min(6000, Math.max(300, rate))),
      profile: side > 720 ? 'high' : 'main',
    };
  });
}

/** RFC 6381 name of an H.264 stream as ffprobe describes it (`Main`, 31 -> `avc1.4d401f`). */
export function avcCodec(profile: string, level: number): string {
  const p = profile.toLowerCase();
  // profile_idc and the constraint flags x264 writes for each profile.
  const head = p.includes('high') ? '6400' : p.includes('baseline') ? '42c0' : '4d40';
  return `avc1.${head}${Math.max(0, Math.min(255, level)).toString(16).padStart(2, '0')}`;
}

/** AAC-LC: the only audio the ladder encodes. */
export const AAC_LC = 'mp4a.40.2';

/** A variant as the master playlist names it, with figures measured from its segments. */
export interface Variant {
  uri: string;
  /** Peak bit rate of its segments, container included (HLS BANDWIDTH). */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string[];
  width?: number;
  height?: number;
  fps?: number;
}

/** The master playlist text, lowest bandwidth first. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const attributes = [
      `BANDWIDTH=${v.bandwidth}`,
      `AVERAGE-BANDWIDTH=${v.averageBandwidth}`,
      `CODECS="${v.codecs.join(',')}"`,
    ];
    if (v.width && v.height) attributes.push(`RESOLUTION=${v.width}x${v.height}`);
    if (v.fps) attributes.push(`FRAME-RATE=${v.fps.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, v.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** The segments of a media playlist with their durations, in order. */
export function playlistSegments(text: string): { uri: string; duration: number }[] {
  const segments: { uri: string; duration: number }[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      segments.push({ uri: line, duration });
      duration = null;
    }
  }
  return segments;
}

/** The URIs a master playlist names (its variants). */
export function masterVariants(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** Bit rates of a variant from its segments' sizes: peak (segments of at least 1 s) and average. */
export function measuredRates(segments: readonly { duration: number; bytes: number }[]): {
  peak: number;
  average: number;
} {
  const total = segments.reduce((sum, s) => sum + s.duration, 0);
  const bytes = segments.reduce((sum, s) => sum + s.bytes, 0);
  const full = segments.filter((s) => s.duration >= 1);
  const counted = full.length > 0 ? full : segments;
  const peak = Math.max(0, ...counted.map((s) => (s.bytes * 8) / Math.max(s.duration, 0.001)));
  return { peak: Math.ceil(peak), average: total > 0 ? Math.ceil((bytes * 8) / total) : Math.ceil(peak) };
}
