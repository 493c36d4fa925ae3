import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@kikstart/contract/payments';
import type { Paged } from '@kikstart/contract/common';
import { apiGet } from '../../../lib/api-client.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

/** GET /api/transaction/list: the family's payments, refunds and failed attempts, newest first. */
export const getTransactions = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Transaction>>('/transaction/list', { query: { page, limit: TRANSACTIONS_PAGE_SIZE }, signal });

export const transactionsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['transactions', 'list', page], queryFn: ({ signal }) => getTransactions(page, signal) });

export const useTransactions = (page: number) =>
  useQuery({ ...transactionsQueryOptions(page), placeholderData: keepPreviousData });
