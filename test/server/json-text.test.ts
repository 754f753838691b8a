// stringify gives JSON.stringify's text, reusing the kept text of frozen records.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepJsonText, stringify } from '../../server/json-text.ts';

const frozen = <T extends object>(value: T): T => {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') frozen(inner);
  return Object.freeze(value);
};

describe('stringify', () => {
  it('writes what JSON.stringify writes, kept records included', () => {
    const record = keepJsonText(
      frozen({ rid: 'a', caption: '"quoted" \\ </script> \u2028 é', n: [1, null] }),
    );
    const answer = {
      name: 'kept-00:0',
      items: [record, { rid: 'b' }, record],
      data: { page: 1, nested: { record } },
    };
    assert.equal(stringify(answer), JSON.stringify(answer));
    assert.equal(stringify(record), JSON.stringify(record));
    assert.equal(stringify([]), '[]');
    assert.equal(stringify({ empty: '' }), '{"empty":""}');
  });

  it('keeps the text of frozen values only', () => {
    const open = keepJsonText({ caption: 'before' });
    assert.equal(stringify({ open }), '{"open":{"caption":"before"}}');
    open.caption = 'after';
    assert.equal(stringify({ open }), '{"open":{"caption":"after"}}');
  });

  it('cannot be fooled by a string that looks like its marks', () => {
    const record = keepJsonText(frozen({ rid: 'a' }));
    const text = stringify({ items: [record], caption: '"kept-"', other: 'kept-0:0' });
    assert.deepEqual(JSON.parse(text), { items: [{ rid: 'a' }], caption: '"kept-"', other: 'kept-0:0' });
  });
});
