// Lint fixture: shared code importing a feature and app/. import-boundaries.test.ts expects both refused.
import { CATALOG_PAGE_SIZE } from '../../features/programs/catalog-query.ts';
import { App } from '../../app/app.tsx';

export const fixtureShared = [CATALOG_PAGE_SIZE, App];
