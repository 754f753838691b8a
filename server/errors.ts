// The one error type services throw; routes turn it into the decided status and code in one place.
import { ERROR_STATUS, type ErrorCode } from '../src/contract/errors.ts';

export type { ErrorCode };

export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string, id: string | string[]): ServiceError =>
  new ServiceError('not_found', `${what} not found: ${Array.isArray(id) ? id.join(', ') : id}`);

export const invalid = (param: string, why: string): ServiceError =>
  new ServiceError('invalid_parameter', `Parameter '${param}' ${why}`);

export const missing = (param: string): ServiceError =>
  new ServiceError('missing_parameter', `Parameter '${param}' is required`);

export const denied = (why: string): ServiceError => new ServiceError('permission_denied', why);
