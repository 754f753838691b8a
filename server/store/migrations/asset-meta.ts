// Metadata text fields without a column of their own (declared in the contract, src/contract/asset-record.ts)
// are kept together as JSON: a new plain field needs no schema change.
import type { Migration } from './migration.ts';

export const assetMetaMigrations: Migration[] = [
  {
    id: '011-asset-meta',
    sql: `ALTER TABLE assets ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';`,
  },
];
