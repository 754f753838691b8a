// The upload frame's languages besides English (en.ts, inline): each loads as its own chunk on first use.
import type { TableLoaders } from '../../elements/shared/localize-controller.ts';
import type { FrameStrings } from './en.ts';

export const loaders: TableLoaders<FrameStrings> = {
  de: () => import('./de.ts').then((module) => module.de),
  fr: () => import('./fr.ts').then((module) => module.fr),
};
