// A video's poster: one frame a little into the video (many videos open on black), skipping frames that are
// near black by their mean luminance, written as a JPEG at the picture's displayed size.
import { readFile, rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import type { MediaFacts } from './probe.ts';
import { lastLine, type RunOptions, runTool } from './run-tool.ts';
import type { MediaTool } from './tools.ts';

/** Mean luminance (0-255) below which a frame counts as black: fades, title cards on black. */
export const DARK_LUMA = 24;

/** Where to look for a poster frame, in order: 10% in (at least 1 s), then a quarter, half, three quarters. */
export function posterTimes(duration: number | null): number[] {
  if (!duration || duration <= 0) return [0];
  const first = Math.min(Math.max(duration * 0.1, 1), duration / 2);
  const times = [first, duration * 0.25, duration * 0.5, duration * 0.75].map(
    (t) => Math.round(t * 1000) / 1000,
  );
  return [...new Set(times)].filter((t, i, all) => i === 0 || t > (all[i - 1] ?? 0));
}

/** Mean luminance (BT.601) of an image file. */
export async function meanLuma(path: string): Promise<number> {
  // From a buffer: libvips caches a file it read by name, and each candidate frame reuses the name.
  const { channels } = await sharp(await readFile(path)).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  if (g === undefined || b === undefined) return r ?? 0;
  return 0.299 * (r ?? 0) + 0.587 * g + 0.114 * b;
}

async function grab(
  ffmpeg: MediaTool,
  source: string,
  at: number,
  size: { width: number; height: number },
  target: string,
  options: Pick<RunOptions, 'signal' | 'timeoutMs' | 'nice'>,
): Promise<void> {
  const run = await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      // Before -i: a fast seek to the key frame, then decoding up to `at`.
      '-ss',
      String(at),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size.width}:${size.height},setsar=1`,
      '-q:v',
      '3',
      '-f',
      'image2',
      target,
    ],
    options,
  );
  if (run.code !== 0) throw new Error(`No frame could be read from the video (${lastLine(run.stderr)})`);
}

/** Writes the poster to `target`; throws when no frame can be read. */
export async function writePoster(
  ffmpeg: MediaTool,
  source: string,
  facts: MediaFacts,
  target: string,
  options: Pick<RunOptions, 'signal' | 'timeoutMs' | 'nice'>,
): Promise<void> {
  if (!facts.video) throw new Error('No video stream');
  const candidate = `${target}.part.jpg`;
  const best = `${target}.best.jpg`;
  let bestLuma = -1;
  try {
    for (const at of posterTimes(facts.duration)) {
      try {
        await grab(ffmpeg, source, at, facts.video, candidate, options);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        // Past the real end (a wrong duration in the header): try the next time, or keep what we have.
        continue;
      }
      const luma = await meanLuma(candidate);
      if (luma > bestLuma) {
        bestLuma = luma;
        await rename(candidate, best);
      }
      if (luma >= DARK_LUMA) break;
    }
    if (bestLuma < 0) await grab(ffmpeg, source, 0, facts.video, best, options);
    await rename(best, target);
  } finally {
    await rm(candidate, { force: true });
    await rm(best, { force: true });
  }
}
