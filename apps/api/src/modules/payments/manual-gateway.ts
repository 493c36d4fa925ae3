import { PAYMENT_MESSAGES } from '@kikstart/contract/payments';
import { mailLink } from '@kikstart/contract/mail-links';
import { AppError } from '../../lib/errors.ts';
import type { PaymentGateway } from './gateway.ts';

/**
 * "Pay at the office or by check" (PAYMENT_GATEWAY=manual, or per checkout when
 * MANUAL_PAYMENTS_ALLOWED=true). There is no payment page: the checkout holds the seats for
 * MANUAL_HOLD_DAYS and staff mark the money received (manual-payments.service.ts), which applies a
 * paid event like any gateway's. Nothing can be charged or refunded automatically.
 */
export function createManualGateway(opts: { publicUrl: string; holdDays: number }): PaymentGateway {
  const noCard = () => Promise.reject(new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.manualNoCard));
  return {
    name: 'manual',
    sessionMinutes: opts.holdDays * 24 * 60,
    async createCheckoutSession(input) {
      // A membership renews on a saved card, which an office payment does not give us.
      if (input.mode === 'subscription') return noCard();
      // The success page polls the checkout and explains what to bring while it is open.
      return {
        gatewayRef: `manual_${input.checkoutId}`,
        redirectUrl: mailLink(opts.publicUrl, 'checkoutSuccess', { id: input.checkoutId }),
      };
    },
    // The outcome is the checkout's own state (mark-received applies it); nothing to ask.
    retrieveCheckoutSession: async () => ({ state: 'open' }),
    async cancelCheckoutSession() {},
    // Money handed back at the office is staff's work: the refund stays pending until they do it.
    refund: () => Promise.reject(new AppError('UNPROCESSABLE', PAYMENT_MESSAGES.manualRefund)),
    chargeSavedPaymentMethod: noCard,
    async cancelSubscription() {},
  };
}
