// The refusals of the upload URL that more than one of its parts makes, written once.
import { invalid, ServiceError } from '../errors.ts';

/** Largest chunk: the service's uploader sends 51,200,000 bytes by default; no minimum. */
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;

export function fileTooLarge(maxBytes: number): ServiceError {
  return new ServiceError('too_large', `The file is larger than this server accepts (${maxBytes} bytes)`);
}

export function chunkTooLarge(): ServiceError {
  return new ServiceError('too_large', `A chunk may be at most ${MAX_CHUNK_BYTES} bytes`);
}

/** A body that stopped before its end (the connection went): a service error passes through. */
export function incompleteBody(error: unknown): unknown {
  if (error instanceof ServiceError) return error;
  return invalid('body', 'ended before it was complete');
}
