// The line under the drop zone's title that says what the uploader takes: the kinds of file, the largest
// size and the most files, only those the element's configuration sets, in the element's language.

/** The words the hint is made of (part of every language's table). */
export interface LimitsWords {
  /** `{types}`: the accepted kinds joined as a list ("images, videos and .pdf"). */
  limitTypes: string;
  /** `{size}`: the largest file, e.g. "50 MB". */
  limitSize: string;
  /** `{count}`: the most files, in the forms of the language (`limitFilesOne`, `limitFilesOther`, …). */
  limitFilesOne: string;
  limitFilesOther: string;
  typeImage: string;
  typeVideo: string;
  typeAudio: string;
}

export interface Limits {
  accept: readonly string[] | undefined;
  maxFileSize: number | undefined;
  maxFiles: number | undefined;
}

const WILDCARDS = { 'image/*': 'typeImage', 'video/*': 'typeVideo', 'audio/*': 'typeAudio' } as const;
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size as Uppy's messages write it (1024-based: the "50 MB" of its "exceeds … 50 MB"), in the language. */
export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/**
 * "Images and videos · up to 50 MB per file · up to 10 files", only the parts that are set; empty when
 * none is. `files` words the most files in the form the language needs for the count.
 */
export function limitsHint(
  limits: Limits,
  words: LimitsWords,
  language: string,
  files: (count: number) => string,
): string {
  const fill = (template: string, key: string, value: string) => template.replace(`{${key}}`, value);
  const parts: string[] = [];
  const types = (limits.accept ?? []).map((type) =>
    type in WILDCARDS ? words[WILDCARDS[type as keyof typeof WILDCARDS]] : type,
  );
  if (types.length > 0) {
    const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(types);
    parts.push(fill(words.limitTypes, 'types', list));
  }
  if (limits.maxFileSize && limits.maxFileSize > 0)
    parts.push(fill(words.limitSize, 'size', formatSize(limits.maxFileSize, language)));
  if (limits.maxFiles && limits.maxFiles > 0) parts.push(files(limits.maxFiles));
  // The dot holds to the part before it, so a wrapped line never starts with one.
  const line = parts.join('\u00a0· ');
  return line.charAt(0).toLocaleUpperCase(language) + line.slice(1);
}
