// The built package for tests of what ships: runs `npm run build` when dist/ is missing or older than
// its sources (one build at a time across test processes), and reads the module graph of built files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist');

/** What the build writes; all must exist and be newer than every input. */
const OUTPUTS = [
  'dist/index.js',
  'dist/gallery-elements.js',
  'dist/upload-frame/index.html',
  'dist/types/index.d.ts',
  'custom-elements.json',
];
const INPUTS = [
  'src',
  'vite.config.ts',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
  'package.json',
  'scripts/build.mjs',
];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

function isFresh(): boolean {
  const outputs = OUTPUTS.map((file) => join(ROOT, file));
  if (!outputs.every((file) => existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return INPUTS.every((input) => !existsSync(join(ROOT, input)) || newest(join(ROOT, input)) <= built);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds unless dist/ is up to date. Test files run in parallel: a lock directory serialises builds. */
export function ensureBuilt(): void {
  if (isFresh()) return;
  const lock = join(ROOT, '.tmp', 'build.lock');
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process builds; a lock older than two minutes is left over from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000)
        rmSync(lock, { force: true, recursive: true });
      if (Date.now() > deadline) throw new Error('ensureBuilt: timed out waiting for another build');
      sleep(200);
    }
  }
  try {
    if (isFresh()) return;
    const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}

export interface ModuleEdges {
  /** Relative specifiers of `import … from` / `import '…'` / `export … from`, resolved to files. */
  static: string[];
  /** Relative specifiers of `import('…')`, resolved to files. */
  dynamic: string[];
  /** Bare specifiers (packages), static and dynamic. */
  bareStatic: string[];
  bareDynamic: string[];
}

const DYNAMIC = /\bimport\(\s*["'`]([^"'`\s]+)["'`]\s*\)/g;
// Static forms, minified or not: `from"x"`, `from 'x'`, `import"x"`, `import 'x'`.
const STATIC = /(?:\bfrom|\bimport)\s*["']([^"'\s]+)["']/g;

/** The import edges of one built ES module (comment lines dropped so examples in JSDoc do not count). */
export function moduleEdges(file: string): ModuleEdges {
  const code = readFileSync(file, 'utf8').replace(/^\s*(\*|\/\/|\/\*).*$/gm, '');
  const edges: ModuleEdges = { static: [], dynamic: [], bareStatic: [], bareDynamic: [] };
  const add = (specifier: string, dynamic: boolean) => {
    if (specifier.startsWith('.')) {
      (dynamic ? edges.dynamic : edges.static).push(resolve(dirname(file), specifier));
    } else (dynamic ? edges.bareDynamic : edges.bareStatic).push(specifier);
  };
  for (const match of code.matchAll(DYNAMIC)) add(match[1] as string, true);
  for (const match of code.replace(DYNAMIC, '').matchAll(STATIC)) add(match[1] as string, false);
  return edges;
}

/** Files a page loads before anything lazy: the entry and everything it imports statically. */
export function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of moduleEdges(file).static) visit(next);
  };
  visit(entry);
  return seen;
}

/** Every file reachable from the entry, through static and dynamic imports. */
export function fullClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const edges = moduleEdges(file);
    for (const next of [...edges.static, ...edges.dynamic]) visit(next);
  };
  visit(entry);
  return seen;
}
