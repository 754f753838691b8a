// What a baseline depends on besides our code: the Chromium build and the system fonts that system-ui,
// sans-serif and monospace resolve to (no test page loads a web font). Recorded with the baselines so a
// failure on another machine says so instead of looking like a regression.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASELINE_DIR } from './visual-baselines.mjs';

const FILE = join(BASELINE_DIR, 'environment.json');
const FAMILIES = ['system-ui', 'sans-serif', 'serif', 'monospace'];

/** The font fontconfig gives Chromium for a generic family (Linux); 'unknown' elsewhere. */
function fontFor(family) {
  const result = spawnSync('fc-match', ['-f', '%{family[0]}', family], { encoding: 'utf8' });
  return result.status === 0 && result.stdout ? result.stdout : 'unknown';
}

export function currentEnvironment(browserVersion) {
  return {
    chromium: browserVersion,
    fonts: Object.fromEntries(FAMILIES.map((family) => [family, fontFor(family)])),
  };
}

export function recordEnvironment(environment) {
  writeFileSync(FILE, `${JSON.stringify(environment, null, 2)}\n`);
}

/** A sentence naming what differs from the machine the baselines were made on, or '' when nothing does. */
export function environmentNote(environment) {
  if (!existsSync(FILE)) return '';
  const recorded = JSON.parse(readFileSync(FILE, 'utf8'));
  const changes = [];
  if (recorded.chromium !== environment.chromium)
    changes.push(`Chromium ${recorded.chromium} -> ${environment.chromium}`);
  for (const family of FAMILIES) {
    const before = recorded.fonts?.[family];
    const now = environment.fonts[family];
    if (before !== now) changes.push(`${family} ${before} -> ${now}`);
  }
  return changes.length
    ? `The baselines were made on another setup (${changes.join(', ')}): differences may come from it.`
    : '';
}
