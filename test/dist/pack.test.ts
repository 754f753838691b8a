// The npm package as an app gets it: `npm pack`, the tarball unpacked into a throwaway app, its entries
// imported in Node, its types checked by tsc, publint and attw on the tarball, and the elements manifest
// held against the element sources so an undocumented attribute, event, part or CSS property fails.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../helpers/dist.ts';
import { packIntoApp, run } from '../helpers/pack.ts';

const BIN = join(ROOT, 'node_modules', '.bin');
const ELEMENTS = ['gallery-uploader', 'gallery-view', 'live-player'] as const;

let work: string;
let tarball: string;
let app: string;
let packed: string;

before(() => {
  ({ work, tarball, app, packed } = packIntoApp());
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('ships the built entries, types, manifest, script-tag bundle and server (with the contract it reads), and no other sources or tests', () => {
    const listing = run('tar', ['-tzf', tarball], work).stdout.split('\n').filter(Boolean);
    const files = new Set(listing.map((file) => file.replace(/^package\//, '')));
    for (const file of [
      'package.json',
      'README.md',
      'custom-elements.json',
      'dist/index.js',
      'dist/api.js',
      'dist/uploader.js',
      'dist/view.js',
      'dist/live.js',
      'dist/define.js',
      'dist/gallery-elements.js',
      'dist/upload-frame/index.html',
      'dist/types/index.d.ts',
      'bin/gallery-server.js',
      'server/app.ts',
      'src/contract/index.ts',
      'server/live/assets/renditions.json',
      'demo/favicon.svg',
    ])
      assert.ok(files.has(file), `${file} is in the tarball`);
    // The server runs from its TypeScript sources, and reads the contract from src/contract/.
    const unwanted = [...files].filter((file) =>
      /^(src\/(?!contract\/)|(test|bench|scripts|node_modules|\.tmp)\/)/.test(file),
    );
    assert.deepEqual(unwanted, []);
  });

  it('imports every entry in Node without a DOM and without throwing (server-side rendering)', () => {
    writeFileSync(
      join(app, 'ssr.mjs'),
      `const names = {};
for (const entry of ['gallery-elements', 'gallery-elements/api', 'gallery-elements/uploader',
  'gallery-elements/view', 'gallery-elements/live', 'gallery-elements/define']) {
  names[entry] = Object.keys(await import(entry)).sort();
}
// Evaluating the registering entries again (a second import of a widget) must not throw either.
for (const entry of ['uploader', 'view', 'live']) await import(import.meta.resolve('gallery-elements/' + entry) + '?again');
const registered = ['gallery-uploader', 'gallery-view', 'live-player'].filter(
  (tag) => globalThis.customElements?.get(tag) !== undefined,
);
console.log(JSON.stringify({ names, window: typeof window, document: typeof document, registered }));
`,
    );
    const result = run(process.execPath, ['ssr.mjs'], app);
    assert.equal(result.status, 0, result.output);
    const { names, window, document, registered } = JSON.parse(
      result.stdout.trim().split('\n').at(-1) as string,
    );
    assert.deepEqual(registered, [], 'elements register only in a browser');
    assert.equal(window, 'undefined');
    assert.equal(document, 'undefined');
    for (const name of ['GalleryClient', 'ApiError', 'GalleryView', 'GalleryUploader', 'LivePlayer'])
      assert.ok(names['gallery-elements'].includes(name), `gallery-elements exports ${name}`);
    assert.ok(names['gallery-elements/api'].includes('GalleryClient'));
    assert.ok(!names['gallery-elements/api'].includes('GalleryView'), 'the API entry carries no element');
    assert.ok(names['gallery-elements/uploader'].includes('GalleryUploader'));
    assert.ok(names['gallery-elements/uploader'].includes('GalleryUploadSuccessEvent'));
    assert.ok(names['gallery-elements/view'].includes('GalleryView'));
    assert.ok(names['gallery-elements/live'].includes('LivePlayer'));
    assert.deepEqual(names['gallery-elements/define'], []);
  });

  it('resolves the typed API, element classes, tag names and events for a TypeScript app', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'ESNext.Disposable', 'DOM', 'DOM.Iterable'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    writeFileSync(
      join(app, 'main.ts'),
      `import * as everything from 'gallery-elements';
import { ApiError, GalleryClient } from 'gallery-elements/api';
import { GalleryUploader, type GalleryUploadSuccessEvent } from 'gallery-elements/uploader';
import { GalleryView } from 'gallery-elements/view';
import { LivePlayer } from 'gallery-elements/live';
import 'gallery-elements/define';

const client = new GalleryClient({ baseUrl: 'http://127.0.0.1:8787/v2/', token: 't' });
export async function firstFid(): Promise<string | undefined> {
  try {
    const { galleries } = await client.gallery.list();
    return galleries[0]?.fid;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const view: GalleryView = document.createElement('gallery-view');
view.layout = 'masonry';
// @ts-expect-error layout is a union of known layouts, not any string
view.layout = 'carousel';
const uploader: GalleryUploader = document.createElement('gallery-uploader');
uploader.addEventListener('gallery-upload-success', (event) => {
  const rid: string = event.detail.rid;
  console.log(rid);
});
export const onSuccess = (event: GalleryUploadSuccessEvent): string => event.detail.fid;
const player: LivePlayer = document.createElement('live-player');
player.addEventListener('live-player-state', (event) => console.log(event.detail.state));
export const same: typeof everything.GalleryView = GalleryView;
export { uploader, player };
`,
    );
    const result = run(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], app);
    assert.equal(result.status, 0, result.output);
  });

  it("keeps the registrations when an app's bundler tree-shakes (sideEffects), and only those", async () => {
    const esbuild = await import('esbuild');
    const bundle = async (source: string) => {
      const result = await esbuild.build({
        stdin: { contents: source, resolveDir: app, loader: 'js' },
        bundle: true,
        format: 'esm',
        write: false,
        platform: 'browser',
        external: ['lit', 'lit/*', '@lit-labs/*', '@uppy/*', 'hls.js'],
        logLevel: 'silent',
      });
      return result.outputFiles.map((file) => file.text).join('\n');
    };
    const registering = await bundle(
      "import 'gallery-elements/uploader'; import 'gallery-elements/view'; import 'gallery-elements/live';",
    );
    for (const tag of ELEMENTS) assert.match(registering, new RegExp(`defineElement\\("${tag}"`));
    assert.match(registering, /customElements\.define\(/);
    const clientOnly = await bundle(
      "import { GalleryClient } from 'gallery-elements'; console.log(new GalleryClient({ baseUrl: '/v2/' }));",
    );
    assert.doesNotMatch(clientOnly, /customElements\.define\(/, 'the root entry registers nothing');
    assert.doesNotMatch(clientOnly, /class GalleryUploader\b/, 'unused element classes are shaken out');
  });

  it('passes publint (strict) on the tarball', () => {
    const result = run(join(BIN, 'publint'), ['--strict', tarball], work);
    assert.equal(result.status, 0, result.output);
  });

  it('passes arethetypeswrong for ESM consumers (Node 16+ and bundlers)', () => {
    const result = run(join(BIN, 'attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], work);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
    const problems = (report.analysis?.problems ?? []).filter(
      (problem: { resolutionKind?: string }) =>
        problem.resolutionKind !== 'node10' && problem.resolutionKind !== 'node16-cjs',
    );
    assert.deepEqual(problems, []);
    assert.equal(result.status, 0, result.output);
  });
});

// The public surface each element has in its sources, read the way a reviewer would.
interface Surface {
  attributes: Set<string>;
  events: Set<string>;
  parts: Set<string>;
  cssProperties: Set<string>;
}

function sourcesOf(tag: string): { file: string; text: string }[] {
  const dir = join(ROOT, 'src', 'elements', tag);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}

function surfaceInSources(tag: string): Surface {
  const sources = sourcesOf(tag);
  const element = sources.find((source) => source.file === `${tag}.ts`);
  assert.ok(element, `src/elements/${tag}/${tag}.ts exists`);
  const block = /static (?:override )?properties = \{\n([\s\S]*?)\n {2}\};/.exec(element.text);
  assert.ok(block, `${tag} has static properties`);
  const attributes = new Set<string>();
  for (const line of (block[1] as string).split('\n')) {
    const entry = /^\s+(\w+):\s*\{(.*)\},?$/.exec(line);
    if (!entry) continue;
    const [, name, options] = entry as unknown as [string, string, string];
    if (/\bstate:\s*true/.test(options) || /\battribute:\s*false/.test(options)) continue;
    attributes.add(/\battribute:\s*'([^']+)'/.exec(options)?.[1] ?? name.toLowerCase());
  }
  const all = sources.map((source) => source.text).join('\n');
  const events = new Set([...all.matchAll(/static readonly type = '([^']+)'/g)].map((m) => m[1] as string));
  const parts = new Set(
    [...all.matchAll(/\bpart="([^"$]+)"/g)].flatMap((m) => (m[1] as string).split(/\s+/).filter(Boolean)),
  );
  const cssProperties = new Set(
    [...all.matchAll(/var\((--(?:gallery|live)-[\w-]+)/g)].map((m) => m[1] as string),
  );
  return { attributes, events, parts, cssProperties };
}

function surfaceInManifest(tag: string): Surface {
  const manifest = JSON.parse(readFileSync(join(packed, 'custom-elements.json'), 'utf8'));
  const declaration = manifest.modules
    .flatMap((mod: { declarations?: unknown[] }) => mod.declarations ?? [])
    .find((d: { tagName?: string; customElement?: boolean }) => d.customElement && d.tagName === tag);
  assert.ok(declaration, `custom-elements.json declares <${tag}>`);
  const names = (list: { name: string }[] | undefined) => new Set((list ?? []).map((item) => item.name));
  return {
    attributes: names(declaration.attributes),
    events: names(declaration.events),
    parts: names(declaration.cssParts),
    cssProperties: names(declaration.cssProperties),
  };
}

describe('custom-elements.json in the package', () => {
  it('is the file package.json names in customElements and exports', () => {
    const manifest = JSON.parse(readFileSync(join(packed, 'package.json'), 'utf8'));
    assert.equal(manifest.customElements, 'custom-elements.json');
    assert.equal(manifest.exports['./custom-elements.json'], './custom-elements.json');
  });

  for (const tag of ELEMENTS) {
    it(`documents every attribute, event, ::part and CSS custom property of <${tag}>`, () => {
      const source = surfaceInSources(tag);
      const manifest = surfaceInManifest(tag);
      for (const key of ['attributes', 'events', 'parts', 'cssProperties'] as const) {
        const undocumented = [...source[key]].filter((name) => !manifest[key].has(name)).sort();
        assert.deepEqual(undocumented, [], `<${tag}> ${key} missing from the manifest (add JSDoc tags)`);
        assert.ok(manifest[key].size > 0, `<${tag}> documents some ${key}`);
      }
      // Attributes the manifest lists must exist, so a removed property does not linger in the docs.
      const stale = [...manifest.attributes].filter((name) => !source.attributes.has(name)).sort();
      assert.deepEqual(stale, [], `<${tag}> attributes in the manifest but not in the class`);
    });
  }
});
