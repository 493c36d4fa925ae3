/**
 * A queue per program inside this process, in front of the program's row lock, served in
 * batches. Requests for one program wait here in memory, first come first served, not on the
 * row lock in PostgreSQL: each waiter there would hold a pooled connection, so a rush on one
 * program would take the whole pool and every other request (a payment, the catalog) would
 * queue behind it. Whoever arrived while a batch was running (or in the same turn of the event
 * loop as the first) goes in the next batch, in arrival order (at most `maxBatch` at a time), and the batch is one run of `run`: one transaction under
 * the lock for all of them, so the lock, the seat count and the commit are paid once per batch,
 * not once per parent. The row lock still decides who gets a seat (several processes share one
 * database); this only decides who waits where and with whom.
 */

/** What `run` decided for one item: its value, or the error its caller gets. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiter<I, O> {
  item: I;
  settle: (outcome: Outcome<O>) => void;
}

/**
 * Returns `enqueue(programId, item)`, which resolves with the item's own outcome. `run` gets
 * the items in arrival order and answers one outcome per item, in the same order; if it throws,
 * every item of that batch fails with the error. A program's batches run one at a time: the
 * next starts when `run` ends, or earlier when `run` calls `release()` (its critical section
 * is over and what is left only reads), so the database works on the next batch while this
 * one's answers are read and sent.
 */
export function programBatcher<I, O>(
  run: (programId: string, items: I[], release: () => void) => Promise<Outcome<O>[]>,
  maxBatch: number,
) {
  const queues = new Map<string, Waiter<I, O>[]>();

  async function drain(programId: string, queue: Waiter<I, O>[]) {
    while (queue.length) {
      // One turn of the event loop first, so requests arriving at the same moment go together.
      // This made batches at all when PGlite ran on this thread (without the turn each arrival
      // found the program idle and went alone: 1,000 batches of one in a rush on one program,
      // against 29 with it); with the session checks of a turn also answered together
      // (sessions.service.ts), a rush's requests reach this queue in the same turns.
      await new Promise((resolve) => setTimeout(resolve));
      const batch = queue.splice(0, maxBatch);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const answered = runBatch(programId, batch, release);
      await Promise.race([released, answered]);
    }
    queues.delete(programId);
  }

  async function runBatch(programId: string, batch: Waiter<I, O>[], release: () => void) {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await run(
        programId,
        batch.map((w) => w.item),
        release,
      );
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((w, i) => w.settle(outcomes[i] ?? { ok: false, error: new Error('no outcome for a queued item') }));
  }

  return (programId: string, item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      const waiter: Waiter<I, O> = { item, settle: (o) => (o.ok ? resolve(o.value) : reject(o.error)) };
      const queue = queues.get(programId);
      if (queue) {
        queue.push(waiter);
        return;
      }
      const fresh = [waiter];
      queues.set(programId, fresh);
      void drain(programId, fresh);
    });
}
