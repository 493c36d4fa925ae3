import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { expireLapsedCheckouts } from './checkout.service.ts';
import type { PaymentGateway } from './gateway.ts';
import { settlePendingRefunds } from './refunds.ts';

export const PAYMENTS_INTERVAL_MS = 60_000;

/** What a background job that talks to the payment gateway is started with (server.ts, tests). */
export interface GatewayJobOptions {
  db: Db;
  clock: Clock;
  /** The app's one gateway (app.paymentGateway), shared with the routes and the webhook. */
  gateway: PaymentGateway;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/**
 * A periodic job on the app's gateway: `work` runs every `intervalMs` (never two passes at once,
 * failures logged by name, see lib/periodic.ts) with the app clock's now.
 */
export function startGatewayJob(
  opts: GatewayJobOptions,
  job: {
    name: string;
    intervalMs: number;
    work: (gateway: PaymentGateway, now: Date, signal: AbortSignal) => Promise<void>;
  },
) {
  const { gateway } = opts;
  return startPeriodic({
    name: job.name,
    intervalMs: opts.intervalMs ?? job.intervalMs,
    log: opts.log,
    work: (signal) => job.work(gateway, opts.clock.now(), signal),
  });
}

/** Every minute: open checkouts past their expiry end (coupon released), and pending refunds go to the gateway. */
export function startPaymentsWorker(opts: GatewayJobOptions) {
  return startGatewayJob(opts, {
    name: 'payments sweep',
    intervalMs: PAYMENTS_INTERVAL_MS,
    work: async (gateway, now, signal) => {
      const expired = await expireLapsedCheckouts({ db: opts.db, now });
      const refunded = await settlePendingRefunds({ db: opts.db, gateway, now, log: opts.log, signal });
      if (expired || refunded) opts.log.info({ expired, refunded }, 'payments sweep');
    },
  });
}
