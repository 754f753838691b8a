// The upload URL's answers: their JSON shapes (sent with `Accept: application/json`) and a reader of the
// text form the hosted service's own uploader gets, for code that reads answers as that uploader does.
import type { AssetRecord } from './types.ts';

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
  code: string;
  message: string;
  error: string;
  offset?: number;
}

export type UploadAnswer = UploadCompleteAnswer | UploadChunkAnswer | UploadFailureAnswer;

/**
 * Reads the text answer (no `Accept: application/json`) the way the service's clients do: any `error` is a
 * failure; the rid is group 2 of `/new resource id (\d+) (.*)/`; `offset O of T` names the stored offset.
 */
export function readUploadAnswer(text: string): UploadAnswer {
  const offset = /^offset (\d+) of (\d+|\?)$/m.exec(text);
  if (text.includes('error')) {
    return {
      success: false,
      code: /^code (.+)$/m.exec(text)?.[1] ?? 'invalid_response',
      message: /^message (.+)$/m.exec(text)?.[1] ?? text,
      error: /^message (.+)$/m.exec(text)?.[1] ?? text,
      ...(offset ? { offset: Number(offset[1]) } : {}),
    };
  }
  const rid = /new resource id (\d+) (.*)/.exec(text)?.[2];
  if (rid) return { success: true, rid };
  if (offset) {
    return {
      success: true,
      offset: Number(offset[1]),
      total: offset[2] === '?' ? null : Number(offset[2]),
      complete: false,
    };
  }
  return { success: false, code: 'invalid_response', message: 'Not an upload answer', error: text };
}
