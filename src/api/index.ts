// Public entry of the API client.
export type { AnswerOf, OperationName, Operations, ParamsOf } from '../contract/index.ts';
export * from './asset.ts';
export { GalleryClient } from './client.ts';
export { ApiError, type ApiErrorCode } from './errors.ts';
export * from './gallery.ts';
export * from './live.ts';
export * from './mint-token.ts';
export { iterateItems, iteratePages, type PagedSource } from './paging.ts';
export * from './portal.ts';
export * from './token.ts';
export type { CallOptions, ClientOptions, Envelope, OperationKind, Params, ParamValue } from './transport.ts';
export { encodeParam } from './transport.ts';
export type * from './types.ts';
export * from './upload.ts';
export * from './upload-answer.ts';
export * from './webhook.ts';
export * from './webhook-signature.ts';
