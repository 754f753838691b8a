// http/content-range.ts and services/chunk-range.ts: the chunk headers as the hosted service's uploader
// sends them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../server/errors.ts';
import { decodeFileName, parseContentRange, parseUniqueId } from '../../server/http/content-range.ts';
import { rangeFits } from '../../server/services/chunk-range.ts';

const refused = (run: () => unknown) =>
  assert.throws(run, (error: unknown) => error instanceof ServiceError && error.code === 'invalid_parameter');

describe('chunk headers', () => {
  it('reads a range with its total, one without, and a probe', () => {
    assert.deepEqual(parseContentRange('bytes 0-499/1000'), {
      probe: false,
      start: 0,
      end: 499,
      total: 1000,
    });
    assert.deepEqual(parseContentRange(' Bytes 500-1000 '), {
      probe: false,
      start: 500,
      end: 1000,
      total: null,
    });
    assert.deepEqual(parseContentRange('bytes */1000'), { probe: true, total: 1000 });
  });

  it('refuses a probe without its total, an end before its start, and other units', () => {
    for (const bad of ['bytes */*', 'bytes */', 'bytes 10-5/20', 'items 0-1/2', 'bytes 0-1/x', 'bytes=0-1'])
      refused(() => parseContentRange(bad));
  });

  it('takes an exclusive end (start + length) or an inclusive one (start + length - 1)', () => {
    assert.equal(rangeFits({ start: 0, end: 500 }, 500), true);
    assert.equal(rangeFits({ start: 0, end: 499 }, 500), true);
    assert.equal(rangeFits({ start: 0, end: 498 }, 500), false);
    assert.equal(rangeFits({ start: 10, end: 10 }, 0), true);
  });

  it('keeps a unique-id of up to 128 safe characters, treats an empty one as none, refuses others', () => {
    assert.equal(parseUniqueId('1700000000000'), '1700000000000');
    assert.equal(parseUniqueId(''), null);
    assert.equal(parseUniqueId(undefined), null);
    refused(() => parseUniqueId('a b'));
    refused(() => parseUniqueId('x'.repeat(129)));
  });

  it('decodes an URI-encoded file name, keeping one that does not decode as it is', () => {
    assert.equal(decodeFileName('Sommer%20%C3%A9t%C3%A9.jpg'), 'Sommer été.jpg');
    assert.equal(decodeFileName('100%.jpg'), '100%.jpg');
    assert.equal(decodeFileName(undefined), '');
    refused(() => decodeFileName('x'.repeat(4097)));
  });
});
