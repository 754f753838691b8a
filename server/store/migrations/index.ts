// Every schema change, in the order it is applied; ids never change once released.
import { assetMetaMigrations } from './asset-meta.ts';
import { contentMigrations } from './content.ts';
import { coreMigrations } from './core.ts';
import { liveMigrations } from './live.ts';
import { mediaMigrations } from './media.ts';
import type { Migration } from './migration.ts';
import { portalAccessMigrations } from './portal-access.ts';
import { portalMigrations } from './portals.ts';
import { readPathMigrations } from './read-paths.ts';
import { tokenScopeMigrations } from './token-scopes.ts';
import { tokenSecretMigrations } from './token-secrets.ts';
import { uploadMigrations } from './uploads.ts';
import { versionJobMigrations } from './version-jobs.ts';
import { webhookMigrations } from './webhooks.ts';

export const MIGRATIONS: Migration[] = [
  ...coreMigrations,
  ...contentMigrations,
  ...mediaMigrations,
  ...liveMigrations,
  ...portalMigrations,
  ...webhookMigrations,
  ...readPathMigrations,
  ...tokenScopeMigrations,
  ...uploadMigrations,
  ...tokenSecretMigrations,
  ...assetMetaMigrations,
  ...portalAccessMigrations,
  ...versionJobMigrations,
];
