// Makes the JPEG versions with sharp: of an image, or of a video's poster frame (poster.ts).
import { rename, rm, stat } from 'node:fs/promises';
import sharp from 'sharp';

/** The generated JPEG versions: a box each one fits inside (aspect kept, never enlarged). */
export const JPEG_VERSIONS = [
  { name: 'jpg_200x150', width: 200, height: 150 },
  { name: 'jpg_600x450', width: 600, height: 450 },
  { name: 'jpg_1200x900', width: 1200, height: 900 },
] as const;

export const POSTER_VERSION = 'poster';

/** File name of a JPEG version inside the asset's folder (`jpg_600x450.jpg`, `poster.jpg`). */
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
