// media/file-names.ts: file names made safe to show and to unpack from a gallery's zip.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayFilename, filenameOf, safeEntryName, uniqueName } from '../../server/media/file-names.ts';

describe('file names', () => {
  it('shows the last path segment without control or direction characters, at most 255 characters', () => {
    assert.equal(displayFilename('C:\\photos\\a\u0000b.jpg'), 'ab.jpg');
    assert.equal(displayFilename('../..'), 'file');
    assert.equal(displayFilename('x\u202egnp.exe'), 'xgnp.exe');
    assert.equal(Array.from(displayFilename('é'.repeat(300))).length, 255);
  });

  it('makes zip entries one plain segment, and each unique ignoring case', () => {
    assert.equal(safeEntryName('..hidden:name?.jpg.'), 'hidden_name_.jpg');
    const taken = new Set<string>();
    assert.deepEqual(
      ['a.jpg', 'A.jpg', 'a.jpg', 'b'].map((name) => uniqueName(name, taken)),
      ['a.jpg', 'A (2).jpg', 'a (3).jpg', 'b'],
    );
  });

  it("names a fetched file by Content-Disposition (RFC 5987 first), else by the URL's last segment", () => {
    const url = new URL('https://cdn.example/path/Sea%20view.png?x=1');
    assert.equal(
      filenameOf(`attachment; filename*=UTF-8''%C3%A9t%C3%A9.jpg; filename="ete.jpg"`, url),
      'été.jpg',
    );
    assert.equal(filenameOf('attachment; filename="plain.jpg"', url), 'plain.jpg');
    assert.equal(filenameOf(null, url), 'Sea view.png');
    assert.equal(filenameOf(null, new URL('https://cdn.example/')), 'cdn.example');
  });
});
