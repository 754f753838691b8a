// Test-runner plugin: pre-bundles the @uppy/* entry points (and axe-core) with esbuild, because the runner
// cannot serve their CommonJS code (lodash, classnames, mime-match, namespace-emitter, axe's UMD) as ES modules.
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { build } from 'esbuild';

/** Bare specifiers the elements and tests import, and the file names they are served under. */
const ENTRIES = {
  '@uppy/core': 'core',
  '@uppy/core/utils': 'core-utils',
  '@uppy/dashboard': 'dashboard',
  '@uppy/golden-retriever': 'golden-retriever',
  '@uppy/webcam': 'webcam',
  '@uppy/screen-capture': 'screen-capture',
  '@uppy/image-editor': 'image-editor',
  // `import axe from 'axe-core'` needs the UMD file wrapped as an ES module with a default export.
  'axe-core': 'axe-core',
};
const PREFIX = '/__uppy-prebundle__/';

export function uppyPrebundlePlugin({ entries = ENTRIES } = {}) {
  /** Output files by served path; one build with code splitting so every entry shares one @uppy/core. */
  let outputs = new Map();
  const require = createRequire(`${process.cwd()}/package.json`);

  return {
    name: 'gallery-uppy-prebundle',
    async serverStart() {
      const result = await build({
        entryPoints: Object.fromEntries(Object.entries(entries).map(([spec, name]) => [name, spec])),
        absWorkingDir: process.cwd(),
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        conditions: ['browser', 'production'],
        define: { 'process.env.NODE_ENV': '"production"' },
        outdir: 'uppy-prebundle',
        write: false,
        logLevel: 'silent',
      });
      outputs = new Map(
        result.outputFiles.map((file) => [
          `${PREFIX}${relative(`${process.cwd()}/uppy-prebundle`, file.path)}`,
          file.text,
        ]),
      );
    },
    resolveImport({ source }) {
      if (Object.hasOwn(entries, source)) return `${PREFIX}${entries[source]}.js`;
      // Uppy's stylesheets through package exports: hand the real file to the `?inline` CSS plugin.
      const css = /^(@uppy\/[^/]+\/css\/[^?]+\.css)\?inline$/.exec(source);
      if (css) return `/${relative(process.cwd(), require.resolve(css[1]))}?inline`;
      return undefined;
    },
    serve(context) {
      const body = outputs.get(context.path);
      if (body !== undefined) return { body, type: 'js' };
      return undefined;
    },
  };
}
