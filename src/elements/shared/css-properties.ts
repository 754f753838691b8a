// Custom properties on an element, set through the CSSOM only. Lit's styleMap writes its first render as a
// `style` attribute, which a page whose CSP says `style-src 'self'` refuses (and reports); setProperty() is
// not an inline style in CSP's sense, so the portal pages keep their strict policy.
import { noChange } from 'lit';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';

class CssPropertiesDirective extends Directive {
  private previous = new Set<string>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT)
      throw new Error('cssProperties() belongs in an element tag, not in an attribute or text');
  }

  render(_properties: Readonly<Record<string, string>>): unknown {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [Readonly<Record<string, string>>]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.previous) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    this.previous = new Set(Object.keys(properties));
    return noChange;
  }
}

/** Sets `--name: value` pairs on the element it is placed on, and removes those a later render drops. */
export const cssProperties = directive(CssPropertiesDirective);
