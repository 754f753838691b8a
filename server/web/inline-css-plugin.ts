// esbuild plugin for `import css from 'x.css?inline'` as Vite does it: the stylesheet's text as the default
// export. Shared by the server's on-the-fly bundles and bench/size, so both build what Vite builds.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

export const inlineCssPlugin: Plugin = {
  name: 'inline-css',
  setup(build) {
    build.onResolve({ filter: /\.css\?inline$/ }, async (args) => {
      const found = await build.resolve(args.path.replace(/\?inline$/, ''), {
        kind: 'import-statement',
        resolveDir: args.resolveDir,
      });
      return { path: found.path, namespace: 'inline-css' };
    });
    build.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
      contents: `export default ${JSON.stringify(await readFile(args.path, 'utf8'))};`,
      loader: 'js',
    }));
  },
};
