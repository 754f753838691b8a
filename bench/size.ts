// bench/size: gzip sizes of what `npm run build` ships (dist/), per entry: the initial load (entry + static
// imports, Lit included), the lazy chunks, and apart from them the opt-in chunks a page loads only when it
// asks (the uploader's camera, screen capture, image editor), against the budgets of issue 8 (anchors: Uppy+Lit 84.7 KB JS
// + 11.7 KB CSS, Uploadcare 104 + 11 KB, Mux Player 332 KB, media-chrome + hls.js 236 KB). `--short` is the
// same run: it only reads the build.
import { BUDGETS, measureAll, measured } from './lib/sizes.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const sizes = await measureAll();
console.log(`${'entry'.padEnd(28)} ${'initial'.padStart(9)} ${'lazy'.padStart(9)}   budget (gzip -9)`);
for (const size of sizes) {
  const budget = BUDGETS[size.name];
  const verdict =
    budget === undefined
      ? ''
      : `${kb(budget.bytes)} ${budget.of}: ${kb(measured(size, budget))} ${measured(size, budget) <= budget.bytes ? 'ok' : measured(size, budget) <= budget.bytes * 1.1 ? 'within 10%' : 'OVER'}`;
  console.log(
    `${size.name.padEnd(28)} ${kb(size.initial).padStart(9)} ${kb(size.lazy).padStart(9)}   ${verdict}`,
  );
  for (const [part, bytes] of Object.entries(size.optIn)) {
    console.log(
      `  + opt-in ${part.padEnd(17)} ${''.padStart(9)} ${kb(bytes).padStart(9)}   (outside the budget)`,
    );
  }
}
console.log(
  '(npm entries: dist/ bundled with their dependencies and minified as an app would; script tag: dist/ as served)',
);
console.log(
  JSON.stringify({
    bench: 'size',
    sizes: Object.fromEntries(
      sizes.map((size) => [
        size.name,
        { entry: size.entry, initial: size.initial, lazy: size.lazy, optIn: size.optIn },
      ]),
    ),
    budgets: BUDGETS,
  }),
);
