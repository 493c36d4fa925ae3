import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StructuredContent } from '@kikstart/contract/admin-content';
import type { ContentPage } from '@kikstart/contract/content';
import { apiWrite } from '../../../../lib/api-client.ts';
import { afterContentSave } from '../content-cache.ts';

/** PUT /api/admin/content/<part>: a structured part (landing, contact, footer, FAQ, why-us), lists in order. */
export const saveStructuredContent = ({ part, input }: { part: StructuredContent; input: object }) =>
  apiWrite<ContentPage>(`/admin/content/${part}`, input, { method: 'PUT' }).then((e) => e.data);

export function useSaveStructuredContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStructuredContent, onSuccess: () => afterContentSave(queryClient) });
}
