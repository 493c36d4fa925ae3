import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@kikstart/contract/common';
import { isErrorCode } from '@kikstart/contract/errors';
import { GALLERY_MAX_FILES_PER_UPLOAD, GALLERY_MESSAGES, type StaffPhoto } from '@kikstart/contract/gallery';
import { ACCESS_TOKEN_HEADER, API_BASE_URL, ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { FALLBACK_ERROR_MESSAGE } from '../../../lib/messages.ts';
import { getAuthToken } from '../../../lib/cookies.ts';
import { notify } from '../../../lib/notifications.ts';
import { staffSessionPath } from './get-session-photos.ts';

export interface UploadProgress {
  /** Bytes sent so far, over every batch. */
  sent: number;
  total: number;
}

/**
 * One multipart request with upload progress. fetch reports no upload progress, so this is the
 * one XMLHttpRequest in the app; it sends the token header and reads the envelope like apiRequest.
 */
function sendBatch(url: string, files: File[], onProgress: (sent: number) => void) {
  return new Promise<Envelope<StaffPhoto[]>>((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('photos', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}${url}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getAuthToken();
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onerror = () => reject(new ApiError(FALLBACK_ERROR_MESSAGE, 0, {}, null, NETWORK_ERROR));
    xhr.onload = () => {
      let parsed: Envelope<StaffPhoto[]> | null = null;
      try {
        parsed = JSON.parse(xhr.responseText) as Envelope<StaffPhoto[]>;
      } catch {
        parsed = null;
      }
      if (xhr.status === 200 && parsed) return resolve(parsed);
      const code = isErrorCode(parsed?.code) ? parsed.code : undefined;
      reject(new ApiError(parsed?.message || FALLBACK_ERROR_MESSAGE, xhr.status, parsed?.errors ?? {}, parsed, code));
    };
    xhr.send(form);
  });
}

/**
 * POST /api/gallary/staff/programs/:programId/sessions/:date/photos, in batches of up to
 * GALLERY_MAX_FILES_PER_UPLOAD photos, with progress over all of them. A refused batch stops the
 * upload; the batches before it are kept (and shown), and the message says which photos failed.
 */
export async function uploadSessionPhotos(
  { programId, date, files }: { programId: string; date: string; files: File[] },
  onProgress: (p: UploadProgress) => void,
) {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  let done = 0;
  const uploaded: StaffPhoto[] = [];
  for (let i = 0; i < files.length; i += GALLERY_MAX_FILES_PER_UPLOAD) {
    const batch = files.slice(i, i + GALLERY_MAX_FILES_PER_UPLOAD);
    const batchBytes = batch.reduce((sum, f) => sum + f.size, 0);
    const envelope = await sendBatch(staffSessionPath(programId, date), batch, (sent) =>
      onProgress({ sent: done + Math.min(sent, batchBytes), total }),
    );
    done += batchBytes;
    uploaded.push(...envelope.data);
  }
  onProgress({ sent: total, total });
  return uploaded;
}

export function useUploadSessionPhotos(programId: string, date: string, onProgress: (p: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadSessionPhotos({ programId, date, files }, onProgress),
    onSuccess: (photos) => notify('success', GALLERY_MESSAGES.uploaded(photos.length)),
    onError: (error) => notify('error', error.message || FALLBACK_ERROR_MESSAGE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['gallery', 'staff', programId, date] }),
  });
}
