import { useQuery } from '@tanstack/react-query';
import type { PickupRefusal } from '@kikstart/contract/coach';
import { apiGet } from '../../../../lib/api-client.ts';

/** GET /api/admin/pickup-refusals: pickups refused because the person was not on the list, newest first. */
export const getPickupRefusals = (signal?: AbortSignal) =>
  apiGet<PickupRefusal[]>('/admin/pickup-refusals', { signal });

export const usePickupRefusals = () =>
  useQuery({ queryKey: ['admin', 'pickup-refusals'], queryFn: ({ signal }) => getPickupRefusals(signal) });
