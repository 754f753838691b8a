// Transport of the client: builds query-string URLs, checks the envelope, retries with backoff, honours AbortSignal.
import type { Envelope } from '../contract/errors.ts';
import type { OperationKind } from '../contract/operation.ts';
import { ApiError, codeForStatus } from './errors.ts';

export type { Envelope, OperationKind };

export interface ClientOptions {
  /** API base URL ending in `v2/`, e.g. `http://127.0.0.1:8787/v2/`. */
  baseUrl: string;
  /** Application or temporary token, sent as `api_token`. */
  token?: string;
  /** Upload token, sent as `upload_token` (used when no `token` is set). */
  uploadToken?: string;
  /** fetch to use; defaults to the global one (browsers, Node 20). */
  fetch?: typeof fetch;
  /** Attempts after the first for retryable failures. */
  retries?: number;
  /** Retry write operations too (off: a retried write could apply twice). */
  retryWrites?: boolean;
  /** First backoff delay in ms; doubles each attempt, with jitter. */
  retryDelayMs?: number;
  /** Longest backoff between attempts in ms. */
  maxRetryDelayMs?: number;
  /**
   * Longest `Retry-After` (429) in ms the client waits out before trying again; a longer one is never cut
   * short: the call rejects with the 429 ApiError, whose `retryAfter` tells the caller when to come back.
   */
  maxRetryAfterMs?: number;
  /** Per-attempt timeout in ms (0 = none). */
  timeoutMs?: number;
}

export const DEFAULT_OPTIONS = {
  retries: 3,
  retryWrites: false,
  retryDelayMs: 300,
  maxRetryDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 30_000,
} satisfies Partial<ClientOptions>;

export interface CallOptions {
  /** Aborts the call, including any wait between retries; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's retry rule for this call (true also retries a write). */
  retry?: boolean;
}

/** A query value: booleans become yes/no, arrays comma lists; undefined and null are left out. */
export type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Params = { [name: string]: ParamValue };

export function encodeParam(value: Exclude<ParamValue, null | undefined>): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

type ResponseAs = 'json' | 'text';

export class Transport {
  readonly options: Required<Omit<ClientOptions, 'token' | 'uploadToken' | 'fetch'>> &
    Pick<ClientOptions, 'token' | 'uploadToken' | 'fetch'>;

