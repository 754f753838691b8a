// The node versions package.json promises, held against every package the lockfile installs: a dependency
// that wants a newer node than our floor makes `npm ci` print EBADENGINE and may not run there at all.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import { ROOT } from '../helpers/dist.ts';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Packages whose `engines.node` leaves out `version`, as `path@version (wants range)`. */
function refusing(version: string): string[] {
  const out: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Old packages wrote engines as an array of strings; npm ignores that form, and so do we.
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!path || !range) continue;
    if (!semver.satisfies(version, range, { includePrerelease: true }))
      out.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} (wants node ${range})`);
  }
  return out.sort();
}

describe('engines', () => {
  it('package.json states a node floor', () => {
    assert.ok(semver.validRange(manifest.engines.node), `engines.node ${manifest.engines.node} is a range`);
    assert.ok(semver.minVersion(manifest.engines.node), 'engines.node has a lowest version');
  });

  it('every package of the lockfile accepts the lowest node package.json allows', () => {
    const floor = semver.minVersion(manifest.engines.node)?.version as string;
    assert.deepEqual(refusing(floor), [], `packages that refuse node ${floor}`);
  });

  it('every package of the lockfile accepts the node running these tests', () => {
    assert.ok(semver.satisfies(process.version, manifest.engines.node), `${process.version} is allowed`);
    assert.deepEqual(refusing(process.version), [], `packages that refuse ${process.version}`);
  });
});
