// The chunked, resumable uploader for Uppy: the plugin and the pieces it is made of.
export { afterChunk, afterFailure, CHUNK_SIZE_RULE, type ChunkSizeRule, MiB } from './chunk-size.ts';
export { RETRY_DELAYS_MS, type UploadedFile, UploadRefused, uploadFile } from './file-upload.ts';
export {
  type ChunkedUploadBody,
  type ChunkedUploadOptions,
  type ChunkedUploadState,
  default as ChunkedUpload,
} from './plugin.ts';
export { readAnswer, type UploadAnswer } from './wire.ts';
