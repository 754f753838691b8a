// Custom Elements Manifest analyzer config: the elements' public contract (attributes, properties,
// events, parts, CSS custom properties, slots) from their classes and JSDoc, into custom-elements.json.
// `npm run build` writes it; it is generated, git-ignored and shipped in the package.

/** Tag names claimed through our guarded `defineElement('tag', Class)` (the analyzer only knows `customElements.define`). */
const tags = new Map();
/** Lit `static properties` entries with `state: true`: internal state, neither attribute nor public API. */
const stateFields = new Map();

function propertyName(ts, node) {
  return node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    ? node.name.text
    : undefined;
}

/** Reads what the analyzer misses in our element sources. */
function collect(ts, node) {
  if (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'defineElement' &&
    node.arguments.length === 2 &&
    ts.isStringLiteral(node.arguments[0]) &&
    ts.isIdentifier(node.arguments[1])
  ) {
    tags.set(node.arguments[1].text, node.arguments[0].text);
  }
  if (ts.isClassDeclaration(node) && node.name) {
    for (const member of node.members) {
      if (!ts.isPropertyDeclaration(member) || propertyName(ts, member) !== 'properties') continue;
      if (!member.initializer || !ts.isObjectLiteralExpression(member.initializer)) continue;
      const names = new Set();
      for (const prop of member.initializer.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isObjectLiteralExpression(prop.initializer)) continue;
        const isState = prop.initializer.properties.some(
          (option) =>
            ts.isPropertyAssignment(option) &&
            propertyName(ts, option) === 'state' &&
            option.initializer.kind === ts.SyntaxKind.TrueKeyword,
        );
        if (isState) names.add(propertyName(ts, prop));
      }
      stateFields.set(node.name.text, names);
    }
  }
}

/** Event names are `<family>-<what>`; the analyzer also guesses names from constructor arguments. */
const EVENT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;

function ourElements() {
  return {
    name: 'gallery-elements',
    analyzePhase({ ts, node }) {
      collect(ts, node);
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        // The define helper's own `customElements.define(tag, elementClass)` is no definition.
        mod.exports = (mod.exports ?? []).filter(
          (entry) => entry.kind !== 'custom-element-definition' || entry.declaration?.name !== 'elementClass',
        );
        for (const declaration of mod.declarations ?? []) {
          if (!declaration.customElement) continue;
          const tag = tags.get(declaration.name);
          if (tag) {
            declaration.tagName = tag;
            mod.exports.push({
              kind: 'custom-element-definition',
              name: tag,
              declaration: { name: declaration.name, module: mod.path },
            });
          }
          const state = stateFields.get(declaration.name) ?? new Set();
          declaration.attributes = (declaration.attributes ?? []).filter(
            (attribute) => !state.has(attribute.fieldName),
          );
          declaration.members = (declaration.members ?? []).filter((member) => !state.has(member.name));
          declaration.events = (declaration.events ?? []).filter((event) =>
            EVENT_NAME.test(event.name ?? ''),
          );
        }
      }
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.d.ts', 'src/elements/shared/define-element.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
  plugins: [ourElements()],
};
