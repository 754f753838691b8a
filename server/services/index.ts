// Builds every service of one server; routes reach them through this object.
import type { ServerContext } from '../context.ts';
import { AssetService } from './assets.ts';
import { ChunkedUploadService } from './chunked-uploads.ts';
import { DownloadService } from './downloads.ts';
import { GalleryService } from './galleries.ts';
import { LiveService } from './live.ts';
import { PortalService } from './portals.ts';
import { TokenService } from './tokens.ts';
import { UrlImportService } from './url-imports.ts';
import { VersionService } from './versions.ts';
import { WebhookService } from './webhooks.ts';

export interface Services {
  tokens: TokenService;
  assets: AssetService;
  uploads: ChunkedUploadService;
  galleries: GalleryService;
  live: LiveService;
  versions: VersionService;
  urlImports: UrlImportService;
  downloads: DownloadService;
  portals: PortalService;
  webhooks: WebhookService;
}

export function createServices(ctx: ServerContext): Services {
  const services = {} as Services;
  services.tokens = new TokenService(ctx);
  services.assets = new AssetService(ctx);
  services.uploads = new ChunkedUploadService(ctx, services.assets);
  services.galleries = new GalleryService(ctx, services.assets);
  services.live = new LiveService(ctx);
  services.versions = new VersionService(ctx, services.assets);
  services.urlImports = new UrlImportService(ctx, services.assets);
  services.downloads = new DownloadService(ctx);
  services.portals = new PortalService(ctx);
  services.webhooks = new WebhookService(ctx);
  return services;
}

/** Stops background work (queues, timers, simulators) of every service that has any. */
export async function closeServices(services: Services): Promise<void> {
  for (const service of Object.values(services) as { close?: () => unknown }[]) {
    await service.close?.();
  }
}
