// auth/permissions.ts: permission patterns, the stored form and what each token level grants.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandPattern, formatPermissions, permissionsOfLevel } from '../../server/auth/permissions.ts';

describe('permission patterns', () => {
  it('expands names, namespace wildcards and * into the known permissions, in table order', () => {
    assert.deepEqual(expandPattern('gallery.update|asset.*'), [
      'gallery.update',
      'asset.read',
      'asset.upload',
      'asset.update',
      'asset.delete',
    ]);
    assert.equal(expandPattern('*')?.length, 18);
    assert.deepEqual(expandPattern(''), []);
    assert.deepEqual(expandPattern(' | live.read | '), ['live.read']);
  });

  it("reads the hosted service's own names: <ns>.write as create and update, gallery.upload as asset.upload", () => {
    assert.deepEqual(expandPattern('gallery.write'), ['gallery.create', 'gallery.update']);
    assert.deepEqual(expandPattern('asset.write'), ['asset.update']);
    assert.deepEqual(expandPattern('gallery.upload'), ['asset.upload']);
  });

  it('refuses malformed parts and names that grant nothing', () => {
    for (const bad of ['asset', 'asset.', 'ASSET.read', 'asset.read;', 'nosuch.read', 'nosuch.*', 'a.b.c'])
      assert.equal(expandPattern(bad), undefined, bad);
  });

  it('folds a whole namespace to ns.* and sorts the stored form', () => {
    assert.equal(
      formatPermissions(['gallery.read', 'asset.read', 'asset.upload', 'asset.update', 'asset.delete']),
      '|asset.*|gallery.read|',
    );
    assert.equal(formatPermissions([]), '||');
  });

  it('grants every *.read to read, adds create/update/upload to write, and everything to delete', () => {
    assert.ok(permissionsOfLevel('read').every((p) => p.endsWith('.read')));
    assert.ok(permissionsOfLevel('write').includes('asset.upload'));
    assert.ok(!permissionsOfLevel('write').includes('asset.delete'));
    assert.equal(permissionsOfLevel('delete').length, 18);
  });
});
