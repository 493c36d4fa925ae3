import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, waitUntilReady, type Api } from './lib/api.ts';
import { holdSeat, initiate, newParent, programsByTitle, type Envelope, type Parent } from './lib/parent.ts';
import { Cluster } from './lib/postgres.ts';
import { freePort, scratchDir, seconds, sleep } from './lib/paths.ts';
import { stopGroup } from './lib/processes.ts';
import { StripeStandIn, sendWebhook } from './lib/stripe-stand-in.ts';

// The card gateway failing, down or slow when a parent starts paying (PAYMENT_GATEWAY=stripe,
// pointed at a stand-in): the parent gets a clear answer, the seat stays held, and once a
// payment does go through it is applied once, however often Stripe tells us.

const GATEWAY_UNAVAILABLE = 'Online payment is not available at the moment. Please try again later or contact us.';

let cluster: Cluster;
let stripe: StripeStandIn;
let api: Api;
let parent: Parent;
let seat: string;

beforeAll(async () => {
  cluster = new Cluster('gateway-faults', await freePort());
  await cluster.create();
  stripe = new StripeStandIn(await freePort());
  await stripe.start();
  const dir = scratchDir('gateway-faults-api');
  api = startApi({
    port: await freePort(),
    dataDir: dir,
    logFile: join(dir, 'api.log'),
    env: { DATABASE_URL: cluster.url(), LOG_LEVEL: 'warn', ...stripe.env },
  });
  await waitUntilReady(api);
  parent = await newParent(api.base, `gateway-${Date.now()}@family.example`);
  const programs = await programsByTitle(api.base);
  seat = await holdSeat(api.base, parent, parent.children[0]!, programs.get('Saturday Soccer in the Park')!.id);
});

afterAll(async () => {
  await stopGroup(api);
  await stripe?.stop();
  await cluster?.destroy();
});

/** The seat as the database has it: still a live hold, or confirmed once paid. */
async function seatState() {
  const [row] = await cluster.query<{ status: string; held: boolean }>(
    'kikstart',
    `select status, hold_expires_at > now() as held from enrollments where id = $1`,
    [seat],
  );
  return row!;
}

const payments = async () =>
  (
    await cluster.query<{ n: number }>('kikstart', `select count(*)::int as n from transactions where kind = 'payment'`)
  )[0]!.n;

/** Starts paying and times the answer. */
async function timedInitiate() {
  const startedAt = Date.now();
  const answer = await initiate(api.base, parent, [seat], 90_000);
  return { answer, ms: Date.now() - startedAt };
}

const summary = (a: Envelope) => `${a.status} ${a.code ?? ''} "${a.message}"`;

it('answers a clear 503 while the gateway fails, and keeps the seat held', async () => {
  stripe.mode = 'failing';
  const before = stripe.calls.length;
  const { answer, ms } = await timedInitiate();
  const calls = stripe.calls.length - before;
  console.log(
    `fault: payment gateway failing (500): ${summary(answer)} in ${seconds(ms)} after ${calls} gateway calls, seat ${JSON.stringify(await seatState())}`,
  );

  expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: GATEWAY_UNAVAILABLE });
  expect(await seatState()).toEqual({ status: 'pending_payment', held: true });
  expect(await payments()).toBe(0);
});

it('answers a clear 503 while the gateway is unreachable, and keeps the seat held', async () => {
  stripe.mode = 'ok';
  await stripe.stop();
  const { answer, ms } = await timedInitiate();
  console.log(
    `fault: payment gateway down: ${summary(answer)} in ${seconds(ms)}, seat ${JSON.stringify(await seatState())}`,
  );
  await stripe.start();

  expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: GATEWAY_UNAVAILABLE });
  expect(await seatState()).toEqual({ status: 'pending_payment', held: true });
  expect(await payments()).toBe(0);
});

it('opens one payment page when the gateway is slow and the parent clicks twice, and applies the payment once', async () => {
  stripe.mode = 'slow';
  const sessionsBefore = stripe.sessions.size;
  const first = timedInitiate();
  await sleep(500);
  const second = await timedInitiate();
  const { answer, ms } = await first;
  stripe.mode = 'ok';
  const sessions = stripe.sessions.size - sessionsBefore;

  expect(answer.status, answer.message).toBe(200);
  const checkoutId = (answer.data as { checkoutId: string }).checkoutId;
  const [checkout] = await cluster.query<{ gateway_ref: string; total_cents: number; currency: string }>(
    'kikstart',
    'select gateway_ref, total_cents, currency from checkouts where id = $1',
    [checkoutId],
  );
  // Stripe tells of the payment twice over (the session, then the intent) and redelivers the first.
  const completed = {
    id: `evt_faults_completed_${checkoutId}`,
    type: 'checkout.session.completed',
    object: {
      id: checkout!.gateway_ref,
      object: 'checkout.session',
      payment_status: 'paid',
      payment_intent: `pi_faults_${checkoutId}`,
      amount_total: checkout!.total_cents,
      currency: checkout!.currency,
      customer: null,
    },
  };
  const succeeded = {
    id: `evt_faults_intent_${checkoutId}`,
    type: 'payment_intent.succeeded',
    object: {
      id: `pi_faults_${checkoutId}`,
      object: 'payment_intent',
      status: 'succeeded',
      amount: checkout!.total_cents,
      amount_received: checkout!.total_cents,
      currency: checkout!.currency,
      customer: null,
      metadata: { checkoutId },
    },
  };
  const webhooks = [
    await sendWebhook(api.base, completed),
    await sendWebhook(api.base, succeeded),
    await sendWebhook(api.base, completed),
  ];
  const paid = await payments();
  console.log(
    `fault: payment gateway slow (${seconds(stripe.slowMs)} an answer): page opened in ${seconds(ms)}, ` +
      `the second click ${summary(second.answer)} in ${seconds(second.ms)}, ${sessions} session made; ` +
      `webhooks ${webhooks.join(',')} → ${paid} payment, seat ${JSON.stringify(await seatState())}`,
  );

  expect(ms).toBeGreaterThanOrEqual(stripe.slowMs);
  expect(second.answer).toMatchObject({ status: 409, code: 'CONFLICT' });
  expect(sessions).toBe(1);
  expect(webhooks).toEqual([200, 200, 200]);
  expect(paid).toBe(1);
  expect((await seatState()).status).toBe('confirmed');
});
