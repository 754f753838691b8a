// `npm run bench [-- name… [--short]]`: runs each benchmark of bench/ (every bench/*.ts; helpers live in
// bench/lib/) in its own process, one after another so they do not disturb each other's figures. Each bench
// ends its output with one JSON line of its figures; CI runs them all with --short (test/bench/).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('--'));
const wanted = args.filter((arg) => !arg.startsWith('--'));
const benches = readdirSync(new URL('../bench/', import.meta.url))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n== bench/${name} ${flags.join(' ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...flags], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
if (benches.length === 0) console.log('no benchmark matched', wanted.join(' '));
process.exit(failed ? 1 : 0);
