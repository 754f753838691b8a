// Test-runner plugins: compile .ts with esbuild, and serve `*.css?inline` as a string module like Vite does.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { transform } from 'esbuild';

export function typescriptPlugin() {
  return {
    name: 'gallery-typescript',
    resolveMimeType(context) {
      if (context.path.endsWith('.ts')) return 'js';
    },
    async transform(context) {
      if (!context.path.endsWith('.ts')) return;
      const result = await transform(context.body, {
        loader: 'ts',
        format: 'esm',
        target: 'es2022',
        sourcemap: 'inline',
        sourcefile: context.path,
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
      });
      return { body: result.code };
    },
  };
}

export function inlineCssPlugin() {
  return {
    name: 'gallery-inline-css',
    resolveMimeType(context) {
      if (context.path.endsWith('.css') && context.URL.searchParams.has('inline')) return 'js';
    },
    async serve(context) {
      if (!context.path.endsWith('.css') || !context.URL.searchParams.has('inline')) return;
      const css = await readFile(join(process.cwd(), decodeURIComponent(context.path)), 'utf8').catch(
        () => undefined,
      );
      if (css === undefined) return;
      return { body: `export default ${JSON.stringify(css)};`, type: 'js' };
    },
  };
}
