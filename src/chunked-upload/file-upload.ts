// One file through the upload URL: small files in one request, larger ones in chunks of adaptive size;
// after a failure it waits, asks the server how much it holds and goes on from there; an expired URL is
// replaced by a fresh one for the same target (the same unique-id keeps it the same upload). Knows nothing
// of Uppy: the plugin feeds it a file and listens.
import { afterChunk, afterFailure, CHUNK_SIZE_RULE, type ChunkSizeRule, chunkEnd } from './chunk-size.ts';
import { pause, sendRequest } from './request.ts';
import {
  chunkHeaders,
  isExpiredUrl,
  isPassing,
  probeHeaders,
  readAnswer,
  type UploadAnswer,
  wholeFileHeaders,
} from './wire.ts';

/** Pauses before the tries after a passing failure; their number is the number of retries. */
export const RETRY_DELAYS_MS = [300, 1000, 2000, 3000, 5000, 8000, 8000, 8000, 8000, 8000] as const;

export interface FileUploadOptions {
  data: Blob;
  name: string;
  uniqueId: string;
  /** The upload URL this file was already sent to (a resumed upload); else one comes from `freshUrl`. */
  uploadUrl?: string | undefined;
  /** Bytes the server is known to hold; undefined = ask it first (after a reload). */
  offset?: number | undefined;
  /** Bytes already shown as sent: progress starts there and never goes below. */
  progressFloor?: number;
  /** A fresh signed upload URL for the file's target. */
  freshUrl: () => Promise<string>;
  /** Metadata sent as form fields when the file goes in one request. */
  fields?: Record<string, string>;
  signal: AbortSignal;
  rule?: ChunkSizeRule;
  retryDelays?: readonly number[];
  /** The URL in use changed: keep it with the file, so a reload continues there. */
  onUrl?: (url: string) => void;
  /** The server holds `offset` bytes. */
  onOffset?: (offset: number) => void;
  /** Bytes sent, never less than reported before, never more than the file. */
  onProgress?: (bytesUploaded: number) => void;
  /** A chunk went through (`bytes` in `ms`); `next` is the size of the next one. */
  onChunk?: (chunk: { start: number; bytes: number; ms: number; next: number }) => void;
  /** Another try (2 for the first retry) starts after the failure `reason`. */
  onRetry?: (attempt: number, reason: UploadAnswer) => void;
  onStalled?: (ms: number) => void;
}

export interface UploadedFile {
  rid: string;
  /** The server's JSON answer (`rid`, `asset`). */
  body: Record<string, unknown>;
  /** Whether the metadata fields went with the file (one request), or still have to be set. */
  fieldsSent: boolean;
}

/** A final refusal (or the retries ran out): the last answer says why. */
export class UploadRefused extends Error {
  constructor(readonly answer: Extract<UploadAnswer, { kind: 'refused' }>) {
    super(answer.message || `upload refused (${answer.code})`);
    this.name = 'UploadRefused';
  }
}

export async function uploadFile(options: FileUploadOptions): Promise<UploadedFile> {
  const { data, name, uniqueId, signal } = options;
  const rule = options.rule ?? CHUNK_SIZE_RULE;
  const delays = options.retryDelays ?? RETRY_DELAYS_MS;
  const total = data.size;
  const whole = total <= rule.start;
  let url = options.uploadUrl ?? (await options.freshUrl());
  if (!options.uploadUrl) options.onUrl?.(url);
  let offset = whole ? 0 : options.offset;
  let size = rule.start;
  let failures = 0;
  /** The most bytes the server has said it holds: retries start afresh only once it grows. */
  let confirmed = offset ?? 0;
  let reported = Math.min(total, options.progressFloor ?? 0);
  const report = (bytes: number) => {
    const capped = Math.min(total, Math.max(reported, Math.floor(bytes)));
    if (capped === reported) return;
    reported = capped;
    options.onProgress?.(capped);
  };
  // Bounded: each turn either moves the offset, or spends one of the limited retries.
  for (;;) {
    signal.throwIfAborted();
    const started = performance.now();
    let answer: UploadAnswer;
    let sentBytes = 0;
    if (whole) {
      const form = new FormData();
      for (const [field, value] of Object.entries(options.fields ?? {})) form.append(field, value);
      form.append('file', data, name);
      answer = await send(url, wholeFileHeaders(uniqueId), form, signal, options, (loaded, of) =>
        report((loaded / of) * total),
      );
    } else if (offset === undefined) {
      answer = await send(url, probeHeaders(name, uniqueId, total), null, signal, options);
    } else {
      const start = offset;
      const end = chunkEnd(start, size, total);
      sentBytes = end - start;
      answer = await send(
        url,
        chunkHeaders(name, uniqueId, start, end, total),
        data.slice(start, end),
        signal,
        options,
        (loaded) => report(start + Math.min(loaded, end - start)),
      );
    }
    if (answer.kind === 'complete') {
      if (sentBytes > 0 && offset !== undefined)
        options.onChunk?.({ start: offset, bytes: sentBytes, ms: performance.now() - started, next: size });
      report(total);
      options.onOffset?.(total);
      return { rid: answer.rid, body: answer.body, fieldsSent: whole };
    }
    if (answer.kind === 'partial') {
      if (sentBytes > 0 && offset !== undefined) {
        const ms = performance.now() - started;
        const next = afterChunk(size, sentBytes, ms, rule);
        options.onChunk?.({ start: offset, bytes: sentBytes, ms, next });
        size = next;
      }
      offset = answer.offset;
      report(offset);
      options.onOffset?.(offset);
      if (offset > confirmed) {
        confirmed = offset;
        failures = 0;
      }
      continue;
    }
    // The chunk did not start where the server's bytes end (a lost answer, a reload): go on from there.
    if (answer.offset !== undefined && answer.status === 409 && !whole) {
      failures++;
      if (failures > delays.length) throw new UploadRefused(answer);
      offset = answer.offset;
      options.onOffset?.(offset);
      continue;
    }
    if (isExpiredUrl(answer)) {
      failures++;
      if (failures > delays.length) throw new UploadRefused(answer);
      options.onRetry?.(failures + 1, answer);
      url = await options.freshUrl();
      options.onUrl?.(url);
      continue;
    }
    if (!isPassing(answer)) throw new UploadRefused(answer);
    failures++;
    const delay = delays[failures - 1];
    if (delay === undefined) throw new UploadRefused(answer);
    if (sentBytes > 0) size = afterFailure(size, rule);
    options.onRetry?.(failures + 1, answer);
    await pause(delay, signal);
    await untilOnline(signal);
    // Whatever became of the failed request, the server's count decides where the next chunk starts.
    if (!whole) offset = undefined;
  }
}

async function send(
  url: string,
  headers: Record<string, string>,
  body: Blob | FormData | null,
  signal: AbortSignal,
  options: FileUploadOptions,
  onProgress?: (loaded: number, total: number) => void,
): Promise<UploadAnswer> {
  const sent = await sendRequest({
    url,
    headers,
    body,
    signal,
    ...(onProgress ? { onProgress } : {}),
    ...(options.onStalled ? { onStalled: options.onStalled } : {}),
  });
  return readAnswer(sent.status, sent.text, sent.offsetHeader);
}

/** Resolves at once when the browser thinks it is online, else when it comes back (or the signal aborts). */
function untilOnline(signal: AbortSignal): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const online = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', online);
      reject(signal.reason);
    };
    window.addEventListener('online', online, { once: true });
    signal.addEventListener('abort', stop, { once: true });
  });
}
