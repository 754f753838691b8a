// Builds every service of one server; the operation handlers (operations.ts) and routes reach them here.
import type { ServerContext } from '../context.ts';
import { AssetDeletion } from './asset-deletion.ts';
import { AssetService } from './assets.ts';
import { ChunkedUploadService } from './chunked-uploads.ts';
import { DownloadService } from './downloads.ts';
import { GalleryService } from './galleries.ts';
import { GalleryEntries } from './gallery-entries.ts';
import { GalleryItemService } from './gallery-items.ts';
import { GalleryListing } from './gallery-list.ts';
import { IngestService } from './ingest.ts';
import { LiveService } from './live.ts';
import { PortalService } from './portals.ts';
import { RecordService } from './records.ts';
import { TokenService } from './tokens.ts';
import { UrlImportService } from './url-imports.ts';
import { UserService } from './users.ts';
import { VersionService } from './versions.ts';
import { WebhookService } from './webhooks.ts';

export interface Services {
  tokens: TokenService;
  records: RecordService;
  assets: AssetService;
  ingest: IngestService;
  uploads: ChunkedUploadService;
  galleries: GalleryService;
  galleryEntries: GalleryEntries;
  galleryItems: GalleryItemService;
  galleryList: GalleryListing;
  live: LiveService;
  versions: VersionService;
  urlImports: UrlImportService;
  downloads: DownloadService;
  portals: PortalService;
  webhooks: WebhookService;
  users: UserService;
}

export function createServices(ctx: ServerContext): Services {
  const records = new RecordService(ctx);
  const deletion = new AssetDeletion(ctx, records);
  const ingest = new IngestService(ctx, records, deletion);
  const entries = new GalleryEntries(ctx);
  return {
    tokens: new TokenService(ctx),
    records,
    assets: new AssetService(ctx, records, deletion),
    ingest,
    uploads: new ChunkedUploadService(ctx, ingest, records),
    galleries: new GalleryService(ctx, entries, deletion),
    galleryEntries: entries,
    galleryItems: new GalleryItemService(ctx, entries, records, deletion),
    galleryList: new GalleryListing(ctx, entries),
    live: new LiveService(ctx),
    versions: new VersionService(ctx, records),
    urlImports: new UrlImportService(ctx, ingest),
    downloads: new DownloadService(ctx),
    portals: new PortalService(ctx),
    webhooks: new WebhookService(ctx),
    users: new UserService(ctx),
  };
}

/** Stops background work (queues, timers, simulators) of every service that has any. */
export async function closeServices(services: Services): Promise<void> {
  for (const service of Object.values(services) as { close?: () => unknown }[]) {
    await service.close?.();
  }
}
