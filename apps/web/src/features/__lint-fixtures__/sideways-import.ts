// Lint fixture (never built, skipped by `npm run lint`): this folder plays a feature that reaches
// into another one, statically and lazily. import-boundaries.test.ts expects both to be refused.
import { CATALOG_PAGE_SIZE } from '../programs/catalog-query.ts';

export const fixtureSideways = [CATALOG_PAGE_SIZE, () => import('../dashboard/upcoming-sessions.ts')];
