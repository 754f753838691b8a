// The one error type of the client: every failed call rejects with an ApiError.
import type { ErrorCode } from '../contract/errors.ts';

/** Codes the service sends, plus the client's own for failures that never reached a response. */
export type ApiErrorCode =
  | ErrorCode
  /** No response: DNS, refused connection, CORS, connection reset. */
  | 'network_error'
  /** No response within the client's timeout. */
  | 'timeout'
  /** A response that is not the service's JSON envelope. */
  | 'invalid_response'
  | (string & {});

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The operation called, e.g. `gallery.get_items`. */
  readonly operation: string;
  /** Seconds the service asked to wait (429), when it said. */
  readonly retryAfter?: number;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    operation: string;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.operation = init.operation;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }

  /** Whether trying again later can succeed (server failure, rate limit, no response). */
  get transient(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** The code the contract gives a status, for failures whose body did not say. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'invalid_parameter';
    case 403:
      return 'permission_denied';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    default:
      return status >= 500 ? 'internal' : 'invalid_response';
  }
}
