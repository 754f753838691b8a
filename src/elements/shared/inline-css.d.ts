// Types of `*.css?inline` imports: Vite (and the test runner's plugin) turn them into the stylesheet's text.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
