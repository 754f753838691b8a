// File names as people give them, made safe: to show in records, and as entries of a gallery's zip.

/** The client's file name made safe to show: no path, no control characters, at most 255 characters. */
export function displayFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
  const short = Array.from(clean).slice(0, 255).join('');
  return short === '' || short === '.' || short === '..' ? 'file' : short;
}

/** A zip entry name that stays inside the folder it is extracted to: one plain segment, no `..`. */
export function safeEntryName(filename: string): string {
  const clean = displayFilename(filename)
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  const short = Array.from(clean).slice(0, 180).join('');
  return short === '' ? 'file' : short;
}

/** `name.ext`, then `name (2).ext`, … (case-insensitively unique, as most file systems need). */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A display name for a fetched file: Content-Disposition's filename, else the URL's last path segment. */
export function filenameOf(disposition: string | null, url: URL): string {
  if (disposition) {
    const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (extended?.[1]) {
      try {
        return decodeURIComponent(extended[1].trim());
      } catch {
        // fall through to the plain form
      }
    }
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
    const name = (plain?.[1] ?? plain?.[2])?.trim();
    if (name) return name;
  }
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || url.hostname;
  } catch {
    return last || url.hostname;
  }
}
