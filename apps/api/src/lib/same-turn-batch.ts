/**
 * Calls made in the same turn of the event loop, or while an earlier run is still going,
 * answered by one run for all of them.
 *
 * Requests that arrive together are parsed in one turn (every socket that became readable is
 * read before the loop moves on), so their identical lookups (the session check of every
 * request) can go to the database as one statement instead of one each. One run at a time: calls
 * made while a run is with the database wait for it and go together in the next run, so a busy
 * database gets fewer, larger statements instead of one per turn queued behind each other (on
 * PGlite's one connection a rush's turns made hundreds of statements of three tokens each). An
 * idle one answers a lone call in the next turn, as before. Nothing is cached: every call is
 * answered by a run that started after the call was made.
 */

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Returns `call(item)`. The calls waiting are passed to `run` together once the turn's I/O is
 * done (setImmediate) and no run is going, in the order they were made; `run` answers one value
 * per item, in the same order. If it throws, every call of that run rejects with the error.
 */
export function sameTurnBatch<I, O>(run: (items: I[]) => Promise<O[]>) {
  let pending: Pending<I, O>[] = [];
  let scheduled = false;
  let running = false;

  function schedule() {
    if (scheduled || running || !pending.length) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const batch = pending;
      pending = [];
      running = true;
      void flush(batch).finally(() => {
        running = false;
        schedule();
      });
    });
  }

  async function flush(batch: Pending<I, O>[]) {
    try {
      const values = await run(batch.map((p) => p.item));
      if (values.length !== batch.length) throw new Error(`batch answered ${values.length} of ${batch.length}`);
      batch.forEach((p, i) => p.resolve(values[i]!));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}
