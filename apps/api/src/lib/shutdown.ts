/**
 * One clean shutdown, whoever sends the signal. A process manager may signal the whole process
 * group while `npm` also passes the same signal on, so a second SIGTERM or SIGINT during a
 * shutdown is a copy of the first and is ignored; the grace timer is what ends a shutdown that
 * hangs. An uncaught error shuts down the same way, with exit code 1.
 */
export interface ShutdownOptions {
  /** How long the whole shutdown may take before the process exits anyway (code 1). */
  graceMs: number;
  log: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Closes everything, in order; the process exits when it resolves. */
  close: () => Promise<void>;
  /** Tests pass their own; the process's by default. */
  exit?: (code: number) => void;
  on?: (event: string, listener: (...args: unknown[]) => void) => void;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export function handleShutdown({
  graceMs,
  log,
  close,
  exit = process.exit,
  on = process.on.bind(process),
}: ShutdownOptions) {
  let started = false;
  const shutDown = (reason: { signal?: string; err?: unknown }) => {
    if (started) {
      if (reason.signal) log.info({ signal: reason.signal }, 'already shutting down; repeated signal ignored');
      else log.error({ err: reason.err }, 'error while shutting down');
      return;
    }
    started = true;
    const code = reason.err ? 1 : 0;
    if (reason.err) log.error({ err: reason.err }, 'closing after an error');
    else log.info({ signal: reason.signal, graceMs }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ graceMs }, 'shutdown grace ran out; exiting before everything closed');
      exit(1);
    }, graceMs);
    timer.unref();
    close().then(
      () => {
        clearTimeout(timer);
        log.info({}, 'shut down');
        exit(code);
      },
      (err: unknown) => {
        clearTimeout(timer);
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of SIGNALS) on(signal, () => shutDown({ signal }));
  on('uncaughtException', (err) => shutDown({ err }));
  on('unhandledRejection', (err) => shutDown({ err }));
  return { shutDown };
}
