import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminTestimonial } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/testimonials?<query>: every testimonial, hidden or not, in public order. */
export const getAdminTestimonials = (query: string, signal?: AbortSignal) =>
  apiGet<AdminPage<AdminTestimonial>>(`/admin/testimonials?${query}`, { signal });

export const useAdminTestimonials = (query: string) =>
  useQuery({
    queryKey: catalogKey('testimonials', query),
    queryFn: ({ signal }) => getAdminTestimonials(query, signal),
    placeholderData: keepPreviousData,
  });
