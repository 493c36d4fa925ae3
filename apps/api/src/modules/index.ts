import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';
import { contentRoutes } from './content/content.routes.ts';

/** Every API module, mounted under /api. Add a module here when you add a domain folder. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, contentRoutes];
