import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { expireLapsedHoldsAndOffers } from './enrollment-seats.ts';

export const SWEEP_INTERVAL_MS = 60_000;

/** Every minute: lapsed payment holds and offers end, freed seats go to the waitlist, and holds about to lapse are reminded. */
export function startEnrollmentSweeper(opts: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return startPeriodic({
    name: 'enrollment sweep',
    intervalMs: opts.intervalMs ?? SWEEP_INTERVAL_MS,
    log: opts.log,
    work: async () => {
      const r = await expireLapsedHoldsAndOffers({ db: opts.db, publicUrl: opts.publicUrl, now: opts.clock.now() });
      if (r.expired || r.offered || r.reminded) opts.log.info(r, 'enrollment sweep');
    },
  });
}
