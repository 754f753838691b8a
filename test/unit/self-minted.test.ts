// auth/self-minted.ts: reading version 3 tokens as the hosted service's plugins mint them (here by the
// client's mintTempToken), with the candidate parents given directly.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksSelfMinted, readSelfMinted } from '../../server/auth/self-minted.ts';
import type { TokenRow } from '../../server/store/tokens.ts';
import { mintTempToken } from '../../src/api/mint-token.ts';

const PARENT = '123456io7k2m9q4x8w1c5v3b6n0z4r7t2y';
const ROW: TokenRow = {
  hash: 'h',
  kind: 'application',
  level: 'delete',
  permissions: '|*|',
  parent_hash: null,
  fid: null,
  rid: null,
  sourceip: null,
  expires_at: null,
  created_at: 0,
};
const candidates = (token: string) => (last4: string) => (token.endsWith(last4) ? [{ row: ROW, token }] : []);

describe('version 3 tokens', () => {
  it('reads the expiry and every optional field a token carries', async () => {
    const expire = Date.UTC(2030, 0, 2, 3, 4, 5);
    const token = await mintTempToken(PARENT, {
      expire,
      permissions: ['asset.*', 'gallery.read'],
      rid: 'r1',
      fid: 'f1',
      rrid: 'crm-1',
      sourceip: '10.0.0.1',
      host: 'shop.example',
    });
    assert.ok(looksSelfMinted(token));
    const minted = readSelfMinted(token, candidates(PARENT));
    assert.deepEqual(
      { ...minted, parent: minted?.parent.hash },
      {
        parent: 'h',
        expiresAt: expire,
        permissions: 'asset.*|gallery.read',
        rid: 'r1',
        fid: 'f1',
        rrid: 'crm-1',
        sourceip: '10.0.0.1',
        host: 'shop.example',
      },
    );
  });

  it("leaves out what a token does not name: the parent's permissions, any gallery or asset", async () => {
    const minted = readSelfMinted(
      await mintTempToken(PARENT, { expire: Date.UTC(2030, 0, 1) }),
      candidates(PARENT),
    );
    assert.equal(minted?.permissions, null);
    assert.equal(minted?.fid, null);
    assert.equal(minted?.host, null);
  });

  it('reads nothing from a token no candidate parent decrypts, or one shaped otherwise', async () => {
    const token = await mintTempToken(PARENT, { expire: Date.UTC(2030, 0, 1) });
    // Another application token ending in the same 4 characters: its key opens nothing readable.
    const sameEnding = `123456io${'q'.repeat(22)}${PARENT.slice(-4)}`;
    assert.equal(
      readSelfMinted(token, () => [{ row: ROW, token: sameEnding }]),
      undefined,
    );
    assert.equal(
      readSelfMinted(token, () => []),
      undefined,
    );
    assert.equal(looksSelfMinted(PARENT), false);
    assert.equal(readSelfMinted(`${token.slice(0, -4)}AAAA`, candidates(PARENT)), undefined);
  });
});
