// src/contract/: the table of operations is whole and says the same thing in each of its parts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ERROR_STATUS,
  OPERATION_NAMES,
  OPERATIONS,
  type ParamSchema,
  PERMISSIONS,
} from '../../src/contract/index.ts';

describe('the contract', () => {
  it('has the 38 operations of api-v2.md: 2 general, 9 gallery, 9 asset, 2 upload, 6 portal, 4 webhook, 6 live', () => {
    const byNamespace: Record<string, number> = {};
    for (const name of OPERATION_NAMES) {
      const namespace =
        name.includes('.') && !name.startsWith('token.') ? (name.split('.')[0] as string) : 'general';
      byNamespace[namespace] = (byNamespace[namespace] ?? 0) + 1;
    }
    assert.deepEqual(byNamespace, {
      general: 2,
      gallery: 9,
      asset: 9,
      upload: 2,
      portal: 6,
      webhook: 4,
      live: 6,
    });
  });

  it('calls every operation that changes state a write: every POST, and the live GETs but live.list', () => {
    for (const name of OPERATION_NAMES) {
      const { method, kind } = OPERATIONS[name];
      const changesByGet = name.startsWith('live.') && name !== 'live.list';
      assert.equal(kind, method === 'POST' || changesByGet ? 'write' : 'read', name);
    }
  });

  it('gives every required parameter a schema, and every schema a form ajv takes', () => {
    for (const name of OPERATION_NAMES) {
      const operation = OPERATIONS[name];
      const params: Record<string, ParamSchema> = operation.params;
      for (const required of 'required' in operation ? operation.required : [])
        assert.ok(params[required], `${name} ${required}`);
      for (const [param, schema] of Object.entries(params)) {
        assert.ok(schema.type === 'string' || schema.type === 'integer', `${name} ${param}`);
        if ('enum' in schema && schema.enum) assert.ok(schema.enum.length > 0, `${name} ${param}`);
      }
    }
  });

  it('names only known permissions, and a status for every error code', () => {
    for (const name of OPERATION_NAMES) {
      const { permission } = OPERATIONS[name];
      for (const each of permission === null
        ? []
        : typeof permission === 'string'
          ? [permission]
          : permission)
        assert.ok((PERMISSIONS as readonly string[]).includes(each), `${name} ${each}`);
    }
    assert.deepEqual(new Set(Object.values(ERROR_STATUS)), new Set([400, 403, 404, 409, 413, 429, 500]));
  });

  it('lets an upload token call only what decisions.md allows it', () => {
    const allowed = OPERATION_NAMES.filter((name) => {
      const operation = OPERATIONS[name];
      return 'uploadToken' in operation && operation.uploadToken === true;
    });
    assert.deepEqual(allowed.sort(), [
      'asset.get_upload_url',
      'asset.set_meta',
      'gallery.add_item',
      'gallery.get_items',
      'gallery.remove_item',
      'ping',
      'upload.iframe',
    ]);
  });
});
