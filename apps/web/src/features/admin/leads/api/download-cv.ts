import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api-client.ts';
import { saveBlob } from './save-blob.ts';

/** GET /api/admin/leads/coach-application/:id/cv: the applicant's CV, saved under its own name. */
export async function downloadCv(id: string, fileName: string) {
  saveBlob(await apiDownload(`/admin/leads/coach-application/${encodeURIComponent(id)}/cv`), fileName);
}

export const useDownloadCv = () =>
  useMutation({ mutationFn: ({ id, fileName }: { id: string; fileName: string }) => downloadCv(id, fileName) });
