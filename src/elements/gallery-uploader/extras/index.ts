// The Dashboard's optional parts, each loaded with import() only when the element asks for it: sources
// (camera, screen capture) by the `sources` attribute, the image editor by `image-editor`.
import type { Body, Meta, Uppy } from '@uppy/core';

/** Source names of the `sources` attribute. */
export const SOURCES = ['camera', 'screen'] as const;
export type SourceName = (typeof SOURCES)[number];

interface Extra {
  /** An Uppy plugin class, added with its default options. */
  plugin: unknown;
  css: string;
}

const LOADERS: Record<SourceName | 'editor', () => Promise<Extra>> = {
  camera: () => import('./webcam.ts') as Promise<Extra>,
  screen: () => import('./screen-capture.ts') as Promise<Extra>,
  editor: () => import('./image-editor.ts') as Promise<Extra>,
};

/** The `sources` attribute read into known names, in order, once each. */
export function sourcesOf(value: string | undefined): SourceName[] {
  const names = (value ?? '')
    .split(/[\s,]+/)
    .filter((name): name is SourceName => (SOURCES as readonly string[]).includes(name));
  return [...new Set(names)];
}

/** Loads the asked-for parts; each is ready to `add` to Uppy (the Dashboard picks them up itself). */
export async function loadExtras(
  sources: readonly SourceName[],
  imageEditor: boolean,
): Promise<{ css: string[]; add: <M extends Meta, B extends Body>(uppy: Uppy<M, B>) => void }> {
  const names: (SourceName | 'editor')[] = [...sources, ...(imageEditor ? (['editor'] as const) : [])];
  const extras = await Promise.all(names.map((name) => LOADERS[name]()));
  return {
    css: extras.map((extra) => extra.css),
    add: (uppy) => {
      const target = uppy as unknown as { use(plugin: unknown): unknown };
      for (const extra of extras) target.use(extra.plugin);
    },
  };
}
