// Every route module of the server that is not an operation of the contract, registered in this order.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services/index.ts';
import { registerPortalOpenId } from '../web/portal-openid.ts';
import { registerPortalPages } from '../web/portal-pages.ts';
import { registerLiveRoutes } from './live.ts';
import { registerMediaRoutes } from './media.ts';
import { registerUploadRoutes } from './upload.ts';
import { registerUploadFrameRoutes } from './upload-frame.ts';

type RegisterRoutes = (app: FastifyInstance, ctx: ServerContext, services: Services) => void;

export const ROUTES: RegisterRoutes[] = [
  registerUploadFrameRoutes,
  registerUploadRoutes,
  registerLiveRoutes,
  registerMediaRoutes,
  registerPortalPages,
  registerPortalOpenId,
];
