// The upload POST to an upload URL: its form fields, and its answers in JSON (sent with
// `Accept: application/json`; the text form is the hosted service's, see decisions.md "Wire behaviour").
import type { AssetRecord } from './asset-record.ts';
import type { ErrorCode } from './errors.ts';
import type { List } from './wire.ts';

/** Metadata form fields sent with the file (multipart uploads). */
export interface UploadFields {
  caption?: string;
  description?: string;
  tags?: List;
  reference_id?: string;
}

/** The form fields an upload may carry besides `file` and `unique_id`; others are ignored. */
export const UPLOAD_FORM_FIELDS = ['caption', 'description', 'tags', 'reference_id'] as const;

/** A file complete (JSON): the new asset, or the earlier one when the same unique-id finished before. */
export interface UploadCompleteAnswer {
  success: true;
  rid: string;
  /** Absent when the asset was deleted since an earlier request with the same unique-id made it. */
  asset?: AssetRecord;
}

/** A chunk stored, a repeated chunk, or a probe (`Content-Range: bytes *\/TOTAL`) of an unfinished upload. */
export interface UploadChunkAnswer {
  success: true;
  /** Bytes stored so far: the next chunk starts here. */
  offset: number;
  /** The file's size, null until a chunk has named it. */
  total: number | null;
  complete: false;
}

/** A refusal; `error` repeats the message (the service's uploader looks for that word); `offset` on 409. */
export interface UploadFailureAnswer {
  success: false;
  code: ErrorCode | (string & {});
  message: string;
  error: string;
  offset?: number;
}

export type UploadAnswer = UploadCompleteAnswer | UploadChunkAnswer | UploadFailureAnswer;

/** What an expired upload URL answers: clients recognise it and ask for a fresh URL. */
export const EXPIRED_UPLOAD_URL = 'The upload URL has expired; request a new upload URL';
