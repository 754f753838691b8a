// Three builds: `vite build` makes the npm package (ESM, one entry per element, dependencies external);
// `--mode script-tag` makes dist/gallery-elements.js, a self-contained loader with lazy chunks;
// `--mode upload-frame` makes the upload.iframe page in dist/upload-frame/.
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/** Package entry points, as listed in package.json `exports`. */
export const NPM_ENTRIES = {
  index: 'src/index.ts',
  api: 'src/api/index.ts',
  uploader: 'src/entries/uploader.ts',
  view: 'src/entries/view.ts',
  live: 'src/entries/live.ts',
  define: 'src/define.ts',
};

/**
 * Runtime dependencies stay imports in the npm build, so apps dedupe Lit, Uppy and Preact (Uppy's renderer,
 * which must be one copy) and pick their versions.
 */
const EXTERNAL = /^(lit|lit-html|lit-element|@lit\/[^/]+|@lit-labs\/[^/]+|@uppy\/[^/]+|preact|hls\.js)(\/|$)/;
/**
 * Except the Dashboard: it is bundled, so that its one import from `@uppy/core/provider-views` can be
 * pointed at src/uppy-trim (see there: about 18 KB gzip less for every page with the uploader). Its small
 * helpers (classnames, nanoid, lodash/debounce, shallow-equal, prettier-bytes) come along.
 */
const BUNDLED = /^(@uppy\/dashboard|@uppy\/core\/provider-views)$/;
/** `x.css?inline` is Vite-only syntax: those stylesheets are inlined as strings, never left as imports. */
const isExternal = (id: string) => !id.includes('?') && !BUNDLED.test(id) && EXTERNAL.test(id);

/** Every build resolves the Dashboard's provider-views import to the trimmed stand-in. */
const resolve: UserConfig['resolve'] = {
  alias: [
    {
      find: /^@uppy\/core\/provider-views$/,
      replacement: fileURLToPath(new URL('./src/uppy-trim/provider-views.ts', import.meta.url)),
    },
  ],
};

const npmBuild: UserConfig = {
  resolve,
  build: {
    outDir: 'dist',
    // The first of the three builds (`npm run build`): starts from an empty dist/ so no stale chunk ships.
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: { entry: NPM_ENTRIES, formats: ['es'] },
    rollupOptions: {
      external: isExternal,
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
};

const scriptTagBuild: UserConfig = {
  resolve,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    // The loader has no static imports or exports, so it also runs as a classic script.
    lib: { entry: { 'gallery-elements': 'src/define.ts' }, formats: ['es'] },
    rollupOptions: {
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'script-tag/[name]-[hash].js',
        // Library mode keeps whitespace and comments in ES output even with `minify`: a CDN file should not.
        minify: true,
      },
    },
  },
};

/** The upload.iframe page: an HTML entry with external script and stylesheet only (strict CSP). */
const uploadFrameBuild: UserConfig = {
  root: 'src/upload-frame',
  base: '/upload-frame/',
  resolve,
  build: {
    outDir: '../../dist/upload-frame',
    emptyOutDir: true,
    target: 'es2022',
    // Vite would inline small assets as data: URLs; the CSP allows them for images only, so keep files.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
};

const BUILDS: Record<string, UserConfig> = { 'script-tag': scriptTagBuild, 'upload-frame': uploadFrameBuild };

export default defineConfig(({ mode }) => BUILDS[mode] ?? npmBuild);
