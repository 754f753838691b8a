// Restores the lockfile entries of other platforms' optional binaries (Biome, Rollup, ...).
//
// Why: the registry mirror of our build machines only carries the linux-x64/arm64 binaries of
// some packages. `npm install` there drops the other platforms' optional dependencies from
// package-lock.json, and `npm ci` then refuses the lockfile ("Missing: ... from lock file").
// Run `node scripts/lock-platforms.mjs` after every `npm install` that rewrites the lockfile.
// The entries carry os/cpu/libc, so npm skips them on a platform they do not fit and fetches
// them from the public registry on a laptop they do fit.
import { readFileSync, writeFileSync } from 'node:fs';

const OSES = [
  'android',
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'openharmony',
  'sunos',
  'aix',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

/** Guesses os/cpu/libc from a platform package name such as `@rollup/rollup-linux-arm-musleabihf`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OSES.includes(part));
  const cpu = parts.find((part) => CPUS.includes(part));
  if (!os || !cpu) return undefined;
  const rest = parts.slice(parts.indexOf(cpu) + 1).join('-');
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [rest.includes('musl') ? 'musl' : 'glibc'];
  return platform;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} platform entries`);
