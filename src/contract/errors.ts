// The error codes of a failure envelope and the HTTP status each one comes with (decisions.md "Envelope
// and errors").

export const ERROR_STATUS = {
  missing_parameter: 400,
  invalid_parameter: 400,
  invalid_token: 403,
  token_expired: 403,
  permission_denied: 403,
  ip_not_allowed: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Fields every successful response carries. */
export interface Envelope {
  success: true;
  runtime: number;
}

/** What every failure carries. */
export interface FailureEnvelope {
  success: false;
  runtime: number;
  code: ErrorCode;
  message: string;
}
