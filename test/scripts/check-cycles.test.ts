// scripts/check-cycles.mjs: the tree has no import cycle besides the ones it knows of, and it finds one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without type declarations
import { checkCycles, findCycles, importsOf } from '../../scripts/check-cycles.mjs';

describe('import cycles', () => {
  it('src/ and server/ import each other in no loop but the known ones', () => {
    const { files, unknown } = checkCycles();
    assert.ok(files > 100, `read ${files} files`);
    assert.deepEqual(unknown, []);
  });

  it('finds a loop of two files and one of a file importing itself, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', []],
      ['e', ['e']],
    ]);
    assert.deepEqual(findCycles(graph), [['a', 'b'], ['e']]);
    assert.deepEqual(
      findCycles(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
      [],
    );
  });

  it('reads imports, re-exports, type imports and import() of literal paths, not packages', () => {
    const text = `import { x } from './context.ts';
import type {
  Y,
} from "./errors.ts";
export * from './clock.ts';
const lazy = () => import('./routes/index.ts');
import Fastify from 'fastify';`;
    const found = importsOf(`${process.cwd()}/server/app.ts`, text) as string[];
    assert.deepEqual(found.map((file) => file.slice(process.cwd().length + 1)).sort(), [
      'server/clock.ts',
      'server/context.ts',
      'server/errors.ts',
      'server/routes/index.ts',
    ]);
  });
});
