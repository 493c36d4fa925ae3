import { startGatewayJob, type GatewayJobOptions } from '../payments/payments-worker.ts';
import { runRenewals } from './renewals.ts';

/** Renewals are due by the day; every five minutes is prompt enough and cheap (one indexed query when nothing is due). */
export const MEMBERSHIPS_INTERVAL_MS = 5 * 60_000;

/** Charges due memberships, retries failed renewals, ends cancelled ones and holds the seats they covered. */
export function startMembershipsWorker(opts: GatewayJobOptions) {
  return startGatewayJob(opts, {
    name: 'membership renewals',
    intervalMs: MEMBERSHIPS_INTERVAL_MS,
    work: async (gateway, now, signal) => {
      const counts = await runRenewals({ db: opts.db, gateway, publicUrl: opts.publicUrl, now, log: opts.log, signal });
      if (counts.renewed || counts.failed || counts.ended || counts.held) opts.log.info(counts, 'membership renewals');
    },
  });
}
