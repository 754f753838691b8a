// The one seeder of the benchmarks: a data dir holding one gallery of N image assets, written as a bulk
// insert into the server's own database (uploading 10,000 files would measure the upload path instead).
// With `files`, every asset's original and versions are hard links to two small real JPEGs, so pages that
// show the gallery load real images; without, only the rows exist (API reads never open the files).
import { linkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildServer } from '../../server/app.ts';
import { mediaDir } from '../../server/media/storage.ts';

export interface SeedOptions {
  /** Number of assets, all in the one gallery, in order. */
  count: number;
  /** Write real image files for every asset (hard links, so 10,000 assets cost two files of disk). */
  files?: boolean;
}

export interface SeededGallery {
  fid: string;
  rids: string[];
}

/** Versions each seeded asset has: what the image pipeline makes for a 4:3 photo (name, width, height). */
const VERSIONS = [
  ['jpg_200x150', 200, 150],
  ['jpg_600x450', 600, 450],
  ['jpg_1200x900', 1200, 900],
] as const;

/** The JPEG each version's file links to (the big versions share the 600 px one: only the URL matters). */
async function sourceFiles(dir: string): Promise<Record<string, string>> {
  mkdirSync(dir, { recursive: true });
  const small = join(dir, 'small.jpg');
  const large = join(dir, 'large.jpg');
  for (const [path, width, height] of [
    [small, 200, 150],
    [large, 600, 450],
  ] as const) {
    await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 190 } } })
      .jpeg({ quality: 70 })
      .toFile(path);
  }
  return { jpg_200x150: small, jpg_600x450: large, jpg_1200x900: large, original: large };
}

export async function seedGallery(dataDir: string, options: SeedOptions): Promise<SeededGallery> {
  const { count } = options;
  const server = buildServer({ dataDir, logger: false });
  try {
    const db = server.ctx.db;
    const media = mediaDir(server.ctx);
    const sources = options.files ? await sourceFiles(join(dataDir, 'bench-sources')) : undefined;
    const now = new Date().toISOString();
    const fid = `benchgallery${count}`;
    const rids = Array.from({ length: count }, (_, i) => `benchasset${String(i).padStart(6, '0')}`);
    const insertGallery = db.prepare(
      'INSERT INTO galleries (fid, name, spfid, created_at, modified_at) VALUES (?, ?, ?, ?, ?)',
    );
    const insertAsset = db.prepare(
      `INSERT INTO assets (rid, filename, type, mime, storage_key, caption, tags, filesize, width, height,
         syncstatus, uploaded_at, modified_at)
       VALUES (?, ?, 'image', 'image/jpeg', ?, ?, ?, 2048, ?, ?, 'synced', ?, ?)`,
    );
    const insertVersion = db.prepare(
      `INSERT INTO asset_versions (rid, name, storage_key, mime, width, height, filesize)
       VALUES (?, ?, ?, 'image/jpeg', ?, ?, 1024)`,
    );
    const insertItem = db.prepare(
      'INSERT INTO gallery_items (fid, rid, position, added_at) VALUES (?, ?, ?, ?)',
    );
    db.transaction(() => {
      insertGallery.run(fid, `Benchmark gallery of ${count}`, `sp${fid}`, now, now);
      rids.forEach((rid, index) => {
        // Varied aspect ratios, as real galleries have; versions keep the original's ratio.
        const width = 1600;
        const height = [1200, 900, 1067, 2133][index % 4] as number;
        insertAsset.run(
          rid,
          `photo-${index}.jpg`,
          `${rid}/original`,
          `Photo ${index}`,
          `tag${index % 20}`,
          width,
          height,
          now,
          now,
        );
        for (const [name, w] of VERSIONS) {
          insertVersion.run(rid, name, `${rid}/${name}.jpg`, w, Math.round((w * height) / width));
        }
        insertItem.run(fid, rid, index + 1, now);
        if (sources) {
          const dir = join(media, rid);
          mkdirSync(dir, { recursive: true });
          for (const [name] of VERSIONS) linkSync(sources[name] as string, join(dir, `${name}.jpg`));
          linkSync(sources.original as string, join(dir, 'original'));
        }
      });
    })();
    return { fid, rids };
  } finally {
    await server.close();
  }
}
