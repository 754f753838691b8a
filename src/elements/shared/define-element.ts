// Registers a custom element only in a browser and only once, so a widget loaded twice never throws.

export function defineElement(tag: string, elementClass: CustomElementConstructor): void {
  // Server-side rendering and Node tooling import the modules without a registry.
  if (typeof customElements === 'undefined') return;
  if (customElements.get(tag)) return;
  customElements.define(tag, elementClass);
}
