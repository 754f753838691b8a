// Maps any error a request ends with (a service's, a schema validation's, Fastify's own) to the decided
// status, code and a message a person can read: the API's envelope and the upload URL's answers share it.
import type { FastifyError } from 'fastify';
import { type ErrorCode, ServiceError } from '../errors.ts';

export interface Failure {
  status: number;
  code: ErrorCode;
  message: string;
}

export function describeError(error: FastifyError | ServiceError): Failure {
  if (error instanceof ServiceError)
    return { status: error.status, code: error.code, message: error.message };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const first = fastifyError.validation[0];
    if (first?.keyword === 'required') {
      const name = (first.params as { missingProperty?: string }).missingProperty ?? 'unknown';
      return { status: 400, code: 'missing_parameter', message: `Parameter '${name}' is required` };
    }
    const name = first?.instancePath.replace(/^\//, '') || 'unknown';
    return {
      status: 400,
      code: 'invalid_parameter',
      message: `Parameter '${name}' ${first?.message ?? 'is invalid'}`,
    };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413)
    return { status, code: 'too_large', message: 'The request is larger than this server accepts' };
  if (status === 404) return { status, code: 'not_found', message: fastifyError.message };
  if (status >= 400 && status < 500)
    return { status: 400, code: 'invalid_parameter', message: fastifyError.message };
  return {
    status: 500,
    code: 'internal',
    message: 'Unexpected server failure; nothing was changed. Retry shortly.',
  };
}
