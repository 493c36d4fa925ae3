import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryList } from '@kikstart/contract/gallery';
import { apiGet } from '../../../lib/api-client.ts';
import { SIGNED_LINK_QUERY } from '../../../lib/signed-links.ts';

export interface GalleryFilters {
  page: number;
  programId?: string;
}

export const GALLERY_PAGE_SIZE = 24;

/** GET /api/gallary/image-list: the photos this family may see, newest session first. */
export const getGallery = (filters: GalleryFilters, signal?: AbortSignal) =>
  apiGet<GalleryList>('/gallary/image-list', {
    query: { page: filters.page, limit: GALLERY_PAGE_SIZE, programId: filters.programId },
    signal,
  });

export const galleryQueryKey = ['gallery', 'list'] as const;

export const galleryQueryOptions = (filters: GalleryFilters) =>
  queryOptions({
    queryKey: [...galleryQueryKey, filters],
    queryFn: ({ signal }) => getGallery(filters, signal),
    ...SIGNED_LINK_QUERY,
  });

/** Keeps the previous page on screen while the next one loads (no flash of skeletons on paging). */
export const useGallery = (filters: GalleryFilters) =>
  useQuery({ ...galleryQueryOptions(filters), placeholderData: keepPreviousData });
