import type { RouteObject } from 'react-router';

/** This feature's pages, mounted inside the root layout. Lazy-load each page (React.lazy). */
export const authRoutes: RouteObject[] = [];
