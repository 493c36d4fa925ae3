import type { FastifyBaseLogger } from 'fastify';
import { captureError } from './error-monitoring.ts';

/**
 * Runs `work` every `intervalMs`, never two passes at once (a tick while one runs is skipped); a failed
 * pass is logged as "<name> failed" and reported to monitoring. The timer does not keep the process alive; stop() ends it, aborts
 * `signal` so a pass that works through items stops before the next one, and waits for it.
 */
export function startPeriodic(opts: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  work: (signal: AbortSignal) => Promise<void>;
  /** Also run a pass at once, not only after the first interval. */
  runAtStart?: boolean;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  // Wall-clock times (not the app's clock, which tests move by hand): the metrics' job lag.
  const startedAt = Date.now();
  let lastSuccessAt: number | undefined;
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = opts
      .work(stopping.signal)
      .then(() => void (lastSuccessAt = Date.now()))
      .catch((err) => {
        opts.log.error({ err }, `${opts.name} failed`);
        captureError(err, { task: opts.name });
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  if (opts.runAtStart) tick();
  return {
    status: () => ({ name: opts.name, intervalMs: opts.intervalMs, startedAt, lastSuccessAt }),
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

/** What a job says of itself: when it last finished a pass without failing (epoch ms). */
export interface JobStatus {
  name: string;
  intervalMs: number;
  startedAt: number;
  lastSuccessAt?: number;
}

export interface PeriodicJob {
  status(): JobStatus;
  stop(): Promise<void>;
}
