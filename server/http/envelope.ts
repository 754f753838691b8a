// The common envelope: `success`, `runtime` in milliseconds, then the operation's fields.
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.ts';

export function runtimeMs(request: FastifyRequest): number {
  const started = request.startedAt ?? performance.now();
  return Math.max(0, Math.round(performance.now() - started));
}

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

/** Clients send the same few Accept-Encoding values, request after request: each is read once. */
const readEncodings = new Map<string, boolean>();

/** Whether an Accept-Encoding header admits gzip (named or by `*`, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  let accepts = readEncodings.get(text);
  if (accepts === undefined) {
    accepts = admitsGzip(text);
    if (readEncodings.size >= 64) readEncodings.clear();
    readEncodings.set(text, accepts);
  }
  return accepts;
}

function admitsGzip(header: string): boolean {
  let gzip: number | undefined;
  let any: number | undefined;
  for (const item of header.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  const weight = gzip ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

export function sendSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, unknown> | SerializedFields,
) {
  const runtime = runtimeMs(request);
  if (fields instanceof SerializedFields) {
    const body = fields.body(runtime, acceptsGzip(request.headers['accept-encoding']));
    reply.code(200).type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
    if (body.encoding) reply.header('content-encoding', body.encoding);
    return reply.send(body.payload);
  }
  return reply.code(200).send({ success: true, runtime, ...fields });
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
) {
  return reply.code(status).send({ success: false, runtime: runtimeMs(request), code, message });
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt?: number;
  }
}
