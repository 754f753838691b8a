// An operation's answer fields turned into the JSON text of its envelope once, and its bytes and gzip made
// when it is sent again: what remembered answers keep (read-model/answers.ts) and the envelope sends.
import { gzipSync } from 'node:zlib';

const ENVELOPE_HEAD = '{"success":true,"runtime":';
/** Smaller bodies gain nothing worth a Content-Encoding. */
const GZIP_FROM_BYTES = 1024;

/** A body to send, and its Content-Encoding when it is not the identity. */
export interface Body {
  payload: Buffer | string;
  encoding?: 'gzip';
}

/**
 * An operation's answer fields already turned into JSON, held as the whole body with `runtime: 0`. Sent
 * once, it goes as text. Sent again (a remembered answer, asked again and again in well under a
 * millisecond), its bytes are made once and reused, and so is their gzip for clients that accept it (every
 * browser does): no 50 KB to join, encode and write per request. Answers sent once stay text: bytes are
 * memory outside the JS heap, which the collector answers with full collections when it churns.
 */
export class SerializedFields {
  private text: string | undefined;
  private bytes: Buffer | undefined;
  private gzipped: Buffer | undefined;
  private sent = 0;

  constructor(json: string) {
    const inner = json.slice(1, -1);
    this.text = `${ENVELOPE_HEAD}0${inner ? `,${inner}` : ''}}`;
  }

  /** Bytes held (characters, until encoded: all but a few of the answers' characters are ASCII). */
  get byteLength(): number {
    return (this.bytes?.length ?? this.text?.length ?? 0) + (this.gzipped?.length ?? 0);
  }

  /** The body for this runtime, gzipped when the client accepts it and the answer is sent again. */
  body(runtime: number, acceptsGzip: boolean): Body {
    if (runtime !== 0) return { payload: this.withRuntime(runtime) };
    if (!this.bytes) {
      const text = this.text as string;
      if (++this.sent < 2) return { payload: text };
      this.bytes = Buffer.from(text);
      this.text = undefined;
    }
    if (!acceptsGzip || this.bytes.length < GZIP_FROM_BYTES) return { payload: this.bytes };
    this.gzipped ??= gzipSync(this.bytes, { level: 6 });
    return { payload: this.gzipped, encoding: 'gzip' };
  }

  private withRuntime(runtime: number): Buffer | string {
    const head = `${ENVELOPE_HEAD}${runtime}`;
    if (this.text !== undefined) return `${head}${this.text.slice(ENVELOPE_HEAD.length + 1)}`;
    const fields = (this.bytes as Buffer).subarray(ENVELOPE_HEAD.length + 1);
    return Buffer.concat([Buffer.from(head), fields]);
  }
}
