// Every route module of the server, registered in this order.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services/index.ts';
import { registerAssetRoutes } from './assets.ts';
import { registerGalleryRoutes } from './galleries.ts';
import { registerGeneralRoutes } from './general.ts';
import { registerLiveRoutes } from './live.ts';
import { registerMediaRoutes } from './media.ts';
import { registerPortalRoutes } from './portals.ts';
import { registerUploadRoutes } from './upload.ts';
import { registerUploadFrameRoutes } from './upload-frame.ts';
import { registerWebhookRoutes } from './webhooks.ts';

type RegisterRoutes = (app: FastifyInstance, ctx: ServerContext, services: Services) => void;

export const ROUTES: RegisterRoutes[] = [
  registerGeneralRoutes,
  registerUploadFrameRoutes,
  registerGalleryRoutes,
  registerAssetRoutes,
  registerUploadRoutes,
  registerLiveRoutes,
  registerMediaRoutes,
  registerPortalRoutes,
  registerWebhookRoutes,
];
