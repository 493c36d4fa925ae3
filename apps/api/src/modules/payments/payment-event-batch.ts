import type { Db } from '@kikstart/db';
import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import { type loadFamilyCheckout, loadFamilyCheckouts } from './checkout.service.ts';
import { sameTurnBatch } from '../../lib/same-turn-batch.ts';
import type { GatewayEvent } from './gateway.ts';
import { heldSeatsPayment, payHeldSeats } from './held-seats-payment.ts';
import type { PaymentWritten } from './paid-checkout.ts';
import {
  applyPaymentEvent,
  lockCheckoutsRecordingEvents,
  paidAmountDiffers,
  AMOUNT_MISMATCH,
  type LockedForEvent,
} from './payment-events.ts';

type ApplyOptions = { db: Db; event: GatewayEvent; now: Date; publicUrl: string };
type Applied = { applied: boolean; written?: PaymentWritten };

/**
 * Registration day's last step: the parents who started paying submit the card form within a
 * second or two of each other. Applying a payment alone is a transaction of four round trips
 * (begin, lock the checkout and store the event, record the payment, commit). Events applied in
 * the same turn of the event loop, or while a batch is with the database, are therefore applied
 * together (`sameTurnBatch`): one transaction, the same two statements for all of them
 * (payment-events.ts `lockCheckoutsRecordingEvents`, held-seats-payment.ts `payHeldSeats`).
 *
 * Only the usual payment goes in a batch: a one-time checkout paid in full, without a coupon,
 * every seat still held by the family. Anything else in a batch (a failed card, a membership, a
 * late or second payment, a seat that changed before it was confirmed) rolls the batch back, and
 * every event of it is applied alone (`applyPaymentEvent`), as is an event that arrives alone.
 * Returns the function callers use, one per app (its database).
 */
export function paymentEventApplier() {
  const applyTogether = sameTurnBatch(applyBatch);
  return async (opts: ApplyOptions): Promise<Applied> => {
    const applied = await applyTogether(opts);
    return applied === 'alone' ? applyPaymentEvent(opts) : applied;
  };
}

/** How the card form reads a family's checkout and applies its event (sandbox.service.ts). */
export interface CardPayments {
  loadCheckout: typeof loadFamilyCheckout;
  applyEvent: typeof applyPaymentEvent;
}

/**
 * The card form's two steps, each made together with the others' at the same moment: the
 * checkouts read in one statement (`loadFamilyCheckouts`), then the events applied in one
 * transaction (`paymentEventApplier`). One per app (its database).
 */
export function cardPaymentsTogether(db: Db): CardPayments {
  const readTogether = sameTurnBatch((wanted: { familyId: string; checkoutId: string }[]) =>
    loadFamilyCheckouts(db, wanted),
  );
  return {
    async loadCheckout(_db, familyId, checkoutId) {
      const checkout = await readTogether({ familyId, checkoutId });
      if (!checkout) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.checkoutNotFound);
      return checkout;
    },
    applyEvent: paymentEventApplier(),
  };
}

/** Thrown inside a batch's transaction when an event needs the single path: nothing is kept. */
class NotTogether extends Error {}

async function applyBatch(items: ApplyOptions[]): Promise<(Applied | 'alone')[]> {
  if (items.length === 1) return ['alone'];
  try {
    return await items[0]!.db.transaction(async (tx) => {
      const found = await lockCheckoutsRecordingEvents(tx, items);
      const applied: Applied[] = [];
      const payments: { payment: ReturnType<typeof heldSeatsPayment>['payment']; seats: number }[] = [];
      const paying = new Set<string>();
      for (const [i, item] of items.entries()) {
        const locked = found[i];
        // Stored before (a repeated delivery), or for no checkout: applied by nobody, as alone.
        if (!locked?.first) {
          applied.push({ applied: false });
          continue;
        }
        if (!isUsualPayment(item.event, locked) || paying.has(locked.checkout.id)) throw new NotTogether();
        paying.add(locked.checkout.id);
        const { payment, written } = heldSeatsPayment({
          checkout: { ...locked.checkout, familyId: locked.checkout.familyId! },
          event: item.event,
          now: item.now,
          publicUrl: item.publicUrl,
          lines: locked.lines.map((l) => l.line),
        });
        payments.push({ payment, seats: locked.lines.length });
        applied.push({ applied: true, written });
      }
      if (payments.length) {
        const confirmed = await payHeldSeats(
          tx,
          payments.map((p) => p.payment),
        );
        // A seat changed since it was read as held: each payment again alone, which settles it.
        if (confirmed.some((n, i) => n !== payments[i]!.seats)) throw new NotTogether();
      }
      return applied;
    });
  } catch {
    // NotTogether, or the database refused the batch: each event again, alone.
    return items.map(() => 'alone' as const);
  }
}

/** A one-time checkout paid in full, no coupon to settle, every seat still held by its family. */
function isUsualPayment(event: GatewayEvent, locked: LockedForEvent) {
  const { checkout, lines } = locked;
  return (
    event.type === 'checkout.paid' &&
    !paidAmountDiffers(checkout, event) &&
    checkout.status !== 'paid' &&
    // One that a mismatch ended goes alone, where a refunded payment is told apart.
    checkout.failureReason !== AMOUNT_MISMATCH &&
    !checkout.planId &&
    !checkout.couponCode &&
    !!checkout.familyId &&
    lines.length > 0 &&
    lines.every((l) => l.held)
  );
}
