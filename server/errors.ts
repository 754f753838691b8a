// The one error type services throw; routes turn it into the decided status and code in one place.

export type ErrorCode =
  | 'missing_parameter'
  | 'invalid_parameter'
  | 'invalid_token'
  | 'token_expired'
  | 'permission_denied'
  | 'ip_not_allowed'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'internal';

/** HTTP status for each error code, as decided in the contract. */
export const STATUS_OF: Record<ErrorCode, number> = {
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
};

export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = STATUS_OF[code];
  }
}

export const notFound = (what: string, id: string | string[]): ServiceError =>
  new ServiceError('not_found', `${what} not found: ${Array.isArray(id) ? id.join(', ') : id}`);

export const invalid = (param: string, why: string): ServiceError =>
  new ServiceError('invalid_parameter', `Parameter '${param}' ${why}`);

export const missing = (param: string): ServiceError =>
  new ServiceError('missing_parameter', `Parameter '${param}' is required`);

export const denied = (why: string): ServiceError => new ServiceError('permission_denied', why);
