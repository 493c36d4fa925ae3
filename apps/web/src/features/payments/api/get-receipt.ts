import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@kikstart/contract/payments';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/transaction/receipt?id=: a payment's printable receipt (operator, lines, discounts, total). */
export const getReceipt = (id: string, signal?: AbortSignal) =>
  apiGet<Receipt>('/transaction/receipt', { query: { id }, signal, notifyOnError: false });

export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['transactions', 'receipt', id],
    queryFn: ({ signal }) => getReceipt(id, signal),
    retry: false,
  });

export const useReceipt = (id: string) => useQuery(receiptQueryOptions(id));
