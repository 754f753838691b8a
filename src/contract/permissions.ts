// The permission names of API v2 (decisions.md "Tokens and permissions"): `<namespace>.<action>`.

export const PERMISSIONS = [
  'gallery.read',
  'gallery.create',
  'gallery.update',
  'gallery.delete',
  'asset.read',
  'asset.upload',
  'asset.update',
  'asset.delete',
  'portal.read',
  'portal.update',
  'portal.delete',
  'webhook.read',
  'webhook.update',
  'webhook.delete',
  'live.read',
  'live.update',
  'live.delete',
  'token.create',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export type TokenType = 'application' | 'temporary' | 'upload';
