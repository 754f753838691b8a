// The upload headers of a chunk as the hosted service's uploader sends them: Content-Range, unique-id and
// X-FILE-NAME (decisions.md "Wire behaviour").
import { invalid } from '../errors.ts';
import type { ContentRange } from '../services/chunk-range.ts';

const RANGE = /^bytes\s+(?:(\d{1,16})-(\d{1,16})|(\*))(?:\/(\d{1,16}))?$/i;

// Parses a Content-Range header; throws 400 invalid_parameter when it is malformed.
export function parseContentRange(header: string): ContentRange {
  const match = RANGE.exec(header.trim());
  const refuse = () => invalid('Content-Range', 'must be "bytes START-END/TOTAL" or "bytes */TOTAL"');
  if (!match) throw refuse();
  const total = match[4] === undefined ? null : Number(match[4]);
  if (match[3] === '*') {
    if (total === null) throw refuse();
    return { probe: true, total };
  }
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start - 1) throw refuse();
  if (total !== null && !Number.isSafeInteger(total)) throw refuse();
  return { probe: false, start, end, total };
}

/** `unique-id`: an opaque value the client keeps for every chunk of one file (the service's: ms digits). */
export function parseUniqueId(value: unknown, name = 'unique-id'): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^[A-Za-z0-9._:-]{1,128}$/.test(value)) {
    throw invalid(name, 'must be 1-128 characters of letters, digits and . _ : -');
  }
  return value;
}

/** `X-FILE-NAME` is URI-encoded by the service's uploader; a value that does not decode is taken as it is. */
export function decodeFileName(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (value.length > 4096) throw invalid('X-FILE-NAME', 'is longer than 4096 characters');
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
