import type { Envelope } from '@kikstart/contract/common';
import type { CheckoutOutcome } from '@kikstart/contract/payments';
import { notify } from '../../lib/notifications.ts';

/** Spec §8 for payment outcomes: a paid payment is a success; declined, open or ended ones are a warning with the server's reason. */
export function notifyOutcome(envelope: Envelope<CheckoutOutcome>): CheckoutOutcome {
  notify(envelope.data.state === 'paid' ? 'success' : 'warning', envelope.message);
  return envelope.data;
}
