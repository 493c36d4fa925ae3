import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSessionPhotos } from '@kikstart/contract/gallery';
import { apiGet } from '../../../lib/api-client.ts';
import { SIGNED_LINK_QUERY } from '../../../lib/signed-links.ts';

export const staffSessionPath = (programId: string, date: string) =>
  `/gallary/staff/programs/${encodeURIComponent(programId)}/sessions/${encodeURIComponent(date)}/photos`;

/** GET /api/gallary/staff/programs/:programId/sessions/:date/photos: photos, tags and who can be tagged. */
export const getSessionPhotos = (programId: string, date: string, signal?: AbortSignal) =>
  apiGet<StaffSessionPhotos>(staffSessionPath(programId, date), { signal });

export const sessionPhotosQueryKey = (programId: string, date: string) => ['gallery', 'staff', programId, date];

export const sessionPhotosQueryOptions = (programId: string, date: string) =>
  queryOptions({
    queryKey: sessionPhotosQueryKey(programId, date),
    queryFn: ({ signal }) => getSessionPhotos(programId, date, signal),
    ...SIGNED_LINK_QUERY,
  });

export const useSessionPhotos = (programId: string, date: string) =>
  useQuery(sessionPhotosQueryOptions(programId, date));
