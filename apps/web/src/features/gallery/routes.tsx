import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';

const GalleryPage = lazy(() => import('./gallery-page.tsx').then((m) => ({ default: m.GalleryPage })));
const StaffPhotosPage = lazy(() => import('./staff-photos-page.tsx').then((m) => ({ default: m.StaffPhotosPage })));

/** The family's gallery; signed in only (app/router puts it behind the session guard). */
export const galleryRoutes: RouteObject[] = [{ path: paths.gallery, element: <GalleryPage /> }];

/** A session's photos in the coach portal; app/router puts them behind the coach guard. */
export const galleryStaffRoutes: RouteObject[] = [{ path: paths.coachSessionPhotos, element: <StaffPhotosPage /> }];
