// One request to the upload URL, with XMLHttpRequest: fetch reports no upload progress, and the progress of
// a chunk is what the Dashboard shows. Resolves with every answer (a failure status too, and status 0 when
// none came); rejects only when the signal aborts it.
import { ProgressTimeout } from '@uppy/core/utils';

export interface SentRequest {
  /** 0 when no answer came (connection refused or cut, CORS). */
  status: number;
  text: string;
  offsetHeader: string | null;
}

export interface RequestOptions {
  url: string;
  headers: Record<string, string>;
  body: Blob | FormData | null;
  signal: AbortSignal;
  /** Bytes of the body sent so far, and the body's size as the browser counts it. */
  onProgress?: (loaded: number, total: number) => void;
  /** Called when no byte went out for `stallMs` (Uppy's `upload-stalled`); the request goes on. */
  onStalled?: (ms: number) => void;
  stallMs?: number;
}

export function sendRequest(options: RequestOptions): Promise<SentRequest> {
  const { url, headers, body, signal, onProgress, onStalled, stallMs = 30_000 } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const timer = new ProgressTimeout(stallMs, (ms) => onStalled?.(ms));
    const finish = () => {
      timer.done();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      xhr.abort();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort);
    xhr.open('POST', url, true);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      timer.progress();
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      finish();
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        offsetHeader: xhr.getResponseHeader('upload-offset'),
      });
    };
    xhr.onerror = () => {
      finish();
      resolve({ status: 0, text: '', offsetHeader: null });
    };
    timer.progress();
    xhr.send(body);
  });
}

/** Waits `ms`, or rejects as soon as the signal aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const done = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timeout = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timeout);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
