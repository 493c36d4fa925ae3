/**
 * A queue inside this process in front of the programs' row locks, served in batches: every
 * enrollment request of one database waits here in memory, first come first served, not on a
 * row lock in PostgreSQL, where each waiter would hold a pooled connection (a rush would take the
 * whole pool and every other request, a payment or the catalog, would queue behind it). Whoever
 * arrived while a batch was running (or in the same turn of the event loop as the first) goes in
 * the next batch, in arrival order (at most `maxBatch` at a time), whatever program it asks
 * for; the batch is one run of `run`: one transaction that locks the batch's programs, so the
 * locks, the seat counts and the commit are paid once per batch, not once per parent or per
 * program. The row locks still decide who gets a seat (several processes share one database);
 * this only decides who waits where and with whom.
 */

/** What `run` decided for one item: its value, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiter<I, O> {
  item: I;
  settle: (outcome: Outcome<O>) => void;
}

/**
 * Returns `enqueue(key, item)`, which resolves with the item's own outcome. Items of one key
 * (one database) share a queue: `run` gets them in arrival order and answers one outcome per
 * item, in the same order; if it throws, every item of that batch fails with the error. A key's
 * batches run one at a time.
 *
 * A batch's answers are given once the next batch has started (at once when nobody waits): its
 * first statement is then with the database while this thread writes a hundred answers out,
 * instead of the database idling until they are written. On PGlite, whose thread and this one
 * otherwise took turns, the one-program rush's p99 went down by about a tenth (decision 0028).
 */
export function batchQueue<K, I, O>(run: (key: K, items: I[]) => Promise<Outcome<O>[]>, maxBatch: number) {
  const queues = new Map<K, Waiter<I, O>[]>();

  async function drain(key: K, queue: Waiter<I, O>[]) {
    let answerLast = () => {};
    while (queue.length) {
      // One turn of the event loop first, so requests arriving at the same moment go together.
      // This made batches at all when PGlite ran on this thread (without the turn each arrival
      // found the program idle and went alone: 1,000 batches of one in a rush on one program,
      // against 29 with it); with the session checks of a turn also answered together
      // (sessions.service.ts), a rush's requests reach this queue in the same turns.
      await new Promise((resolve) => setTimeout(resolve));
      const batch = queue.splice(0, maxBatch);
      const running = runBatch(key, batch);
      // Once this batch's first statement is on its way (the turn's microtasks have run).
      setImmediate(answerLast);
      const outcomes = await running;
      answerLast = () => settleAll(batch, outcomes);
    }
    queues.delete(key);
    answerLast();
  }

  async function runBatch(key: K, batch: Waiter<I, O>[]): Promise<Outcome<O>[]> {
    try {
      return await run(
        key,
        batch.map((w) => w.item),
      );
    } catch (error) {
      return batch.map(() => ({ ok: false, error }));
    }
  }

  function settleAll(batch: Waiter<I, O>[], outcomes: Outcome<O>[]) {
    batch.forEach((w, i) => w.settle(outcomes[i] ?? { ok: false, error: new Error('no outcome for a queued item') }));
  }

  return (key: K, item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      const waiter: Waiter<I, O> = { item, settle: (o) => (o.ok ? resolve(o.value) : reject(o.error)) };
      const queue = queues.get(key);
      if (queue) {
        queue.push(waiter);
        return;
      }
      const fresh = [waiter];
      queues.set(key, fresh);
      void drain(key, fresh);
    });
}
