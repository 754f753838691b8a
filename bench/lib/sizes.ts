// Measures what a page downloads for each entry: every entry bundled alone with its dependencies
// (minified, code-split as our builds are), gzip -9 sizes of the initial load (the entry and the chunks it
// imports statically) and of the lazy chunks (behind dynamic import()).
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { inlineCssPlugin } from '../../server/web/inline-css-plugin.ts';

export interface EntrySize {
  name: string;
  /** gzip bytes loaded before the element can render: entry + static import closure, JS and CSS. */
  initial: number;
  /** gzip bytes behind dynamic imports (Uppy for the uploader, hls.js for the player, elements for the loader). */
  lazy: number;
  /** gzip bytes of CSS strings inlined in the initial JS (part of `initial`). */
  files: { file: string; gzip: number; initial: boolean }[];
}

export const ENTRIES: Record<string, string> = {
  'gallery-view': 'src/entries/view.ts',
  'live-player': 'src/entries/live.ts',
  'gallery-uploader': 'src/entries/uploader.ts',
  'script-tag': 'src/define.ts',
  api: 'src/api/index.ts',
};

export interface Budget {
  bytes: number;
  /** `initial`: what loads before the element renders; `total`: everything, lazy chunks included. */
  of: 'initial' | 'total';
}

/** Size budgets in gzip bytes (issue 8), set against the anchors' figures. */
export const BUDGETS: Record<string, Budget> = {
  'gallery-view': { bytes: 14 * 1024, of: 'initial' },
  'live-player': { bytes: 12 * 1024, of: 'initial' },
  'gallery-uploader': { bytes: 100 * 1024, of: 'total' },
  'script-tag': { bytes: 25 * 1024, of: 'initial' },
};

export const measured = (size: EntrySize, budget: Budget): number =>
  budget.of === 'initial' ? size.initial : size.initial + size.lazy;

const ROOT = resolve(import.meta.dirname, '../..');

export async function measureEntry(name: string, entry: string): Promise<EntrySize> {
  const result = await esbuild.build({
    entryPoints: { [name]: resolve(ROOT, entry) },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    absWorkingDir: ROOT,
    // Never written (write: false); metafile paths are relative to ROOT.
    outdir: resolve(ROOT, '.tmp/size'),
    logLevel: 'silent',
    conditions: ['browser', 'production'],
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    plugins: [inlineCssPlugin],
  });
  const gzipOf = new Map(
    result.outputFiles.map((file) => [
      relative(ROOT, file.path),
      gzipSync(file.contents, { level: 9 }).length,
    ]),
  );
  const outputs = result.metafile.outputs;
  const initial = new Set<string>();
  const visit = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  // Dynamic-import targets are entry points too; the page's entry is the one built from `entry`.
  const source = relative(ROOT, resolve(ROOT, entry));
  const entryFile = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === source);
  if (entryFile) visit(entryFile);
  const files = Object.keys(outputs).map((file) => ({
    file,
    gzip: gzipOf.get(file) ?? 0,
    initial: initial.has(file),
  }));
  return {
    name,
    initial: files.filter((file) => file.initial).reduce((sum, file) => sum + file.gzip, 0),
    lazy: files.filter((file) => !file.initial).reduce((sum, file) => sum + file.gzip, 0),
    files,
  };
}

export async function measureAll(): Promise<EntrySize[]> {
  const sizes: EntrySize[] = [];
  for (const [name, entry] of Object.entries(ENTRIES)) sizes.push(await measureEntry(name, entry));
  return sizes;
}
