// server/html.ts: the one HTML escaper.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../../server/html.ts';

describe('escapeHtml', () => {
  it('escapes what could end an element or a quoted attribute, and leaves the rest', () => {
    assert.equal(
      escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
    assert.equal(escapeHtml('été ✓'), 'été ✓');
  });
});