  constructor(options: ClientOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    const baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    // An option passed as undefined keeps its default (a spread alone would let it erase the default).
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    const merged = { ...DEFAULT_OPTIONS, ...given, baseUrl } as Transport['options'];
    for (const name of [
      'retries',
      'retryDelayMs',
      'maxRetryDelayMs',
      'maxRetryAfterMs',
      'timeoutMs',
    ] as const) {
      const value = merged[name];
      if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
        throw new TypeError(`${name} must be a number >= 0, got ${String(value)}`);
      }
    }
    this.options = merged;
  }

  /**
   * The URL of an operation with its parameters and the credentials, e.g. for links and iframes.
   * `params` is any object of {@link ParamValue}s (the typed parameter interfaces of each operation).
   */
  url(path: string, params: object = {}): URL {
    const url = new URL(path, this.options.baseUrl);
    const { token, uploadToken } = this.options;
    if (token) url.searchParams.set('api_token', token);
    else if (uploadToken) url.searchParams.set('upload_token', uploadToken);
    for (const [name, value] of Object.entries(params as Params)) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(name, encodeParam(value));
    }
    return url;
  }

  /** Calls `<operation>.json` and returns the envelope's fields, or rejects with an ApiError. */
  call<T>(
    operation: string,
    method: 'GET' | 'POST',
    kind: OperationKind,
    params: object = {},
    options: CallOptions = {},
  ): Promise<T & Envelope> {
    return this.request<T & Envelope>(operation, method, kind, `${operation}.json`, params, options, 'json');
  }

  /** Calls an operation that answers text (upload.iframe): the body on 2xx, an ApiError otherwise. */
  callText(
    operation: string,
    method: 'GET' | 'POST',
    kind: OperationKind,
    path: string,
    params: object = {},
    options: CallOptions = {},
  ): Promise<string> {
    return this.request<string>(operation, method, kind, path, params, options, 'text');
  }

  private async request<T>(
    operation: string,
    method: 'GET' | 'POST',
    kind: OperationKind,
    path: string,
    params: object,
    options: CallOptions,
    as: ResponseAs,
  ): Promise<T> {
    const retryable = options.retry ?? (kind === 'read' || this.options.retryWrites);
    const attempts = retryable ? this.options.retries + 1 : 1;
    const url = this.url(path, params);
    let lastError: ApiError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        const wait = this.backoff(attempt, lastError);
        // A Retry-After longer than we wait out: give the caller the 429 now rather than retry too early.
        if (wait === undefined) break;
        await sleep(wait, options.signal);
      }
      try {
        return (await this.attempt(operation, method, url, options.signal, as)) as T;
      } catch (error) {
        if (!(error instanceof ApiError) || !error.transient) throw error;
        lastError = error;
      }
    }
    throw lastError as ApiError;
  }

  /** The wait before `attempt` in ms, or undefined when the service asked for longer than we wait. */
  private backoff(attempt: number, error: ApiError | undefined): number | undefined {
    const max = this.options.maxRetryDelayMs;
    if (error?.retryAfter !== undefined) {
      const asked = error.retryAfter * 1000;
      return asked <= this.options.maxRetryAfterMs ? asked : undefined;
    }
    const exponential = Math.min(max, this.options.retryDelayMs * 2 ** (attempt - 1));
    return exponential / 2 + Math.random() * (exponential / 2);
  }

  private async attempt(
    operation: string,
    method: 'GET' | 'POST',
    url: URL,
    signal: AbortSignal | undefined,
    as: ResponseAs,
  ): Promise<unknown> {
    signal?.throwIfAborted();
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const timeout = this.options.timeoutMs > 0 ? AbortSignal.timeout(this.options.timeoutMs) : undefined;
    const combined = signal && timeout ? anySignal(signal, timeout) : (signal ?? timeout);
    const accept = as === 'json' ? 'application/json' : 'text/html, application/json';
    let response: Response;
    try {
      response = await fetchImpl(url, { method, signal: combined, headers: { accept } });
    } catch (cause) {
      throw this.noResponse(operation, cause, signal, timeout);
    }
    return this.read(operation, response, signal, timeout, as);
  }

  /** A failure before any response: the caller's abort, the timeout, or the network. */
  private noResponse(
    operation: string,
    cause: unknown,
    signal: AbortSignal | undefined,
    timeout: AbortSignal | undefined,
  ): unknown {
    if (signal?.aborted) return signal.reason;
    if (timeout?.aborted) {
      return new ApiError({
        status: 0,
        code: 'timeout',
        message: `${operation}: no response within ${this.options.timeoutMs} ms`,
        operation,
        cause,
      });
    }
    return new ApiError({
      status: 0,
      code: 'network_error',
      message: `${operation}: the service could not be reached`,
      operation,
      cause,
    });
  }

  private async read(
    operation: string,
    response: Response,
    signal: AbortSignal | undefined,
    timeout: AbortSignal | undefined,
    as: ResponseAs,
  ): Promise<unknown> {
    if (as === 'text' && response.ok) {
      try {
        return await response.text();
      } catch (cause) {
        throw this.noResponse(operation, cause, signal, timeout);
      }
    }
    return readEnvelope(operation, response, (cause) => {
      if (signal?.aborted) throw signal.reason;
      if (timeout?.aborted) throw this.noResponse(operation, cause, signal, timeout);
    });
  }
}

/**
 * The fields of a response's JSON envelope, or the ApiError it means. A body that is not JSON is first
 * given to `unreadable`, which throws when something else is the cause (an abort, a timeout).
 */
export async function readEnvelope(
  operation: string,
  response: Response,
  unreadable: (cause: unknown) => void,
): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    unreadable(cause);
    throw new ApiError({
      status: response.status,
      code: response.ok ? 'invalid_response' : codeForStatus(response.status),
      message: `${operation}: the response (HTTP ${response.status}) is not JSON`,
      operation,
      cause,
      ...retryAfter(response),
    });
  }
  const envelope = (body ?? {}) as { success?: unknown; code?: unknown; message?: unknown };
  if (response.ok && envelope.success === true) return body;
  throw new ApiError({
    status: response.status,
    code: typeof envelope.code === 'string' ? envelope.code : codeForStatus(response.status),
    message:
      typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : `${operation} failed (HTTP ${response.status})`,
    operation,
    ...retryAfter(response),
  });
}

/** `Retry-After` in seconds, when the response gave one as a number. */
function retryAfter(response: Response): { retryAfter?: number } {
  const header = response.headers.get('retry-after');
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? { retryAfter: seconds } : {};
}

/** AbortSignal.any where the platform has it (Safari < 17.4 and Chrome < 116 do not). */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  const forward = (source: AbortSignal) => () => controller.abort(source.reason);
  for (const source of [a, b]) {
    if (source.aborted) controller.abort(source.reason);
    else source.addEventListener('abort', forward(source), { once: true });
  }
  return controller.signal;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
