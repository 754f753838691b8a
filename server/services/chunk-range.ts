// Which bytes of a file a chunk of a chunked upload holds (decisions.md "Wire behaviour").

// `bytes S-E/T`, `bytes S-E` (total not known yet) or `bytes */T` (a probe of the stored offset).
export type ContentRange =
  | { probe: false; start: number; end: number; total: number | null }
  | { probe: true; total: number };

/**
 * Whether a chunk of `length` bytes fits its range: E exclusive (E - S = length, as the service's
 * uploader sends) or inclusive (E - S + 1 = length); the body length tells the two apart.
 */
export function rangeFits(range: { start: number; end: number }, length: number): boolean {
  return range.end - range.start === length || range.end - range.start + 1 === length;
}
