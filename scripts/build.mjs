// `npm run build`: the npm entries, the script-tag bundle, the upload frame, the .d.ts types and the
// custom elements manifest, one step after another (the first empties dist/), with each step's time.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);

const STEPS = [
  ['npm entries', bin('vite'), ['build', '--logLevel', 'warn']],
  ['script-tag bundle', bin('vite'), ['build', '--mode', 'script-tag', '--logLevel', 'warn']],
  ['upload frame', bin('vite'), ['build', '--mode', 'upload-frame', '--logLevel', 'warn']],
  ['types', bin('tsc'), ['-p', 'tsconfig.build.json']],
  ['manifest', bin('cem'), ['analyze', '--quiet', '--config', 'custom-elements-manifest.config.mjs']],
];

/**
 * Declarations keep our `.ts` import specifiers: published types point at the emitted `.d.ts` via `.js`.
 * Inferred types may name `lit-html`, a dependency of Lit but not ours; `lit` re-exports those types.
 */
function rewriteDeclarationImports(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) rewriteDeclarationImports(path);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const fixed = text
        .replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2')
        .replace(/import\((['"])lit-html\1\)/g, 'import($1lit$1)');
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}

const started = Date.now();
for (const [label, command, args] of STEPS) {
  const begun = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(result.status ?? 1);
  }
  if (label === 'types') rewriteDeclarationImports(join('dist', 'types'));
  console.log(`build: ${label} ${Date.now() - begun} ms`);
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
