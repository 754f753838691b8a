// Public entry of the API client.
export { GalleryClient } from './client.ts';
export { ApiError, type ApiErrorCode } from './errors.ts';
export type { CallOptions, ClientOptions, Envelope, Params } from './transport.ts';
export type * from './types.ts';
