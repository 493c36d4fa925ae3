import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import type { AppConfig } from '../../config/env.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { expireLapsedCheckouts } from './checkout.service.ts';
import { createGateway } from './gateway.ts';
import { settlePendingRefunds } from './refunds.ts';

export const PAYMENTS_INTERVAL_MS = 60_000;

/** Every minute: open checkouts past their expiry end (coupon released), and pending refunds go to the gateway. */
export function startPaymentsWorker(opts: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const gateway = createGateway({ config: opts.config, db: opts.db });
  return startPeriodic({
    name: 'payments sweep',
    intervalMs: opts.intervalMs ?? PAYMENTS_INTERVAL_MS,
    log: opts.log,
    work: async () => {
      const now = opts.clock.now();
      const expired = await expireLapsedCheckouts({ db: opts.db, now });
      const refunded = await settlePendingRefunds({ db: opts.db, gateway, now, log: opts.log });
      if (expired || refunded) opts.log.info({ expired, refunded }, 'payments sweep');
    },
  });
}
