import { useQuery } from '@tanstack/react-query';
import type { AdminPage } from '@kikstart/contract/admin-lists';
import type { AdminSchool } from '@kikstart/contract/admin-catalog';
import { apiGet } from '../../../../lib/api-client.ts';
import { catalogKey } from './catalog-keys.ts';

/** GET /api/admin/schools (first 100 by name): the program form's and list filter's school choices. */
export const getSchoolOptions = (signal?: AbortSignal) =>
  apiGet<AdminPage<AdminSchool>>('/admin/schools?pageSize=100&sort=name', { signal }).then((page) => page.items);

export const useSchoolOptions = () =>
  useQuery({ queryKey: catalogKey('school-options'), queryFn: ({ signal }) => getSchoolOptions(signal) });
