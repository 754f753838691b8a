// Builds every service of one server; routes reach them through this object.
import type { ServerContext } from '../context.ts';
import { TokenService } from './tokens.ts';

export interface Services {
  tokens: TokenService;
}

export function createServices(ctx: ServerContext): Services {
  const services = {} as Services;
  services.tokens = new TokenService(ctx);
  return services;
}

/** Stops background work (queues, timers, simulators) of every service that has any. */
export async function closeServices(services: Services): Promise<void> {
  for (const service of Object.values(services) as { close?: () => unknown }[]) {
    await service.close?.();
  }
}
