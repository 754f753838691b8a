// Tokens that may read only some galleries (the page token of a portal that shows a chosen few).
import type { Migration } from './migration.ts';

export const tokenScopeMigrations: Migration[] = [
  {
    id: '008-token-read-scope',
    // JSON array of the fids the token may read; NULL reads every gallery its permissions allow.
    sql: 'ALTER TABLE tokens ADD COLUMN read_fids TEXT;',
  },
];
