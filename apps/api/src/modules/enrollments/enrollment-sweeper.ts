import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@kikstart/db';
import type { Clock } from '../../lib/clock.ts';
import { expireLapsedHoldsAndOffers } from './enrollment-seats.ts';

export const SWEEP_INTERVAL_MS = 60_000;

/** Every minute: lapsed payment holds and offers end, freed seats go to the waitlist, and holds about to lapse are reminded. */
export function startEnrollmentSweeper(opts: { db: Db; clock: Clock; publicUrl: string; log: FastifyBaseLogger; intervalMs?: number }) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = expireLapsedHoldsAndOffers({ db: opts.db, publicUrl: opts.publicUrl, now: opts.clock.now() })
      .then((r) => {
        if (r.expired || r.offered || r.reminded) opts.log.info(r, 'enrollment sweep');
      })
      .catch((err) => opts.log.error({ err }, 'enrollment sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
