// services/asset-meta.ts: asset metadata checked against the contract's limits and normalised.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../server/errors.ts';
import { customFields, mergeCustom, normalizeMeta, normalizeTags } from '../../server/services/asset-meta.ts';
import { ASSET_TEXT_FIELDS } from '../../src/contract/asset-record.ts';

const refusal = (run: () => unknown, param: RegExp) =>
  assert.throws(run, (error: unknown) => error instanceof ServiceError && param.test(error.message));

describe('asset metadata', () => {
  it('normalises tags: trimmed, no empties, each once ignoring case, within the count and length limits', () => {
    assert.equal(normalizeTags(' a, B ,,b,c '), 'a,B,c');
    refusal(() => normalizeTags('x'.repeat(51)), /'tags' has a tag longer than 50/);
    refusal(() => normalizeTags(Array.from({ length: 51 }, (_, i) => `t${i}`).join(',')), /at most 50 tags/);
  });

  it('checks every text field of the contract against its limit, in characters', () => {
    for (const [field, max] of Object.entries(ASSET_TEXT_FIELDS)) {
      const atLimit =
        field === 'related_link_url' ? `https://x.org/${'a'.repeat(max - 14)}` : 'é'.repeat(max);
      assert.equal(normalizeMeta({ [field]: atLimit })[field as keyof typeof ASSET_TEXT_FIELDS], atLimit);
      refusal(
        () => normalizeMeta({ [field]: `${atLimit}a` }),
        new RegExp(`'${field}' must be at most ${max}`),
      );
    }
  });

  it('trims reference_id and related_link_url, and takes only http(s) links', () => {
    assert.deepEqual(normalizeMeta({ reference_id: ' ref ', related_link_url: ' https://x.org ' }), {
      reference_id: 'ref',
      related_link_url: 'https://x.org',
    });
    refusal(() => normalizeMeta({ related_link_url: 'javascript:alert(1)' }), /http or https/);
    assert.deepEqual(normalizeMeta({ related_link_url: '' }), { related_link_url: '' });
  });

  it('reads custom.NAME parameters given once, and merges them: an empty value removes a field', () => {
    assert.deepEqual(customFields({ rid: 'r', 'custom.color': 'red', 'custom.__proto__': 'x' }), {
      color: 'red',
      ['__proto__']: 'x',
    });
    refusal(() => customFields({ 'custom.color': ['a', 'b'] }), /'custom.color' must be given once/);
    assert.deepEqual(mergeCustom({ color: 'red', size: 'l' }, { size: '', shape: 'round' }), {
      color: 'red',
      shape: 'round',
    });
    refusal(() => mergeCustom({}, { 'bad name': 'x' }), /'custom.bad name' needs a name/);
  });
});
