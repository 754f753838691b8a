// Subtitles as browsers read them: WebVTT. A SubRip (.srt) file is converted; a WebVTT one is kept, its line
// ends and byte-order mark normalised.

/** The most a subtitle file may hold: a feature film's is well under 1 MB. */
export const MAX_SUBTITLE_BYTES = 5 * 1024 * 1024;

const SRT_TIME = /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})$/;

/** `00:01:02,5` -> `00:01:02.500`. */
function vttTime(text: string): string | null {
  const match = SRT_TIME.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m = '0', s = '0', ms = '0'] = match;
  return `${h.padStart(2, '0')}:${m}:${s}.${ms.padEnd(3, '0')}`;
}

function normalised(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Whether a text starts like a SubRip file: a cue number, then a `start --> end` line. */
export function looksLikeSrt(text: string): boolean {
  return /^\s*\d+\s*\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(normalised(text));
}

/** SubRip to WebVTT: cue numbers kept as identifiers, commas in times made dots. Throws for no cue at all. */
export function srtToVtt(srt: string): string {
  const blocks = normalised(srt)
    .trim()
    .split(/\n{2,}/);
  const cues: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from = '', rest = ''] = (lines[timing] ?? '').split('-->');
    const [to = '', ...settings] = rest.trim().split(/\s+/);
    const start = vttTime(from);
    const end = vttTime(to);
    if (!start || !end) continue;
    const id = lines.slice(0, timing).join(' ').trim();
    // A blank line would end the cue early and `-->` inside text would start a new one.
    const text = lines
      .slice(timing + 1)
      .filter((line) => line.trim() !== '')
      .map((line) => line.replace(/-->/g, '->'));
    cues.push([...(id ? [id] : []), [start, '-->', end, ...settings].join(' '), ...text].join('\n'));
  }
  if (cues.length === 0) throw new Error('The subtitle file has no cue a player can read');
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** A WebVTT file as it will be served; throws when it does not start with the WEBVTT signature. */
export function normaliseVtt(vtt: string): string {
  const text = normalised(vtt);
  if (!/^WEBVTT(?:[ \t\n]|$)/.test(text)) throw new Error('The subtitle file does not start with WEBVTT');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** Any subtitle file we accept, as WebVTT; throws a readable error for anything else. */
export function toWebVtt(text: string): string {
  if (normalised(text).startsWith('WEBVTT')) return normaliseVtt(text);
  if (looksLikeSrt(text)) return srtToVtt(text);
  throw new Error('Subtitles must be WebVTT (.vtt) or SubRip (.srt) text');
}
