// The simulated live source: a sliding-window HLS playlist over the bundled segments (assets/), computed
// from the clock alone (no per-request state), so tests drive it with a ManualClock.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Segments listed in a live playlist at once. */
export const WINDOW_SEGMENTS = 5;

/** The segments the package ships (package.json `files` has server/): made by scripts/make-hls-fixtures.sh. */
export const DEFAULT_ASSETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'assets');

export interface Segment {
  duration: number;
  bytes: Buffer;
}

export interface Rendition {
  name: string;
  resolution: string;
  codecs: string;
  /** Peak bits per second over its segments, as the master playlist's BANDWIDTH must say. */
  bandwidth: number;
  segments: Segment[];
}

/** One broadcast as the simulator sees it: when it began, and when it ended or froze (ms since the epoch). */
export interface Broadcast {
  startedAt: number;
  endedAt: number | null;
  frozenAt: number | null;
}

const loaded = new Map<string, Rendition[]>();

/** Reads the segments once per process (every test server shares them; they are a few hundred KB). */
export function loadRenditions(dir: string): Rendition[] {
  const cached = loaded.get(dir);
  if (cached) return cached;
  const described = JSON.parse(readFileSync(join(dir, 'renditions.json'), 'utf8')) as {
    name: string;
    resolution: string;
    codecs: string;
  }[];
  const renditions = described.map((info) => {
    const lines = readFileSync(join(dir, `${info.name}.m3u8`), 'utf8').split(/\r?\n/);
    const segments: Segment[] = [];
    let duration = 0;
    for (const line of lines) {
      if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
      else if (line && !line.startsWith('#'))
        segments.push({ duration, bytes: readFileSync(join(dir, line)) });
    }
    const bandwidth = Math.max(...segments.map((s) => Math.ceil((s.bytes.length * 8) / s.duration)));
    return { ...info, bandwidth, segments };
  });
  loaded.set(dir, renditions);
  return renditions;
}

export class LiveSimulator {
  readonly renditions: Rendition[];
  /** Every bundled segment lasts this long (the script cuts them GOP-aligned). */
  readonly segmentMs: number;

  constructor(assetsDir: string = DEFAULT_ASSETS_DIR) {
    this.renditions = loadRenditions(assetsDir);
    const first = this.renditions[0]?.segments[0];
    if (!first) throw new Error(`No HLS segments in ${assetsDir}`);
    this.segmentMs = Math.round(first.duration * 1000);
  }

  rendition(name: string, transcoded: boolean): Rendition | undefined {
    const index = this.renditions.findIndex((r) => r.name === name);
    // A passthrough stream broadcasts its input only: the first (full) rendition.
    if (index < 0 || (!transcoded && index > 0)) return undefined;
    return this.renditions[index];
  }

  /** The master playlist of a transcoded stream: one variant per rendition, best first. */
  masterPlaylist(): string {
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
    for (const r of this.renditions) {
      lines.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.resolution},CODECS="${r.codecs}"`,
        `${r.name}.m3u8`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  /**
   * Segments produced by `now`: the source starts with a full window (as if its encoder had run a
   * moment already, so a player can start at once) and adds one per segment duration until it ends or freezes.
   */
  produced(broadcast: Broadcast, now: number): number {
    const until = Math.min(now, broadcast.endedAt ?? now, broadcast.frozenAt ?? now);
    return WINDOW_SEGMENTS + Math.max(0, Math.floor((until - broadcast.startedAt) / this.segmentMs));
  }

  /** A live media playlist; the segments loop, each loop behind a discontinuity (their timestamps restart). */
  mediaPlaylist(rendition: Rendition, broadcast: Broadcast, now: number): string {
    const count = rendition.segments.length;
    const end = this.produced(broadcast, now);
    const first = end - WINDOW_SEGMENTS;
    const target = Math.max(1, Math.round(Math.max(...rendition.segments.map((s) => s.duration))));
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${target}`,
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`,
    ];
    for (let seq = first; seq < end; seq++) {
      if (seq > first && seq % count === 0) lines.push('#EXT-X-DISCONTINUITY');
      const segment = rendition.segments[seq % count] as Segment;
      lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, `${rendition.name}/${seq}.ts`);
    }
    if (broadcast.endedAt !== null) lines.push('#EXT-X-ENDLIST');
    return `${lines.join('\n')}\n`;
  }

  /** The bytes of segment `seq` while it is (or was a moment ago) in the window; undefined otherwise. */
  segment(rendition: Rendition, broadcast: Broadcast, seq: number, now: number): Buffer | undefined {
    const end = this.produced(broadcast, now);
    // A slow client may still fetch a segment that just slid out of the window.
    if (seq < end - 2 * WINDOW_SEGMENTS || seq >= end) return undefined;
    return rendition.segments[seq % rendition.segments.length]?.bytes;
  }
}
