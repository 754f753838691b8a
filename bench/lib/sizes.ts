// What a page downloads for each entry of the built package (`npm run build`, dist/), gzip -9: the initial
// load (the entry and everything it imports statically, transitively) and the lazy part (behind import()).
//
// Two kinds of entry, measured the way each reaches a browser:
// - the script-tag bundle (dist/gallery-elements.js and dist/script-tag/*) is self-contained and served as
//   built: its files are gzipped as they are, along the import graph of the built files;
// - the npm entries (dist/view.js, live.js, uploader.js, api.js) leave Lit, Uppy and hls.js as imports and
//   are not minified, for the app's bundler: they are bundled from dist/ with their dependencies from
//   node_modules, minified and split as a production build would, and so count Lit in each element.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { DIST, ensureBuilt, moduleEdges, ROOT, staticClosure } from '../../test/helpers/dist.ts';

export interface SizedFile {
  /** Relative to the repository (dist/… as built; .tmp/size/… for what an app's bundler emits). */
  file: string;
  gzip: number;
  initial: boolean;
  text: string;
}

export interface EntrySize {
  name: string;
  /** The built file the page loads first. */
  entry: string;
  /** gzip bytes loaded before the element can render: entry + static import closure, JS and CSS. */
  initial: number;
  /** gzip bytes behind dynamic imports (Uppy for the uploader, hls.js for the player, elements for the loader). */
  lazy: number;
  /**
   * gzip bytes of each opt-in part (OPT_IN): lazy chunks loaded only when a page asks for them, counted
   * here and not in `lazy`, each with what it alone brings (a chunk two of them share counts in both).
   */
  optIn: Record<string, number>;
  files: SizedFile[];
}

/**
 * Opt-in parts of an entry, by the built modules that start each: the uploader's `sources` and
 * `image-editor` load them with import() only when set, and a language other than English loads its
 * words with Uppy's locale only on a page in that language (one language a page), so they stay outside
 * the uploader's budget.
 */
export const OPT_IN: Record<string, Record<string, RegExp>> = {
  'gallery-uploader': {
    webcam: /(^|\/)chunks\/webcam-[^/]+\.js$/,
    'screen-capture': /(^|\/)chunks\/screen-capture-[^/]+\.js$/,
    'image-editor': /(^|\/)chunks\/image-editor-[^/]+\.js$/,
    'language de': /(^|\/)(chunks\/de-[^/]+\.js|@uppy\/locales\/lib\/de_DE\.js)$/,
    'language fr': /(^|\/)(chunks\/fr-[^/]+\.js|@uppy\/locales\/lib\/fr_FR\.js)$/,
  },
};

/** The package's browser entries: the npm entries (package.json `exports`) and the script-tag bundle. */
export const ENTRIES: Record<string, string> = {
  'gallery-view': 'view.js',
  'live-player': 'live.js',
  'gallery-uploader': 'uploader.js',
  api: 'api.js',
  'script-tag': 'gallery-elements.js',
};

export interface Budget {
  bytes: number;
  /** `initial`: what loads before the element renders; `total`: everything, lazy chunks included. */
  of: 'initial' | 'total';
}

/** Size budgets in gzip bytes (issue 8), set against the anchors' figures; exceeding one by > 10% fails. */
export const BUDGETS: Record<string, Budget> = {
  'gallery-view': { bytes: 14 * 1024, of: 'initial' },
  'live-player': { bytes: 12 * 1024, of: 'initial' },
  'gallery-uploader': { bytes: 100 * 1024, of: 'total' },
  'script-tag': { bytes: 25 * 1024, of: 'initial' },
};

export const measured = (size: EntrySize, budget: Budget): number =>
  budget.of === 'initial' ? size.initial : size.initial + size.lazy;

const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

function sized(
  files: SizedFile[],
  name: string,
  entry: string,
  optInFiles: Record<string, Set<string>> = {},
): EntrySize {
  const sum = (list: SizedFile[]) => list.reduce((total, file) => total + file.gzip, 0);
  const optional = new Set(Object.values(optInFiles).flatMap((set) => [...set]));
  const optIn = Object.fromEntries(
    Object.entries(optInFiles).map(([part, set]) => [part, sum(files.filter((file) => set.has(file.file)))]),
  );
  return {
    name,
    entry,
    initial: sum(files.filter((file) => file.initial)),
    lazy: sum(files.filter((file) => !file.initial && !optional.has(file.file))),
    optIn,
    files,
  };
}

