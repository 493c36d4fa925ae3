import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import type { AppConfig } from '../../config/env.ts';
import { expireLapsedCheckouts } from './checkout.service.ts';
import { createGateway } from './gateway.ts';
import { settlePendingRefunds } from './refunds.ts';

export const PAYMENTS_INTERVAL_MS = 60_000;

/** Every minute: open checkouts past their expiry end (coupon released), and pending refunds go to the gateway. */
export function startPaymentsWorker(opts: { db: Db; clock: Clock; config: AppConfig; log: FastifyBaseLogger; intervalMs?: number }) {
  const gateway = createGateway({ config: opts.config, db: opts.db });
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    const now = opts.clock.now();
    running = (async () => {
      const expired = await expireLapsedCheckouts({ db: opts.db, now });
      const refunded = await settlePendingRefunds({ db: opts.db, gateway, now, log: opts.log });
      if (expired || refunded) opts.log.info({ expired, refunded }, 'payments sweep');
    })()
      .catch((err) => opts.log.error({ err }, 'payments sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? PAYMENTS_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
