// The uploader's side of the wire protocol: the headers it sends and how it reads each kind of answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chunkHeaders,
  isExpiredUrl,
  isPassing,
  newUniqueId,
  probeHeaders,
  readAnswer,
} from '../../src/chunked-upload/wire.ts';

describe('chunked upload wire', () => {
  it('sends a chunk with an exclusive Content-Range, the encoded name and the unique-id', () => {
    assert.deepEqual(chunkHeaders('Été 1.jpg', 'abc', 5, 10, 20), {
      accept: 'application/json',
      'content-type': 'application/octet-stream',
      'x-file-name': '%C3%89t%C3%A9%201.jpg',
      'content-range': 'bytes 5-10/20',
      'unique-id': 'abc',
    });
    assert.equal(probeHeaders('a.bin', 'abc', 20)['content-range'], 'bytes */20');
  });

  it('makes unique-ids the server accepts, a new one each time', () => {
    const ids = new Set(Array.from({ length: 100 }, newUniqueId));
    assert.equal(ids.size, 100);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9._:-]{1,128}$/);
  });

  it('reads a complete answer, a partial one and an offset refusal', () => {
    const complete = readAnswer(
      200,
      JSON.stringify({ success: true, rid: 'r1', asset: { rid: 'r1' } }),
      null,
    );
    assert.deepEqual(complete, {
      kind: 'complete',
      rid: 'r1',
      body: { success: true, rid: 'r1', asset: { rid: 'r1' } },
    });
    assert.deepEqual(readAnswer(200, '{"success":true,"offset":7,"total":9,"complete":false}', '7'), {
      kind: 'partial',
      offset: 7,
    });
    const conflict = readAnswer(
      409,
      '{"success":false,"code":"conflict","message":"starts at 4","offset":4}',
      '4',
    );
    assert.deepEqual(conflict, {
      kind: 'refused',
      status: 409,
      code: 'conflict',
      message: 'starts at 4',
      offset: 4,
    });
  });

  it('takes the offset from the Upload-Offset header when the body lacks it', () => {
    assert.deepEqual(readAnswer(200, '{"success":true}', '12'), { kind: 'partial', offset: 12 });
  });

  it('calls an answer without a body, or not JSON, a refusal with the status’s code', () => {
    assert.deepEqual(readAnswer(0, '', null), {
      kind: 'refused',
      status: 0,
      code: 'network_error',
      message: '',
    });
    assert.deepEqual(readAnswer(502, '<html>bad gateway</html>', null), {
      kind: 'refused',
      status: 502,
      code: 'internal',
      message: '',
    });
    // A 200 that is not the service's answer cannot be trusted either.
    assert.equal(readAnswer(200, 'OK', null).kind, 'refused');
  });

  it('tells passing failures from final ones, and an expired URL from an expired token', () => {
    const answer = (status: number, code = '', message = '') =>
      readAnswer(status, JSON.stringify({ success: false, code, message }), null);
    assert.equal(isPassing(answer(0)), true);
    assert.equal(isPassing(answer(500)), true);
    assert.equal(isPassing(answer(429)), true);
    assert.equal(isPassing(answer(413, 'too_large')), false);
    assert.equal(isPassing(answer(403, 'permission_denied')), false);
    const expired = answer(403, 'permission_denied', 'The upload URL has expired; request a new upload URL');
    assert.equal(isExpiredUrl(expired), true);
    assert.equal(isExpiredUrl(answer(403, 'token_expired', 'The upload URL has expired')), false);
    assert.equal(isExpiredUrl(answer(403, 'permission_denied', 'signature does not match')), false);
  });
});
