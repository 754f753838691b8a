// Application tokens keep their secret encrypted beside the hash: a self-minted version 3 token is
// encrypted under a key derived from its parent's plaintext, which a hash cannot give back.
import type { Migration } from './migration.ts';

export const tokenSecretMigrations: Migration[] = [
  {
    id: '010-token-secrets',
    sql: `
      -- AES-256-GCM of the token under a key derived from the server secret (auth/secret-box.ts);
      -- NULL for rows made before, until the token is next presented.
      ALTER TABLE tokens ADD COLUMN secret_box TEXT;
      -- The token's last 4 characters: a version 3 token names its parent by them.
      ALTER TABLE tokens ADD COLUMN last4 TEXT;
      CREATE INDEX tokens_last4 ON tokens (last4) WHERE last4 IS NOT NULL;
    `,
  },
];
