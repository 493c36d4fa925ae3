import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaiverPublish, WaiverVersion } from '@kikstart/contract/admin-content';
import { apiWrite } from '../../../../lib/api-client.ts';
import { afterContentSave } from '../content-cache.ts';

/** POST /api/admin/content/waiver/versions: the next waiver version (409 if `basedOn` is no longer current). */
export const publishWaiver = (input: WaiverPublish) =>
  apiWrite<WaiverVersion>('/admin/content/waiver/versions', input).then((e) => e.data);

export function usePublishWaiver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishWaiver, onSuccess: () => afterContentSave(queryClient) });
}
