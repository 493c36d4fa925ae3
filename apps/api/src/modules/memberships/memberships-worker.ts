import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import type { AppConfig } from '../../config/env.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { createGateway } from '../payments/gateway.ts';
import { runRenewals } from './renewals.ts';

/** Renewals are due by the day; every five minutes is prompt enough and cheap (one indexed query when nothing is due). */
export const MEMBERSHIPS_INTERVAL_MS = 5 * 60_000;

/** Charges due memberships, retries failed renewals, ends cancelled ones and holds the seats they covered. */
export function startMembershipsWorker(opts: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const gateway = createGateway({ config: opts.config, db: opts.db });
  return startPeriodic({
    name: 'membership renewals',
    intervalMs: opts.intervalMs ?? MEMBERSHIPS_INTERVAL_MS,
    log: opts.log,
    work: async () => {
      const counts = await runRenewals({
        db: opts.db,
        gateway,
        publicUrl: opts.config.publicUrl,
        now: opts.clock.now(),
        log: opts.log,
      });
      if (counts.renewed || counts.failed || counts.ended || counts.held) opts.log.info(counts, 'membership renewals');
    },
  });
}
