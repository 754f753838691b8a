// Small media files made at test time with ffmpeg's own sources (a moving test picture and a tone), by the
// ffmpeg the server itself finds: fixtures for the video tests and the video benchmark.
import { runTool } from '../../server/media/run-tool.ts';
import type { MediaTool } from '../../server/media/tools.ts';

export interface ClipOptions {
  /** `WIDTHxHEIGHT`. */
  size: string;
  seconds: number;
  rate?: number;
  /** ffmpeg's test picture: `testsrc` (light) or `testsrc2` (busier, closer to real video to encode). */
  picture?: 'testsrc' | 'testsrc2';
  /** Filters after the picture, e.g. a black opening. */
  filters?: string;
}

/** Writes an H.264/AAC MP4 clip to `target`; throws with ffmpeg's words when it cannot. */
export async function makeClip(ffmpeg: MediaTool, target: string, options: ClipOptions): Promise<void> {
  const { size, seconds, rate = 10, picture = 'testsrc', filters } = options;
  const source = `${picture}=size=${size}:rate=${rate}:duration=${seconds}${filters ? `,${filters}` : ''}`;
  const run = await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        target,
      ],
    ],
    { timeoutMs: 600_000 },
  );
  if (run.code !== 0) throw new Error(`ffmpeg could not make ${target}: ${run.stderr}`);
}
