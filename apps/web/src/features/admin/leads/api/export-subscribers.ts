import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client.ts';
import { saveBlob, todayStamp } from './save-blob.ts';

/** GET /api/admin/newsletter/export.csv?<query>: subscribers under the current filters, as CSV. */
export async function exportSubscribers(query: string) {
  saveBlob(await apiDownload(`/admin/newsletter/export.csv?${query}`), `newsletter-${todayStamp()}.csv`);
}

export const useExportSubscribers = () => useMutation({ mutationFn: exportSubscribers });
