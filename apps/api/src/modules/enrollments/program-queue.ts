/**
 * A queue per program inside this process, in front of the program's row lock. Requests for one
 * program waiting on that lock in PostgreSQL each hold a pooled connection while they wait, so a
 * rush on one program would take the whole pool and every other request (a payment, the catalog)
 * would queue behind it. Here they wait in memory instead, first come first served, and at most
 * one transaction per process and program waits on the lock. The row lock still decides who
 * gets a seat (several processes share one database); this only decides who waits where.
 */
const tails = new Map<string, Promise<void>>();

export async function inProgramQueue<T>(programId: string, fn: () => Promise<T>): Promise<T> {
  const ahead = tails.get(programId) ?? Promise.resolve();
  let done!: () => void;
  const mine = ahead.then(() => new Promise<void>((resolve) => (done = resolve)));
  tails.set(programId, mine);
  await ahead;
  try {
    return await fn();
  } finally {
    done();
    if (tails.get(programId) === mine) tails.delete(programId);
  }
}
