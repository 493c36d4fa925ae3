import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs`, never two passes at once (a tick while one runs is skipped); a failed
 * pass is logged as "<name> failed". The timer does not keep the process alive; stop() ends it and waits
 * for a pass that is running.
 */
export function startPeriodic(opts: {
  name: string;
  intervalMs: number;
  log: FastifyBaseLogger;
  work: () => Promise<void>;
}) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = opts
      .work()
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
      await running;
    },
  };
}
