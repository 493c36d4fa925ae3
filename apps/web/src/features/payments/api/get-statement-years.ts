import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementYears } from '@kikstart/contract/statement';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/transaction/statement/years: the years with paid care, newest first. */
export const getStatementYears = (signal?: AbortSignal) =>
  apiGet<StatementYears>('/transaction/statement/years', { signal });

export const statementYearsQueryOptions = () =>
  queryOptions({ queryKey: ['transactions', 'statement-years'], queryFn: ({ signal }) => getStatementYears(signal) });

export const useStatementYears = () => useQuery(statementYearsQueryOptions());
