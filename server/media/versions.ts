// Makes the files of generated versions: JPEG sizes with sharp, and a video's poster frame with ffmpeg.
import { spawn, spawnSync } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import sharp from 'sharp';

/** The generated JPEG versions: a box each one fits inside (aspect kept, never enlarged). */
export const JPEG_VERSIONS = [
  { name: 'jpg_200x150', width: 200, height: 150 },
  { name: 'jpg_600x450', width: 600, height: 450 },
  { name: 'jpg_1200x900', width: 1200, height: 900 },
] as const;

export const POSTER_VERSION = 'poster';

/** File name of a version inside the asset's folder (`jpg_600x450.jpg`, `poster.jpg`). */
export const versionFileName = (name: string): string => `${name}.jpg`;

export interface ImageSize {
  width: number;
  height: number;
}

export interface GeneratedFile extends ImageSize {
  filesize: number;
}

/** Decompression bombs stop here rather than exhausting memory (about 16k x 16k). */
const MAX_INPUT_PIXELS = 268_402_689;

/** Width and height as displayed, i.e. after the EXIF orientation is applied. Throws for a non-image. */
export async function imageSize(path: string): Promise<ImageSize> {
  const meta = await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('The image has no dimensions');
  return { width, height };
}

/**
 * Writes one JPEG version of `source` to `target`, fitted inside the box, never larger than the source;
 * transparency is flattened on white. Written to a side file first so a reader never sees half a JPEG.
 */
export async function writeJpegVersion(
  source: string,
  target: string,
  box: ImageSize,
): Promise<GeneratedFile> {
  const partial = `${target}.part`;
  try {
    const info = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .autoOrient()
      .resize(box.width, box.height, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toFile(partial);
    await rename(partial, target);
    const { size } = await stat(target);
    return { width: info.width, height: info.height, filesize: size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

let detectedFfmpeg: string | null | undefined;

/** `ffmpeg` when it runs from PATH, else null; looked up once per process. */
export function detectFfmpeg(): string | null {
  if (detectedFfmpeg === undefined) {
    const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 10_000 });
    detectedFfmpeg = probe.status === 0 ? 'ffmpeg' : null;
  }
  return detectedFfmpeg;
}

export interface VideoFacts {
  width: number | null;
  height: number | null;
  duration: number | null;
}

const FFMPEG_TIMEOUT_MS = 120_000;

function run(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: FFMPEG_TIMEOUT_MS });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the tail matters (stream facts and the error); keep memory bounded.
      stderr = (stderr + chunk).slice(-64 * 1024);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** Reads size and duration from ffmpeg's own description of the input (no ffprobe needed). */
export function parseVideoFacts(stderr: string): VideoFacts {
  const time = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const duration = time
    ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number.parseFloat(time[3] ?? '0')
    : null;
  const size = /Stream #[^\n]*Video:[^\n]*?, (\d{1,5})x(\d{1,5})[\s,]/.exec(stderr);
  return {
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    duration: duration !== null && Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
  };
}

/** Size and duration as ffmpeg reads them from the file's headers (audio has no size). */
export async function probeMedia(ffmpeg: string, source: string): Promise<VideoFacts> {
  const info = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', source]);
  return parseVideoFacts(info.stderr);
}

/**
 * Grabs one frame (at 1 s, or the first for shorter clips) as a JPEG poster and reports the video's facts.
 * Throws when ffmpeg cannot read the file.
 */
export async function extractPoster(ffmpeg: string, source: string, target: string): Promise<VideoFacts> {
  const partial = `${target}.part.jpg`;
  try {
    const facts = await probeMedia(ffmpeg, source);
    const at = facts.duration !== null && facts.duration > 2 ? '1' : '0';
    const grab = await run(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      at,
      '-i',
      source,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      '-f',
      'image2',
      partial,
    ]);
    if (grab.code !== 0) throw new Error(`ffmpeg could not read the video: ${lastLine(grab.stderr)}`);
    await stat(partial);
    await rename(partial, target);
    return facts;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.slice(0, 300) ?? '';
}
