import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client.ts';
import { saveBlob, todayStamp } from './save-blob.ts';

/** GET /api/admin/leads/export.csv?<query>: the inbox under the current filters, as CSV. */
export async function exportLeads(query: string) {
  saveBlob(await apiDownload(`/admin/leads/export.csv?${query}`), `leads-${todayStamp()}.csv`);
}

export const useExportLeads = () => useMutation({ mutationFn: exportLeads });
