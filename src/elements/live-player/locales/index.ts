// The player's languages besides English (en.ts, inline): each loads as its own chunk on first use.
import type { TableLoaders } from '../../shared/localize-controller.ts';
import type { LivePlayerStrings } from './en.ts';

export const loaders: TableLoaders<LivePlayerStrings> = {
  de: () => import('./de.ts').then((module) => module.de),
  fr: () => import('./fr.ts').then((module) => module.fr),
};
