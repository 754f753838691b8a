// The frame's language and the page's own lines in it (its title, headings and camera button); the list
// of uploads and the uploader speak it through their `locale`.
import { resolveLanguage } from '../elements/shared/localize-controller.ts';
import { en, type FrameStrings } from './locales/en.ts';
import { loaders } from './locales/index.ts';

/**
 * `locale` in the frame's address (the embed code passes it on), else the visitor's browser languages,
 * else English: the embedding site's `lang` cannot be read across origins.
 */
export function frameLanguage(search: string, browser: readonly string[]): string {
  const asked = new URLSearchParams(search).get('locale');
  return resolveLanguage(['en', ...Object.keys(loaders)], asked, ...browser);
}

/** Sets the page's `lang` and fills each element marked `data-word="key"` with that word. */
export async function speak(language: string, doc: Document): Promise<void> {
  doc.documentElement.lang = language;
  const load = loaders[language];
  // A table that fails to load leaves the page in English rather than without words.
  const words: FrameStrings = load ? await load().catch(() => en) : en;
  doc.title = words.pageTitle;
  for (const el of doc.querySelectorAll<HTMLElement>('[data-word]')) {
    const word = words[el.dataset.word as keyof FrameStrings];
    if (word) el.textContent = word;
  }
}
