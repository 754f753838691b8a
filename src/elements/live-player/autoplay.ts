// How <live-player> starts a stream by itself: with sound when the browser allows it, else muted (as Mux
// Player's autoplay="any" and video.js do), or not at all when the page says autoplay="off".

/** `any`: with sound if allowed, else muted; `muted`: always muted; `off`: the viewer presses play. */
export type AutoplayMode = 'any' | 'muted' | 'off';

/** What the `autoplay` attribute or property holds; absent (null) means the default, `any`. */
export function autoplayMode(value: unknown): AutoplayMode {
  if (value === false || value === 'off' || value === 'false') return 'off';
  if (value === 'muted') return 'muted';
  return 'any';
}

/**
 * `playing` (as asked), `muted` (the browser refused sound, so it plays muted), `blocked` (the browser
 * refused even muted playback: the viewer must press play) or `failed` (no autoplay reason, e.g. a new
 * source interrupted it).
 */
export type AutoplayOutcome = 'playing' | 'muted' | 'blocked' | 'failed';

const refused = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError';

/** Starts `video` the way `mode` says; browsers refuse unmuted playback a viewer did not ask for. */
export async function autoplay(
  video: HTMLVideoElement,
  mode: Exclude<AutoplayMode, 'off'>,
): Promise<AutoplayOutcome> {
  if (mode === 'muted') video.muted = true;
  try {
    await video.play();
    return 'playing';
  } catch (error) {
    if (!refused(error)) return 'failed';
    if (video.muted) return 'blocked';
  }
  video.muted = true;
  try {
    await video.play();
    return 'muted';
  } catch (error) {
    return refused(error) ? 'blocked' : 'failed';
  }
}
