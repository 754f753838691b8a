// Code splitting of the builds: hls.js and Uppy load only through import(), in chunks of their own, so a
// page showing a gallery never downloads them; the npm build leaves dependencies to the app's bundler.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { DIST, ensureBuilt, fullClosure, moduleEdges, ROOT, staticClosure } from '../helpers/dist.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Strings that only the code of a library contains (they survive minification). */
const LIBRARY_MARKERS = {
  'hls.js': 'fragLoadPolicy',
  '@uppy/core': 'Uppy plugins must have unique',
  '@uppy/dashboard': 'showLinkToFileUploadResult',
  '@uppy/golden-retriever': '[GoldenRetriever] Recovered',
} as const;

const name = (file: string) => relative(DIST, file);
const jsFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file));

function bareStaticImports(entry: string): string[] {
  return [...staticClosure(entry)].flatMap((file) => moduleEdges(file).bareStatic);
}

function bareDynamicImports(entry: string): string[] {
  return [...staticClosure(entry)].flatMap((file) => moduleEdges(file).bareDynamic);
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] as string);

describe('npm build: dependencies stay imports, heavy ones behind import()', () => {
  before(() => ensureBuilt());

  it('gallery-elements/live imports hls.js only dynamically', () => {
    const entry = join(DIST, 'live.js');
    assert.ok(
      !bareStaticImports(entry).some((spec) => packageOf(spec) === 'hls.js'),
      'no static hls.js import',
    );
    assert.ok(bareDynamicImports(entry).includes('hls.js'), 'hls.js is loaded with import()');
  });

  it('gallery-elements/uploader loads Uppy only through import(), the Dashboard bundled and trimmed', () => {
    const entry = join(DIST, 'uploader.js');
    const staticUppy = bareStaticImports(entry).filter((spec) => /^(@uppy\/|preact)/.test(spec));
    assert.deepEqual(staticUppy, [], 'no static @uppy or preact import');
    const initial = staticClosure(entry);
    const lazy = [...fullClosure(entry)].filter((file) => !initial.has(file));
    const imported = lazy.flatMap((file) => [
      ...moduleEdges(file).bareStatic,
      ...moduleEdges(file).bareDynamic,
    ]);
    for (const plugin of [
      '@uppy/core',
      '@uppy/golden-retriever',
      '@uppy/webcam',
      '@uppy/screen-capture',
      '@uppy/image-editor',
    ])
      assert.ok(
        imported.includes(plugin) || bareDynamicImports(entry).includes(plugin),
        `${plugin} is loaded lazily`,
      );
    // The Dashboard is in a lazy chunk of ours, with the trimmed stand-in for provider-views.
    assert.ok(!imported.includes('@uppy/dashboard'), 'the Dashboard is bundled');
    assert.ok(!imported.includes('@uppy/core/provider-views'), 'provider-views is not imported');
    const holders = lazy.filter((file) =>
      readFileSync(file, 'utf8').includes(LIBRARY_MARKERS['@uppy/dashboard']),
    );
    assert.equal(holders.length, 1, 'one lazy chunk holds the Dashboard');
  });

  it('the root entry and gallery-elements/view load neither hls.js nor Uppy statically', () => {
    for (const entry of ['index.js', 'view.js', 'api.js']) {
      const heavy = bareStaticImports(join(DIST, entry)).filter(
        (spec) => spec === 'hls.js' || spec.startsWith('@uppy/'),
      );
      assert.deepEqual(heavy, [], `${entry} imports ${heavy.join(', ')}`);
    }
  });

  it('bundles no dependency code and imports only declared dependencies', () => {
    const files = [...jsFiles(DIST), ...jsFiles(join(DIST, 'chunks'))];
    for (const file of files) {
      const edges = moduleEdges(file);
      for (const spec of [...edges.bareStatic, ...edges.bareDynamic]) {
        assert.ok(!spec.includes('?'), `${name(file)} keeps the bundler-only import ${spec}`);
        assert.ok(packageOf(spec) in pkg.dependencies, `${name(file)} imports ${spec}, not a dependency`);
      }
      if (file.endsWith('gallery-elements.js')) continue; // the script-tag loader, checked below
      const code = readFileSync(file, 'utf8');
      for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
        // The one library bundled on purpose (vite.config.ts): the uploader's test above checks where.
        if (library === '@uppy/dashboard') continue;
        assert.ok(!code.includes(marker), `${name(file)} contains a copy of ${library}`);
      }
    }
  });
});

describe('script-tag build: a small loader, every element and library lazy', () => {
  before(() => ensureBuilt());

  const loader = () => join(DIST, 'gallery-elements.js');

  it('the loader has no static imports (it also runs as a classic script) and loads each element lazily', () => {
    const edges = moduleEdges(loader());
    assert.deepEqual(edges.static, []);
    assert.deepEqual(edges.bareStatic, []);
    assert.deepEqual(edges.bareDynamic, []);
    assert.equal(new Set(edges.dynamic).size, 3, 'one lazy chunk per element');
    const code = readFileSync(loader(), 'utf8');
    assert.doesNotMatch(code, /^\s*export\b|[;}]\s*export\s*\{/m, 'no exports');
  });

  it('hls.js and Uppy each sit in their own chunks, reached only through import()', () => {
    const files = jsFiles(join(DIST, 'script-tag'));
    const reachable = fullClosure(loader());
    const elementChunks = moduleEdges(loader()).dynamic;
    const initialOfElements = new Set(elementChunks.flatMap((chunk) => [...staticClosure(chunk)]));
    for (const [library, marker] of Object.entries(LIBRARY_MARKERS)) {
      const holders = files.filter((file) => readFileSync(file, 'utf8').includes(marker));
      assert.ok(holders.length > 0, `${library} is in the script-tag build`);
      for (const holder of holders) {
        assert.ok(reachable.has(holder), `${name(holder)} is reachable from the loader`);
        assert.ok(
          !initialOfElements.has(holder),
          `${name(holder)} (${library}) loads with an element, not lazily`,
        );
      }
    }
  });

  it('every element chunk registers its tag', () => {
    const chunks = moduleEdges(loader()).dynamic.map((file) => [...staticClosure(file)]);
    for (const tag of ['gallery-view', 'gallery-uploader', 'live-player']) {
      const found = chunks.some((closure) =>
        // The minifier may write the name in any quotes, backticks included.
        closure.some((file) => new RegExp(`(["'\`])${tag}\\1`).test(readFileSync(file, 'utf8'))),
      );
      assert.ok(found, `a chunk names ${tag}`);
    }
    for (const chunk of moduleEdges(loader()).dynamic)
      assert.ok(readFileSync(chunk, 'utf8').trim().length > 0, `${name(chunk)} is not empty`);
  });
});
