// Fills a data dir with one gallery of N image assets straight through SQLite, for benchmarks that need
// big galleries without uploading thousands of files (the reads they measure do not touch the files).
import { buildServer } from '../../server/app.ts';

export interface SeededGallery {
  fid: string;
  rids: string[];
}

export async function seedGallery(dataDir: string, count: number, token: string): Promise<SeededGallery> {
  const server = buildServer({ dataDir, token });
  try {
    const db = server.ctx.db;
    const now = new Date().toISOString();
    const fid = `benchgallery${count}`;
    const rids = Array.from({ length: count }, (_, i) => `benchasset${String(i).padStart(6, '0')}`);
    const insertGallery = db.prepare(
      `INSERT INTO galleries (fid, name, spfid, created_at, modified_at) VALUES (?, ?, ?, ?, ?)`,
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
      insertGallery.run(fid, `Benchmark gallery of ${count}`, fid, now, now);
      rids.forEach((rid, index) => {
        // Varied aspect ratios, as real galleries have.
        const width = 1600;
        const height = [900, 1067, 1200, 2133][index % 4] as number;
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
        for (const [name, w, h] of [
          ['jpg_200x150', 200, 150],
          ['jpg_600x450', 600, 450],
          ['jpg_1200x900', 1200, 900],
        ] as const) {
          insertVersion.run(rid, name, `${rid}/${name}.jpg`, w, Math.round((w * height) / width) || h);
        }
        insertItem.run(fid, rid, index + 1, now);
      });
    })();
    return { fid, rids };
  } finally {
    await server.close();
  }
}
