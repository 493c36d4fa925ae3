import type { Db } from '@kikstart/db';
import type { AppConfig } from './config/env.ts';
import type { Clock } from './lib/clock.ts';
import type { PrivateFiles } from './plugins/files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    /** Where every service reads the time (injected by tests). */
    clock: Clock;
    /** Private pictures: folder, link signing (plugins/files.ts). */
    files: PrivateFiles;
  }
}
