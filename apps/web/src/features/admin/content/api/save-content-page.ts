import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkdownPageEdit } from '@kikstart/contract/admin-content';
import type { ContentPage } from '@kikstart/contract/content';
import { apiWrite } from '../../../../lib/api-client.ts';
import { afterContentSave } from '../content-cache.ts';

/** PUT /api/admin/content/pages/:key: title, description and Markdown body (409 if someone saved first). */
export const saveContentPage = ({ key, ...input }: MarkdownPageEdit & { key: string }) =>
  apiWrite<ContentPage>(`/admin/content/pages/${encodeURIComponent(key)}`, input, { method: 'PUT' }).then(
    (e) => e.data,
  );

export function useSaveContentPage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveContentPage, onSuccess: () => afterContentSave(queryClient) });
}
