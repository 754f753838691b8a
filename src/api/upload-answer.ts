// The upload URL's answers: their JSON shapes (sent with `Accept: application/json`, in the contract) and a
// reader of the text form the hosted service's own uploader gets, for code that reads answers as it does.
import type { UploadAnswer } from '../contract/uploads.ts';

export type {
  UploadAnswer,
  UploadChunkAnswer,
  UploadCompleteAnswer,
  UploadFailureAnswer,
} from '../contract/uploads.ts';

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
