// Registers a custom element only in a browser and only once, so a widget loaded twice never throws.

export function defineElement(tag: string, elementClass: CustomElementConstructor): void {
  // Server-side rendering and Node tooling import the modules without a browser. Lit's Node build
  // installs a stand-in `customElements` there, so ask for a document too: no document, no registration.
  if (typeof customElements === 'undefined' || typeof document === 'undefined') return;
  if (customElements.get(tag)) return;
  customElements.define(tag, elementClass);
}
