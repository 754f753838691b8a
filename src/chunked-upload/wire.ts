// The upload wire protocol as our uploader speaks it (WIRE-DESIGN.md): the headers of a chunk, a probe and
// a whole-file request, and what an answer of the upload URL means. No I/O here.

/** Headers of a chunk `[start, end)` of a file of `total` bytes (the end exclusive, as the service sends it). */
export function chunkHeaders(name: string, uniqueId: string, start: number, end: number, total: number) {
  return {
    accept: 'application/json',
    'content-type': 'application/octet-stream',
    'x-file-name': encodeURIComponent(name),
    'content-range': `bytes ${start}-${end}/${total}`,
    'unique-id': uniqueId,
  };
}

/** Headers of the question "how many bytes of this file do you hold?" (sent with an empty body). */
export function probeHeaders(name: string, uniqueId: string, total: number) {
  return { ...chunkHeaders(name, uniqueId, 0, 0, total), 'content-range': `bytes */${total}` };
}

/** Headers of a whole file sent as one multipart form (its metadata fields go with it). */
export function wholeFileHeaders(uniqueId: string) {
  return { accept: 'application/json', 'unique-id': uniqueId };
}

/** A random id for one file's upload, kept with the file until it is stored (`[A-Za-z0-9._:-]{1,128}`). */
export function newUniqueId(): string {
  // getRandomValues works on plain-http pages too, where randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type UploadAnswer =
  /** The file is stored: the asset's rid and the whole JSON answer (with `asset`). */
  | { kind: 'complete'; rid: string; body: Record<string, unknown> }
  /** The server holds the first `offset` bytes. */
  | { kind: 'partial'; offset: number }
  /** Refused; `offset` when the refusal names the stored offset (a chunk that did not start there). */
  | { kind: 'refused'; status: number; code: string; message: string; offset?: number };

/** Reads one answer of the upload URL: its status, text and `Upload-Offset` header. */
export function readAnswer(status: number, text: string, offsetHeader: string | null): UploadAnswer {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // A proxy's HTML page or an empty body: the status alone speaks.
  }
  const headerOffset = offsetHeader !== null && /^\d+$/.test(offsetHeader) ? Number(offsetHeader) : undefined;
  const offset = typeof body.offset === 'number' ? body.offset : headerOffset;
  if (status >= 200 && status < 300 && body.success === true) {
    if (typeof body.rid === 'string' && body.rid) return { kind: 'complete', rid: body.rid, body };
    if (offset !== undefined) return { kind: 'partial', offset };
  }
  const refused: UploadAnswer = {
    kind: 'refused',
    status: status >= 200 && status < 300 ? 502 : status,
    code: typeof body.code === 'string' ? body.code : codeOf(status),
    message: typeof body.message === 'string' ? body.message : '',
  };
  if (status === 409 && offset !== undefined) refused.offset = offset;
  return refused;
}

function codeOf(status: number): string {
  if (status === 0) return 'network_error';
  if (status >= 200 && status < 300) return 'invalid_response';
  if (status === 400) return 'invalid_parameter';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  return 'internal';
}

/** A signed upload URL past its expiry: a fresh one for the same target continues the same upload. */
export function isExpiredUrl(answer: UploadAnswer): boolean {
  return (
    answer.kind === 'refused' &&
    answer.status === 403 &&
    answer.code !== 'token_expired' &&
    /upload url/i.test(answer.message) &&
    /expired/i.test(answer.message)
  );
}

/** Worth another try after a pause: no answer, a server failure, a rate limit, a timeout. */
export function isPassing(answer: UploadAnswer): boolean {
  return (
    answer.kind === 'refused' &&
    (answer.status === 0 || answer.status === 408 || answer.status === 429 || answer.status >= 500)
  );
}
