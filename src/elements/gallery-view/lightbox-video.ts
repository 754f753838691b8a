// A video in the lightbox: its poster first, then its HLS renditions through hls.js (the same lazy
// `import('hls.js')` as <live-player>, so the two share one chunk), or the browser's own HLS where it has no
// Media Source Extensions, or the original file while the server has made no renditions yet; attached
// subtitles as text tracks, with a language menu.
import type Hls from 'hls.js';
import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { ref } from 'lit/directives/ref.js';
import type { AssetVersion, GalleryItem } from '../../api/types.ts';

/** The master playlist of an item's HLS renditions, when the server has made them. */
export function hlsUrl(item: GalleryItem): string | undefined {
  return (item.versions as Record<string, AssetVersion | undefined> | undefined)?.hls?.url;
}

export interface SubtitleTrack {
  /** BCP 47 tag from the attachment type `subtitle-<lang>`. */
  lang: string;
  /** The WebVTT version's URL. */
  url: string;
}

/** Subtitles attached as `subtitle-<lang>` whose WebVTT version exists (gallery.get_items `attached_versions`). */
export function subtitleTracks(item: GalleryItem): SubtitleTrack[] {
  const tracks: SubtitleTrack[] = [];
  for (const [type, versions] of Object.entries(item.attached_versions ?? {})) {
    const lang = /^subtitle-(.+)$/i.exec(type)?.[1];
    const url = versions.vtt?.url;
    if (lang && url) tracks.push({ lang, url });
  }
  return tracks.sort((a, b) => a.lang.localeCompare(b.lang));
}

export interface VideoSource {
  rid: string;
  label: string;
  /** The master playlist, when there is one. */
  hls: string | undefined;
  original: string;
  poster: string | undefined;
  tracks: readonly SubtitleTrack[];
  /** The lightbox's words for the menu. */
  words: { subtitles: string; subtitlesOff: string };
  /** The page's language, to name the subtitle languages in. */
  locale: string;
}

interface Player {
  src: string;
  destroy(): void;
}

const players = new Map<HTMLVideoElement, Player>();

/** Whether the browser can play HLS through Media Source Extensions (hls.js' way). */
const hasMse = () => 'MediaSource' in globalThis || 'ManagedMediaSource' in globalThis;

/** Plays `data-hls` in the video: hls.js where MSE exists, else native HLS, else the original. */
async function start(video: HTMLVideoElement): Promise<void> {
  const src = video.dataset.hls ?? '';
  const original = video.dataset.original ?? '';
  if (players.get(video)?.src === src) return;
  players.get(video)?.destroy();
  players.delete(video);
  const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
  if (!src || (!hasMse() && !native)) {
    video.src = original;
    return;
  }
  if (!hasMse()) {
    video.dataset.player = 'native';
    video.src = src;
    return;
  }
  // Reserved before the import resolves: a second render of the same video does not start a second player.
  let hls: Hls | undefined;
  let stopped = false;
  players.set(video, {
    src,
    destroy: () => {
      stopped = true;
      hls?.destroy();
    },
  });
  const { default: HlsClass } = await import('hls.js');
  if (stopped || !video.isConnected) return;
  if (!HlsClass.isSupported()) {
    video.src = native ? src : original;
    return;
  }
  hls = new HlsClass({ capLevelToPlayerSize: true, startLevel: -1 });
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // Renditions that cannot be played (a broken segment, a network refusal): the original instead.
    hls?.destroy();
    video.dataset.player = 'original';
    video.src = original;
  });
  video.dataset.player = 'hls.js';
  hls.loadSource(src);
  hls.attachMedia(video);
}

/** Lit's ref callback: starts the player of a new video and stops those that left the page. */
function attach(element: Element | undefined): void {
  for (const [video, player] of players) {
    if (video.isConnected) continue;
    player.destroy();
    players.delete(video);
  }
  // After this render has set the video's data attributes (parts commit in order; do not depend on it).
  if (element instanceof HTMLVideoElement) queueMicrotask(() => void start(element));
}

/** Shows the chosen language's track (or none). */
function chooseTrack(event: Event): void {
  const select = event.currentTarget as HTMLSelectElement;
  const video = select.closest('.video')?.querySelector('video');
  if (!video) return;
  for (const track of Array.from(video.textTracks)) {
    track.mode = track.language === select.value ? 'showing' : 'disabled';
  }
}

function languageName(lang: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

export function lightboxVideo(source: VideoSource): TemplateResult {
  const { tracks, words } = source;
  // Keyed: the next item gets a new <video> (and player), never the previous one's picture or buffer.
  return keyed(
    source.rid,
    html`<div class="video">
      <video
        part="lightbox-video"
        data-hls=${source.hls ?? ''}
        data-original=${source.original}
        poster=${source.poster ?? nothing}
        crossorigin=${tracks.length > 0 ? 'anonymous' : nothing}
        controls
        playsinline
        preload="metadata"
        aria-label=${source.label}
        ${ref(attach)}
      >
        ${tracks.map(
          (track) =>
            html`<track kind="subtitles" srclang=${track.lang} label=${languageName(track.lang, source.locale)} src=${track.url} />`,
        )}
      </video>
      ${
        tracks.length > 0
          ? html`<label class="subtitles" part="lightbox-subtitles"
              >${words.subtitles}
              <select @change=${chooseTrack}>
                <option value="">${words.subtitlesOff}</option>
                ${tracks.map((track) => html`<option value=${track.lang}>${languageName(track.lang, source.locale)}</option>`)}
              </select></label
            >`
          : nothing
      }
    </div>`,
  ) as TemplateResult;
}
