// The uploader's languages besides English (en.ts, inline): each loads as its own chunk on first use,
// together with Uppy's full locale of that language (@uppy/locales), so no English string of Uppy's
// remains; the words of our table's `uppy` entry stay on top of Uppy's.
import type { TableLoaders } from '../../shared/localize-controller.ts';
import type { UploaderWords, UppyStrings } from './en.ts';

async function withUppy(
  table: Promise<UploaderWords>,
  uppy: Promise<{ default: { strings: object } }>,
): Promise<UploaderWords> {
  const [words, locale] = await Promise.all([table, uppy]);
  return { ...words, uppy: { ...(locale.default.strings as UppyStrings), ...words.uppy } };
}

export const loaders: TableLoaders<UploaderWords> = {
  de: () =>
    withUppy(
      import('./de.ts').then((module) => module.de),
      import('@uppy/locales/lib/de_DE.js'),
    ),
  fr: () =>
    withUppy(
      import('./fr.ts').then((module) => module.fr),
      import('@uppy/locales/lib/fr_FR.js'),
    ),
};
