// The visual tests' API (browser side): shoots an element, the viewport, or a page of the reference server at
// 390 and 1280 px wide, light and dark, and holds each shot against test/visual/baselines/
// <name>.<width>.<scheme>.png. The work is done by the runner's plugin (test/support/wtr-visual.mjs).
import { executeServerCommand } from '@web/test-runner-commands';

export const WIDTHS = [390, 1280] as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

export interface SnapshotOptions {
  /**
   * Runs after each change of width and colour scheme, before the shot: wait here for what the element
   * redraws (images, a layout measured in JS). Fonts, visible images and two frames are awaited anyway.
   */
  settle?: (view: { width: number; scheme: Scheme }) => Promise<void>;
  /** CSS selectors (they reach into open shadow roots) of content that differs between runs: painted over. */
  mask?: string[];
  /**
   * How the scheme is chosen: `media` (default) emulates `prefers-color-scheme`; `theme` sets the target's
   * `theme` attribute under the opposite emulated scheme, so the shots prove the attribute wins over the
   * visitor's preference and draws the very same pictures (they are held against the same baselines).
   */
  via?: 'media' | 'theme';
}

export interface PageSnapshotOptions {
  /**
   * Conditions the page must meet before the shot, by name: JavaScript expressions, true once it shows
   * what the shot is about. A page that never gets there fails naming the conditions left unmet.
   */
  ready?: Record<string, string>;
  /** As in SnapshotOptions. */
  mask?: string[];
  /**
   * CSS selectors (of the page, not inside shadow roots) of text that differs between runs, each with the
   * fixed words shown instead once `ready` holds: unlike a mask, the layout no longer depends on it either
   * (a random id can wrap a line or not).
   */
  text?: Record<string, string>;
}

// The host page: no margin (an element shot at 390 is 390 px wide), and a canvas that follows the colour
// scheme as a dark-aware site's does, so a transparent element is seen over the right background.
const host = document.createElement('style');
host.textContent = ':root { color-scheme: light dark; } body { margin: 0; }';
document.head.append(host);

// Resizing the viewport makes Chromium report "ResizeObserver loop completed with undelivered notifications"
// when an observer's callback changes layout (the rest is delivered a frame later). Browsers only tell
// window.onerror about it, where mocha would fail the test: stop it first (capture runs before mocha's handler).
window.addEventListener(
  'error',
  (event) => {
    if (event.message.startsWith('ResizeObserver loop')) event.stopImmediatePropagation();
  },
  true,
);

declare global {
  interface Window {
    __visualTarget?: Element | null;
  }
}

/**
 * Shoots `target` (its box) or, given `document`, the viewport (for what sits in
 * the top layer, such as a modal dialog) at every width and scheme; throws once, naming every shot that differs.
 */
export async function snapshot(target: Element | Document, name: string, options: SnapshotOptions = {}) {
  const failures: string[] = [];
  const element = target instanceof Element ? target : null;
  const theme = element?.getAttribute('theme') ?? null;
  window.__visualTarget = element;
  try {
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const emulated = options.via === 'theme' ? opposite(scheme) : scheme;
        if (options.via === 'theme') {
          element?.setAttribute('theme', scheme);
          // The host page is the site that chose the theme: its canvas follows the choice too.
          document.documentElement.style.colorScheme = scheme;
        }
        await executeServerCommand('visual-view', { width, scheme: emulated });
        await options.settle?.({ width, scheme });
        // Grown to the element's full height: what lies below the fold is rendered and loaded as on screen.
        const bottom =
          target instanceof Element ? Math.ceil(target.getBoundingClientRect().bottom + scrollY) : 0;
        if (bottom > innerHeight) {
          await executeServerCommand('visual-view', { width, scheme: emulated, height: bottom });
          await options.settle?.({ width, scheme });
        }
        const result = await executeServerCommand<{ passed: boolean; message?: string }, object>(
          'visual-shot',
          { name: `${name}.${width}.${scheme}`, mask: options.mask ?? [] },
        );
        if (!result.passed) failures.push(result.message ?? name);
      }
    }
  } finally {
    if (options.via === 'theme') {
      if (theme === null) element?.removeAttribute('theme');
      else element?.setAttribute('theme', theme);
      document.documentElement.style.colorScheme = '';
    }
    window.__visualTarget = null;
    await executeServerCommand('visual-view', { reset: true });
  }
  differences(failures);
}

/** How long a page may take to meet its `ready` conditions at one width and scheme (its first load bundles). */
const READY_MS = 60_000;

/** Loads `url` (a page of the reference server) in a page of its own and shoots it whole at every width and scheme. */
export async function snapshotPage(url: string, name: string, options: PageSnapshotOptions = {}) {
  const failures: string[] = [];
  await executeServerCommand('visual-page-open', { url, width: WIDTHS[0], scheme: SCHEMES[0] });
  for (const width of WIDTHS) {
    for (const scheme of SCHEMES) {
      // Each command is one bounded step (the runner gives a command 20 s): ask again until the page is ready.
      const deadline = performance.now() + READY_MS;
      for (;;) {
        const { unmet } = await executeServerCommand<{ unmet: string[] }, object>('visual-page-fit', {
          width,
          scheme,
          ready: options.ready ?? {},
          text: options.text ?? {},
        });
        if (unmet.length === 0) break;
        if (performance.now() > deadline)
          throw new Error(
            `${url} at ${width} px, ${scheme}: not ready after ${READY_MS} ms: ${unmet.join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const result = await executeServerCommand<{ passed: boolean; message?: string }, object>(
        'visual-page-shot',
        { name: `${name}.${width}.${scheme}`, mask: options.mask ?? [] },
      );
      if (!result.passed) failures.push(result.message ?? name);
    }
  }
  differences(failures);
}

const opposite = (scheme: Scheme): Scheme => (scheme === 'light' ? 'dark' : 'light');

function differences(failures: string[]): void {
  if (failures.length === 0) return;
  throw new Error(
    `${failures.length} shot(s) differ from their baselines. Look at the pictures; when the change is meant, ` +
      `run npm run test:visual:update and commit the new baselines.\n${failures.join('\n')}`,
  );
}
