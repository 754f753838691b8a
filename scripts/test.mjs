// `npm test`: the server and client tests (node:test) then the browser tests (web-test-runner), one total.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv[2]; // optional: 'node' or 'browser'
mkdirSync('.tmp', { recursive: true });

function testFiles(dir, accept) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path, accept));
    else if (accept(entry.name)) out.push(path);
  }
  return out.sort();
}

function readCounts(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label, command, args, countsFile) {
  rmSync(countsFile, { force: true });
  console.log(`\n== ${label} ==`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const counts = readCounts(countsFile);
  if (!counts) {
    console.error(`${label}: no results were recorded`);
    totals.failed++;
    exitCode = 1;
    return;
  }
  const skipped = counts.skipped ?? 0;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += skipped;
  // A skipped or todo test is a promise not kept: it fails the run instead of hiding in the count.
  if (result.status !== 0 || counts.failed > 0 || skipped > 0) exitCode = 1;
  if (skipped > 0) console.error(`${label}: ${skipped} test(s) skipped or todo: not allowed`);
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${skipped} skipped`);
}

// Static checks first: a type error or lint finding fails the run before any test starts.
if (!only) {
  for (const [label, script] of [
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
  ]) {
    console.log(`\n== ${label} ==`);
    const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit', env: process.env });
    if (result.status !== 0) {
      console.error(`${label} failed`);
      exitCode = 1;
    }
  }
}

if (only !== 'browser') {
  const files = testFiles('test', (name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts'));
  run(
    'server and client tests',
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-count-reporter.mjs',
      '--test-reporter-destination=.tmp/node-counts.json',
      ...files,
    ],
    '.tmp/node-counts.json',
  );
}
if (only !== 'node') {
  run(
    'browser tests',
    process.execPath,
    ['node_modules/@web/test-runner/dist/bin.js'],
    '.tmp/wtr-counts.json',
  );
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
