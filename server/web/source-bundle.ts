// Bundles browser code from src/ on the fly with esbuild (code splitting, minified, `?inline` CSS), so the
// server's own pages work from a source checkout without a build step. One build per entry per process.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inlineCssPlugin } from './inline-css-plugin.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Output files by path relative to the bundle's folder, e.g. `gallery-elements.js`, `script-tag/x.js`. */
export type BundleFiles = Map<string, Uint8Array>;

const builds = new Map<string, Promise<BundleFiles>>();

/** Builds `entries` (output name -> source path relative to the project) once; a failed build is retried. */
export function sourceBundle(entries: Record<string, string>, chunkDir: string): Promise<BundleFiles> {
  const key = JSON.stringify([entries, chunkDir]);
  let building = builds.get(key);
  if (!building) {
    building = build(entries, chunkDir).catch((error: unknown) => {
      builds.delete(key);
      throw error;
    });
    builds.set(key, building);
  }
  return building;
}

async function build(entries: Record<string, string>, chunkDir: string): Promise<BundleFiles> {
  const esbuild = await import('esbuild');
  const entryPoints = Object.fromEntries(
    Object.entries(entries).map(([name, path]) => [name, resolve(ROOT, path)]),
  );
  const result = await esbuild.build({
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: '/out',
    chunkNames: `${chunkDir}/[name]-[hash]`,
    assetNames: `${chunkDir}/[name]-[hash]`,
    logLevel: 'silent',
    conditions: ['browser', 'production'],
    // react-jsx: the React demo (demo/react/app.tsx) is bundled here too.
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false, jsx: 'react-jsx' } },
    plugins: [inlineCssPlugin],
  });
  const files: BundleFiles = new Map();
  for (const file of result.outputFiles) files.set(file.path.replace(/^\/out\//, ''), file.contents);
  return files;
}
