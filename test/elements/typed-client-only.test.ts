// The elements and the upload frame call the typed client only (client.<namespace>.<method>()), never the
// transport with an operation name: the sources are read as tokens (comments and layout do not count), and
// a call of `call` / `callText` whose first argument is a string, or any use of `operationCaller`, fails.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src/elements', 'src/upload-frame'];

type Token = { kind: 'word' | 'string' | 'punct'; text: string; line: number };

/** Identifiers, string literals (quotes and template literals alike) and punctuation; comments dropped. */
function tokens(source: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '\n') line++;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += source.slice(i, stop).split('\n').length - 1;
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      const start = line;
      let text = '';
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\') text += source[i++];
        if (source[i] === '\n') line++;
        text += source[i++];
      }
      i++;
      out.push({ kind: 'string', text, line: start });
    } else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i))![0];
      out.push({ kind: 'word', text: word, line });
      i += word.length;
    } else {
      out.push({ kind: 'punct', text: c, line });
      i++;
    }
  }
  return out;
}

const CALLS = new Set(['call', 'callText']);

/** Where `tokens` call the transport (or a caller of it) by an operation name. */
function namedCalls(list: Token[]): { line: number; what: string }[] {
  const found: { line: number; what: string }[] = [];
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if (token.kind === 'word' && token.text === 'operationCaller') {
      found.push({ line: token.line, what: 'operationCaller' });
      continue;
    }
    // `.call(` or `['call'](`, then type arguments `<…>` if any, then `(` and a string.
    let j: number;
    let name: string;
    if (token.text === '.' && list[i + 1]?.kind === 'word') {
      name = list[i + 1]!.text;
      j = i + 2;
    } else if (token.text === '[' && list[i + 1]?.kind === 'string' && list[i + 2]?.text === ']') {
      name = list[i + 1]!.text;
      j = i + 3;
    } else continue;
    if (!CALLS.has(name)) continue;
    if (list[j]?.text === '<') {
      let depth = 0;
      for (; j < list.length; j++) {
        if (list[j]!.text === '<') depth++;
        else if (list[j]!.text === '>' && --depth === 0) break;
      }
      j++;
    }
    if (list[j]?.text === '(' && list[j + 1]?.kind === 'string')
      found.push({ line: token.line, what: `${name}('${list[j + 1]!.text}')` });
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the elements and the upload frame call the typed client only', () => {
  it('no file under src/elements or src/upload-frame calls the transport with an operation name', () => {
    const files = FOLDERS.flatMap((folder) => sources(join(ROOT, folder)));
    assert.ok(files.length > 40, `read ${files.length} files`);
    const offences = files.flatMap((file) =>
      namedCalls(tokens(readFileSync(file, 'utf8'))).map(
        ({ line, what }) => `${relative(ROOT, file)}:${line} ${what}`,
      ),
    );
    assert.deepEqual(offences, []);
  });

  it('finds such calls however they are written, and not in comments or strings', () => {
    const offending = [
      "transport.call<ItemsPage>('gallery.get_items', 'GET', 'read', params)",
      'this.transport\n  .call(\n    "asset.set_meta",\n    "POST",\n  )',
      "api.callText(`upload.iframe`, 'GET')",
      "transport['call']('live.list')",
      'transport.call<Map<string, number>>("live.start")',
      'const caller = operationCaller(transport, LIVE);',
    ];
    for (const source of offending) assert.equal(namedCalls(tokens(source)).length, 1, source);
    const innocent = [
      'client.gallery.getItems({ fid, page }, { signal })',
      "// transport.call('gallery.get_items')",
      "/* this.transport.call('asset.set_meta') */",
      'const text = "transport.call(\'live.list\')";',
      "new ApiError({ operation: 'gallery.get_items', status: 0 })",
      'fn.call(this, value)',
    ];
    for (const source of innocent) assert.deepEqual(namedCalls(tokens(source)), [], source);
  });
});
