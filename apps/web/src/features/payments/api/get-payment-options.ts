import { useQuery } from '@tanstack/react-query';
import type { PaymentOptions } from '@kikstart/contract/payments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/payment-options: card, office payment, or both, as the operator configured them. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payment-options'],
    queryFn: () => apiGet<PaymentOptions>('/payment-options'),
    staleTime: 10 * 60_000,
  });
}
