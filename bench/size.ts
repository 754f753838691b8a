// bench/size: gzip sizes of each entry and of the script-tag bundle, initial load vs lazy chunks,
// against the budgets (anchors: Uppy+Lit 84.7 KB JS + 11.7 KB CSS, Uploadcare 104 + 11 KB,
// Mux Player 332 KB, media-chrome + hls.js 236 KB).
import { BUDGETS, measureAll, measured } from './lib/sizes.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const sizes = await measureAll();
console.log('entry               initial      lazy   budget');
for (const size of sizes) {
  const budget = BUDGETS[size.name];
  const verdict =
    budget === undefined
      ? ''
      : `${kb(budget.bytes)} (${budget.of}) ${measured(size, budget) <= budget.bytes ? 'ok' : 'OVER'}`;
  console.log(
    `${size.name.padEnd(18)} ${kb(size.initial).padStart(9)} ${kb(size.lazy).padStart(9)}   ${verdict}`,
  );
}
console.log(
  JSON.stringify({
    bench: 'size',
    sizes: Object.fromEntries(sizes.map((size) => [size.name, { initial: size.initial, lazy: size.lazy }])),
  }),
);
