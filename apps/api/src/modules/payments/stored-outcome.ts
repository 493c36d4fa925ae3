import { desc, eq } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { paymentEvents } from '@kikstart/db';
import type { GatewayEvent, GatewayOutcome } from './gateway.ts';

/**
 * A session's outcome as the events stored for it say (the newest wins). The sandbox and Stripe
 * gateways both answer this way, so a checkout's state follows the provider's events (the
 * sandbox form, a signed Stripe webhook), never the browser coming back from the payment page.
 */
export async function storedOutcome(db: Db, gatewayRef: string): Promise<GatewayOutcome> {
  const [event] = await db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(eq(paymentEvents.gatewayRef, gatewayRef))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  if (!event) return { state: 'open' };
  const stored = event.payload as unknown as GatewayEvent;
  if (stored.type === 'checkout.paid') return { state: 'paid', event: stored };
  if (stored.type === 'checkout.failed' || stored.type === 'checkout.expired')
    return { state: 'failed', event: stored };
  return { state: 'open' };
}
