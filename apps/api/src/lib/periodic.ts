import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs`, never two passes at once (a tick while one runs is skipped); a failed
 * pass is logged as "<name> failed". The timer does not keep the process alive; stop() ends it, aborts
 * `signal` so a pass that works through items stops before the next one, and waits for it.
 */
export function startPeriodic(opts: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  work: (signal: AbortSignal) => Promise<void>;
}) {
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = opts
      .work(stopping.signal)
      .catch((err) => opts.log.error({ err }, `${opts.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
