import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, waitUntilReady, type Api } from './lib/api.ts';
import { networkError } from './lib/load.ts';
import {
  checkoutOutcome,
  holdSeat,
  initiate,
  newParent,
  payByCard,
  programsByTitle,
  type Parent,
} from './lib/parent.ts';
import { Cluster } from './lib/postgres.ts';
import { freePort, scratchDir, sleep } from './lib/paths.ts';
import { killGroup, stopGroup } from './lib/processes.ts';

// The API killed outright (SIGKILL: an OOM kill, a node lost) in the middle of parents paying by
// card on PostgreSQL. After the restart, no acknowledged payment is lost, none is applied twice,
// and every seat is confirmed exactly once.

const PROGRAMS = ['Saturday Soccer in the Park', 'Junior Golf'];
// A family may hold 3 unpaid seats at once: two seats each, for six families.
const PARENTS = 6;
const KIDS = 1;
/**
 * The kill comes 10 ms after this many card payments were sent: the six families' first payments
 * go together, and each second one follows its first's answer, so some are answered, some not.
 */
const KILL_AFTER = 8;

let cluster: Cluster;
let api: Api;
let apiDir: string;
let port: number;

const startIt = () =>
  startApi({
    port,
    dataDir: apiDir,
    logFile: join(apiDir, 'api.log'),
    env: { DATABASE_URL: cluster.url(), LOG_LEVEL: 'warn' },
  });

beforeAll(async () => {
  cluster = new Cluster('payments-sigkill', await freePort());
  await cluster.create();
  apiDir = scratchDir('payments-sigkill-api');
  port = await freePort();
  api = startIt();
  await waitUntilReady(api);
});

afterAll(async () => {
  await stopGroup(api);
  await cluster?.destroy();
});

interface Payment {
  parent: Parent;
  checkoutId: string;
  /** What the first attempt answered: paid, another answer, or the network error (answer lost). */
  first?: string;
}

it('loses no card payment and applies none twice when the API is killed mid-payment', async () => {
  const programs = await programsByTitle(api.base);
  const payments: Payment[] = [];
  const parents = await Promise.all(
    Array.from({ length: PARENTS }, (_, i) => newParent(api.base, `payer-${i}-${Date.now()}@family.example`, KIDS)),
  );
  for (const parent of parents) {
    for (const child of parent.children) {
      for (const title of PROGRAMS) {
        const seat = await holdSeat(api.base, parent, child, programs.get(title)!.id);
        const started = await initiate(api.base, parent, [seat]);
        expect(started.status, started.message).toBe(200);
        payments.push({ parent, checkoutId: started.data.checkoutId });
      }
    }
  }

  // Each parent pays their checkouts one after another; every third payment is a double click
  // (two card submissions at once). The kill lands while payments are on their way.
  let sent = 0;
  let killed = false;
  const attempt = async (p: Payment) => {
    const answer = await payByCard(api.base, p.parent, p.checkoutId).then(
      (a) => (a.status === 200 ? a.data.state : `${a.status} ${a.code}`),
      (err: unknown) => `no answer (${networkError(err)})`,
    );
    p.first = p.first === 'paid' ? 'paid' : answer;
  };
  await Promise.all(
    parents.map(async (parent) => {
      for (const p of payments.filter((x) => x.parent === parent)) {
        if (killed) return;
        const clicks = payments.indexOf(p) % 3 === 0 ? 2 : 1;
        const inFlight = Array.from({ length: clicks }, () => attempt(p));
        sent++;
        if (sent === KILL_AFTER && !killed) {
          killed = true;
          await sleep(10);
          killGroup(api.pid, 'SIGKILL');
        }
        await Promise.all(inFlight);
      }
    }),
  );
  await stopGroup(api); // waits until no process of the killed group is left

  api = startIt();
  await waitUntilReady(api);
  // Each parent comes back: the site asks for the outcome, and pays what is still open.
  for (const p of payments) {
    let state = (await checkoutOutcome(api.base, p.parent, p.checkoutId)).data?.state;
    if (state === 'open') state = (await payByCard(api.base, p.parent, p.checkoutId)).data?.state;
    expect(state, `checkout ${p.checkoutId} after the restart`).toBe('paid');
  }

  const ids = payments.map((p) => p.checkoutId);
  const perCheckout = await cluster.query<{
    id: string;
    status: string;
    total_cents: number;
    payments: number;
    paid_cents: number;
  }>(
    'kikstart',
    `select c.id, c.status, c.total_cents,
       count(t.id)::int as payments, coalesce(sum(t.amount_cents), 0)::int as paid_cents
     from checkouts c
     left join transactions t on t.checkout_id = c.id and t.kind = 'payment' and t.status = 'succeeded'
     where c.id = any($1) group by c.id`,
    [ids],
  );
  const seats = await cluster.query<{ enrollment_id: string; status: string; paid_lines: number }>(
    'kikstart',
    `select e.id as enrollment_id, e.status, count(l.id) filter (where l.status = 'paid')::int as paid_lines
     from checkout_lines l join enrollments e on e.id = l.enrollment_id
     where l.checkout_id = any($1) group by e.id`,
    [ids],
  );
  const overbooked = await cluster.query(
    'kikstart',
    `select p.title, p.capacity, count(*)::int as confirmed from enrollments e join programs p on p.id = e.program_id
     where e.status = 'confirmed' group by p.id having count(*) > p.capacity`,
  );
  // A payment applied twice would mail its receipt twice.
  const [receipts] = await cluster.query<{ n: number }>(
    'kikstart',
    `select count(*)::int as n from mail_outbox where template = 'payment-receipt'`,
  );

  const ackedBeforeKill = payments.filter((p) => p.first === 'paid');
  const lostAnswers = payments.filter((p) => p.first?.startsWith('no answer'));
  const notPaid = perCheckout.filter((c) => c.status !== 'paid' || c.payments === 0);
  const twice = perCheckout.filter((c) => c.payments > 1 || c.paid_cents !== c.total_cents);
  const seatsWrong = seats.filter((s) => s.status !== 'confirmed' || s.paid_lines !== 1);
  console.log(
    `fault: SIGKILL during card payments: ${payments.length} checkouts, ${ackedBeforeKill.length} paid before the kill, ` +
      `${lostAnswers.length} answers lost to it, ${perCheckout.length - notPaid.length} paid after the restart, ` +
      `${ackedBeforeKill.filter((p) => notPaid.some((c) => c.id === p.checkoutId)).length} lost, ${twice.length} applied twice, ` +
      `${seatsWrong.length} seats wrong, ${receipts!.n} receipts`,
  );

  expect(killed).toBe(true);
  expect(ackedBeforeKill.length).toBeGreaterThan(0);
  expect(perCheckout).toHaveLength(payments.length);
  expect(notPaid).toEqual([]);
  expect(twice).toEqual([]);
  expect(seats).toHaveLength(payments.length);
  expect(seatsWrong).toEqual([]);
  expect(overbooked).toEqual([]);
  expect(receipts!.n).toBe(payments.length);
});
