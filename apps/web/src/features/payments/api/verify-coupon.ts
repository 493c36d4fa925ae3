import { useMutation } from '@tanstack/react-query';
import type { Breakdown } from '@kikstart/contract/payments';
import { apiWrite } from '../../../lib/api-client.ts';

/** POST /api/coupon/verify: checks a code against the chosen seats and answers the new breakdown (reserves nothing). */
export const verifyCoupon = (body: { enrollmentIds: string[]; code: string }) =>
  apiWrite<Breakdown>('/coupon/verify', body).then((e) => e.data);

export const useVerifyCoupon = () => useMutation({ mutationFn: verifyCoupon });
