// The npm package as an app gets it: the real `npm pack` tarball unpacked into a throwaway app's
// node_modules, its dependencies linked to the ones this checkout installed (offline, no native rebuilds).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureBuilt, ROOT } from './dist.ts';

export interface PackedApp {
  /** The temp folder holding the tarball and the app; remove it when done. */
  work: string;
  tarball: string;
  /** The app's folder (package.json, node_modules). */
  app: string;
  /** The installed package: app/node_modules/gallery-elements. */
  packed: string;
}

export function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, stdout: result.stdout };
}

/** Builds if needed, runs `npm pack` and installs the tarball into a new app under a temp folder. */
export function packIntoApp(): PackedApp {
  ensureBuilt();
  const work = mkdtempSync(join(tmpdir(), 'gallery-pack-'));
  const pack = run('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  assert.equal(pack.status, 0, pack.output);
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as { filename: string }[];
  const tarball = join(work, info!.filename);
  const app = join(work, 'app');
  const modules = join(app, 'node_modules');
  mkdirSync(modules, { recursive: true });
  const untar = run('tar', ['-xzf', tarball, '-C', modules], work);
  assert.equal(untar.status, 0, untar.output);
  const packed = join(modules, 'gallery-elements');
  renameSync(join(modules, 'package'), packed);
  const manifest = JSON.parse(readFileSync(join(packed, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const link = join(modules, dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dependency), link, 'dir');
  }
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'throwaway-app',
      private: true,
      type: 'module',
      dependencies: { 'gallery-elements': '*' },
    }),
  );
  return { work, tarball, app, packed };
}