/** Built files reachable from `entry`; those in `initial` load first, the rest through import(). */
function builtFiles(entry: string, initial: Set<string>): SizedFile[] {
  const seen = new Set<string>();
  const files: SizedFile[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    files.push({ file: relative(ROOT, file), gzip: gzip(text), initial: initial.has(file), text });
    const edges = moduleEdges(file);
    for (const next of [...edges.static, ...edges.dynamic]) visit(next);
  };
  visit(entry);
  return files;
}

/** The script-tag bundle as served: the loader alone is its initial load. */
function measureScriptTag(name: string, entry: string): EntrySize {
  return sized(builtFiles(entry, staticClosure(entry)), name, relative(ROOT, entry));
}

/**
 * The tags the built loader maps to chunks: `"gallery-view": () => import("./script-tag/define-….js")`
 * (minified or not).
 */
export function scriptTagElements(): Record<string, string> {
  const loader = join(DIST, ENTRIES['script-tag'] as string);
  const code = readFileSync(loader, 'utf8');
  const found: Record<string, string> = {};
  const loaders = /["']?([a-z]+-[a-z-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["'`]([^"'`]+)["'`]/g;
  for (const match of code.matchAll(loaders)) found[match[1] as string] = resolve(DIST, match[2] as string);
  return found;
}

/**
 * A page with the script tag and one element: the loader, then that element's chunk with its static
 * imports before it renders; everything else the loader may fetch (other elements, hls.js, Uppy) is lazy.
 */
export function measureScriptTagWith(tag: string, chunk: string): EntrySize {
  const loader = join(DIST, ENTRIES['script-tag'] as string);
  const initial = new Set([...staticClosure(loader), ...staticClosure(chunk)]);
  return sized(builtFiles(loader, initial), `script-tag + ${tag}`, relative(ROOT, chunk));
}

/** An npm entry as an app ships it: bundled from dist/ with its dependencies, minified, code-split. */
async function measureNpmEntry(name: string, entry: string): Promise<EntrySize> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    absWorkingDir: ROOT,
    // Never written (write: false); metafile paths are relative to ROOT.
    outdir: join(ROOT, '.tmp/size'),
    logLevel: 'silent',
    conditions: ['browser', 'production'],
  });
  const outputs = result.metafile.outputs;
  /** Outputs reachable from `file` (static imports only, or dynamic ones too), not entering `stop`. */
  const reach = (
    file: string,
    dynamic: boolean,
    stop: (file: string) => boolean,
    seen = new Set<string>(),
  ) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' && !(dynamic && imported.kind === 'dynamic-import')) continue;
      if (!stop(imported.path)) reach(imported.path, dynamic, stop, seen);
    }
    return seen;
  };
  const source = relative(ROOT, entry);
  const entryFile = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === source);
  if (!entryFile) throw new Error(`no output for ${source}`);
  const initial = reach(entryFile, false, () => false);
  // An opt-in part starts at the output of its built module; it holds what the rest never loads.
  const parts = Object.entries(OPT_IN[name] ?? {});
  const startOf = (file: string) =>
    parts.find(([, pattern]) => pattern.test(outputs[file]?.entryPoint ?? ''))?.[0];
  const always = reach(entryFile, true, (file) => startOf(file) !== undefined);
  const optInFiles: Record<string, Set<string>> = {};
  for (const [part] of parts) {
    const starts = Object.keys(outputs).filter((file) => startOf(file) === part);
    if (starts.length === 0) throw new Error(`${name}: no chunk for its opt-in part ${part}`);
    const files = starts.flatMap((start) => [...reach(start, true, () => false)]);
    optInFiles[part] = new Set(files.filter((file) => !always.has(file)));
  }
  const files = result.outputFiles
    .filter((file) => !file.path.endsWith('.map'))
    .map((file) => {
      const path = relative(ROOT, file.path);
      return { file: path, gzip: gzip(file.contents), initial: initial.has(path), text: file.text };
    });
  return sized(files, name, source, optInFiles);
}

/** Measures one entry of ENTRIES from dist/, building the package first when dist/ is missing or stale. */
export async function measureEntry(name: string): Promise<EntrySize> {
  const file = ENTRIES[name];
  if (!file) throw new Error(`unknown entry ${name}`);
  ensureBuilt();
  const entry = join(DIST, file);
  return name === 'script-tag' ? measureScriptTag(name, entry) : measureNpmEntry(name, entry);
}

/** Every entry, then the script tag with each element on the page. */
export async function measureAll(): Promise<EntrySize[]> {
  const sizes: EntrySize[] = [];
  for (const name of Object.keys(ENTRIES)) sizes.push(await measureEntry(name));
  for (const [tag, chunk] of Object.entries(scriptTagElements()))
    sizes.push(measureScriptTagWith(tag, chunk));
  return sizes;
}
