// `node scripts/check-cycles.mjs`: finds import cycles among the source files of src/ and server/ (imports,
// re-exports and import() of a literal path, type-only ones included: a loop of types or of lazy chunks is
// still a loop in the design). Prints
// each cycle as its files; exits 1 when one is found that KNOWN_CYCLES does not list. Run by
// test/checks/import-cycles.test.ts, so `npm test` fails on a new cycle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'server'];
const EXTENSIONS = ['.ts', '.mjs', '.js'];

/** Cycles known and owned elsewhere, each written as its files sorted (none at present). */
export const KNOWN_CYCLES = [];

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of one file, resolved to files of the tree. */
export function importsOf(file, text) {
  const found = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec?.startsWith('.')) continue;
    const target = resolve(dirname(file), spec.replace(/\?.*$/, ''));
    if (existsSync(target)) found.add(target);
  }
  return [...found];
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
export function findCycles(graph) {
  let index = 0;
  const indexes = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indexes.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexes.get(next)));
    }
    if (low.get(node) !== indexes.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return cycles;
}

export function checkCycles(root = ROOT) {
  const graph = new Map();
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(root, folder)))
      graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
  }
  const cycles = findCycles(graph).map((files) => files.map((file) => relative(root, file)));
  const known = cycles.filter((files) => KNOWN_CYCLES.includes(files.join(' ')));
  const unknown = cycles.filter((files) => !KNOWN_CYCLES.includes(files.join(' ')));
  return { files: graph.size, known, unknown };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, known, unknown } = checkCycles();
  for (const files of known) console.log(`known cycle (owned elsewhere): ${files.join(' -> ')}`);
  for (const files of unknown) console.log(`import cycle: ${files.join(' -> ')}`);
  console.log(`${files} files read, ${unknown.length} new cycle(s), ${known.length} known`);
  process.exit(unknown.length > 0 ? 1 : 0);
}
