/**
 * Calls made in the same turn of the event loop, answered by one run for all of them.
 *
 * Requests that arrive together are parsed in one turn (every socket that became readable is
 * read before the loop moves on), so their identical lookups (the session check of every
 * request) can go to the database as one statement instead of one each. Nothing is cached: every
 * call is answered by a run that started after the call was made.
 */

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Returns `call(item)`. The calls of one turn are passed to `run` together, once the turn's I/O
 * is done (setImmediate), in the order they were made; `run` answers one value per item, in the
 * same order. If it throws, every call of that run rejects with the error.
 */
export function sameTurnBatch<I, O>(run: (items: I[]) => Promise<O[]>) {
  let pending: Pending<I, O>[] | null = null;

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
      if (!pending) {
        const batch: Pending<I, O>[] = [];
        pending = batch;
        setImmediate(() => {
          pending = null;
          void flush(batch);
        });
      }
      pending.push({ item, resolve, reject });
    });
}
