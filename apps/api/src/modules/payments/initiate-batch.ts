import type { Db } from '@kikstart/db';
import type { CheckoutStarted, InitiatePaymentInput } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { sameTurnBatch } from '../../lib/same-turn-batch.ts';
import { loadBaskets, priceSeats } from './basket.ts';
import {
  initiateCheckout,
  openCheckoutPage,
  setGatewayRefs,
  type GatewayRef,
  type PaymentContext,
} from './checkout.service.ts';
import { insertCheckouts, newCheckout, type NewCheckout } from './new-checkouts.ts';

type InitiateRequest = PaymentContext & { input: InitiatePaymentInput };

/** What the batch decided for one request: its stored checkout, or the refusal its caller gets. */
type Stored = { ok: true; checkout: NewCheckout } | { ok: false; error: unknown };

/**
 * Registration day's second step: every parent holding a seat starts paying within a second or
 * two of the others. Starting a payment alone is a transaction of four statements (lock the
 * basket, read what pricing needs, store the checkout, commit), each a round trip, and on
 * registration day the round trips were most of what a payment cost the API and the database.
 * Payments started in the same turn of the event loop (or while a batch is with the database)
 * are therefore stored together (`sameTurnBatch`): one transaction, the same four statements for
 * all of them. Each request is still decided on its own, in arrival order, with the single
 * path's rules (basket.ts `loadBaskets`), and gets its own answer or refusal; the gateway's page
 * is opened for each after the commit, outside the batch, as it is for one.
 *
 * Alone, or with a coupon (checked and reserved under the coupon's own lock, one checkout at a
 * time), a payment starts on the single path (`initiateCheckout`). If the database refuses a
 * batch, its requests run again one at a time on that path, so a failure is only its own
 * request's. Returns the function the route calls, one per app (its database and gateway).
 */
export function checkoutStarter(db: Db, gateway: PaymentContext['gateway']) {
  const storeTogether = sameTurnBatch(storeCheckouts);
  // The pages' references too: one statement for the references kept at the same moment.
  const keepRefsTogether = sameTurnBatch(async (refs: GatewayRef[]) => {
    await setGatewayRefs(db, refs);
    return refs.map(() => undefined);
  });
  return async (request: InitiateRequest): Promise<CheckoutStarted> => {
    if (request.input.couponCode || request.gateway !== gateway) return initiateCheckout(request);
    const stored = await storeTogether(request);
    if (stored === 'alone') return initiateCheckout(request);
    if (!stored.ok) throw stored.error;
    return openCheckoutPage(request, stored.checkout, keepRefsTogether);
  };
}

async function storeCheckouts(requests: InitiateRequest[]): Promise<(Stored | 'alone')[]> {
  if (requests.length === 1) return ['alone'];
  try {
    return await requests[0]!.db.transaction(async (tx) => {
      const baskets = await loadBaskets(
        tx,
        requests.map((r) => ({ familyId: r.familyId, enrollmentIds: r.input.enrollmentIds, now: r.now })),
        { lock: true },
      );
      const decided: Stored[] = [];
      for (const [i, basket] of baskets.entries()) {
        const request = requests[i]!;
        if (basket instanceof AppError) decided.push({ ok: false, error: basket });
        // No coupon in a batch, so pricing reads nothing more.
        else
          decided.push({
            ok: true,
            checkout: newCheckout(request, await priceSeats(tx, { basket, now: request.now })),
          });
      }
      const checkouts = decided.flatMap((d) => (d.ok ? [d.checkout] : []));
      if (checkouts.length) await insertCheckouts(tx, checkouts);
      return decided;
    });
  } catch {
    // The database refused the batch (a lost connection, a deadlock): each request again, alone.
    return requests.map(() => 'alone' as const);
  }
}
