import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadKind, LeadNote } from '@kikstart/contract/admin-leads';
import { apiWrite } from '../../../../lib/api-client.ts';
import { leadQueryKey } from './get-lead.ts';

/** POST /api/admin/leads/:kind/:id/notes: a note in the lead's thread. */
export const addLeadNote = (kind: LeadKind, id: string, body: string) =>
  apiWrite<LeadNote>(`/admin/leads/${kind}/${encodeURIComponent(id)}/notes`, { body });

export function useAddLeadNote(kind: LeadKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addLeadNote(kind, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: leadQueryKey(kind, id) }),
  });
}
