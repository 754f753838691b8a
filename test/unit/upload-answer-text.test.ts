// http/upload-answer-text.ts: the three ways the hosted service's clients read an upload answer hold for
// every text it makes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkText,
  completeText,
  failureText,
  jsonWithoutError,
} from '../../server/http/upload-answer-text.ts';
import { readUploadAnswer } from '../../src/api/upload-answer.ts';

/** Word 4 (index 3) of line 6 (index 5), split on `\n` then on single spaces. */
const wordFourOfLineSix = (text: string) => text.split('\n')[5]?.split(' ')[3];

describe('upload answer texts', () => {
  it('name the rid of a complete file three ways, and hold no `error`', () => {
    const text = completeText('a1b2c3', 1234);
    assert.equal(/new resource id (\d+) (.*)/.exec(text)?.[2], 'a1b2c3');
    assert.equal(wordFourOfLineSix(text), 'a1b2c3');
    assert.equal(text.includes('error'), false);
    assert.deepEqual(readUploadAnswer(text), { success: true, rid: 'a1b2c3' });
  });

  it('name the stored offset of a chunk, with or without the total', () => {
    assert.deepEqual(readUploadAnswer(chunkText(500, 1000)), {
      success: true,
      offset: 500,
      total: 1000,
      complete: false,
    });
    assert.deepEqual(readUploadAnswer(chunkText(0, null)), {
      success: true,
      offset: 0,
      total: null,
      complete: false,
    });
    assert.equal(chunkText(500, 1000).includes('error'), false);
  });

  it('say `error` first in every refusal, on one line each, with the offset when it is the reason', () => {
    const text = failureText('conflict', 'two\nlines', { offset: 42, total: null });
    assert.equal(text.split('\n')[0], 'error');
    assert.equal(text.split('\n').length, 4);
    assert.deepEqual(readUploadAnswer(text), {
      success: false,
      code: 'conflict',
      message: 'two lines',
      error: 'two lines',
      offset: 42,
    });
  });

  it('write JSON that parses the same and never holds the substring `error`', () => {
    const value = { asset: { filename: 'error.jpg', caption: 'terror' } };
    const text = jsonWithoutError(value);
    assert.equal(text.includes('error'), false);
    assert.deepEqual(JSON.parse(text), value);
  });
});
