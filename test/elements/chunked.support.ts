// Helpers of the chunked-upload browser tests: large patterned files built without copying their bytes,
// and a record of every request the page sent to the upload URL.
import { executeServerCommand } from '@web/test-runner-commands';
import { pieces, sharedBlock } from '../helpers/patterned-file.ts';

export const MiB = 1024 * 1024;

/** A file of `bytes` patterned bytes: Blobs that share one block, so the page holds about 1 MB of it. */
export function patternedFile(name: string, bytes: number): File {
  const block = new Blob([sharedBlock() as BlobPart]);
  const parts: Blob[] = [];
  for (const piece of pieces(bytes))
    parts.push(new Blob([piece.header as BlobPart, block.slice(0, piece.blockBytes)]));
  return new File(parts, name, { type: 'application/octet-stream' });
}

/** sha256 (hex) of `patternedFile(…, bytes)`, computed by the test runner. */
export function patternedSha256(bytes: number): Promise<string> {
  return executeServerCommand<string, { bytes: number }>('patterned-sha256', { bytes });
}

export interface UploadRequest {
  headers: Record<string, string>;
  /** Body bytes (0 for a probe). */
  bytes: number;
  /** HTTP status, 0 without an answer (still running, aborted, cut). */
  status: number;
}

/** Records every XMLHttpRequest to `/upload` with its headers; `stop()` puts XMLHttpRequest back. */
export function watchUploadRequests(): { requests: UploadRequest[]; stop(): void } {
  const requests: UploadRequest[] = [];
  const proto = XMLHttpRequest.prototype;
  const { open, send, setRequestHeader } = proto;
  const pending = new WeakMap<XMLHttpRequest, UploadRequest>();
  proto.open = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['open']>) {
    if (new URL(String(args[1]), location.href).pathname === '/upload')
      pending.set(this, { headers: {}, bytes: 0, status: 0 });
    return (open as (...a: unknown[]) => void).apply(this, args);
  } as XMLHttpRequest['open'];
  proto.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    const request = pending.get(this);
    if (request) request.headers[name.toLowerCase()] = value;
    return setRequestHeader.call(this, name, value);
  };
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const request = pending.get(this);
    if (request) {
      request.bytes = body instanceof Blob ? body.size : 0;
      requests.push(request);
      this.addEventListener('loadend', () => {
        request.status = this.status;
      });
    }
    return send.call(this, body);
  };
  return {
    requests,
    stop() {
      proto.open = open;
      proto.send = send;
      proto.setRequestHeader = setRequestHeader;
    },
  };
}
