import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLeadDetail, LeadKind } from '@kikstart/contract/admin-leads';
import { leadQueryKey } from './get-lead.ts';

/**
 * A write that answers the lead as it now is: the detail is replaced with the answer and the
 * inbox lists refetch, so the status shows the same everywhere.
 */
export function useLeadWrite<V>(kind: LeadKind, id: string, write: (values: V) => Promise<{ data: AdminLeadDetail }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ data }) => {
      client.setQueryData(leadQueryKey(kind, id), data);
      void client.invalidateQueries({ queryKey: ['admin', 'leads', 'list'] });
    },
  });
}
