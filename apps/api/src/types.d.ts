import type { Db } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
}
