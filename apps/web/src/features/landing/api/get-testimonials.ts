import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Testimonial } from '@kikstart/contract/content';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/testimonial/list: published testimonials. */
export const getTestimonials = (signal?: AbortSignal) => apiGet<Testimonial[]>('/testimonial/list', { signal });

export const testimonialsQueryOptions = () =>
  queryOptions({ queryKey: ['testimonials'], queryFn: ({ signal }) => getTestimonials(signal), staleTime: 5 * 60_000 });

export const useTestimonials = () => useQuery(testimonialsQueryOptions());
