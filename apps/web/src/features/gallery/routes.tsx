import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { lazyPage } from '../../lib/lazy-part.tsx';
import { AccountPageSkeleton } from '../../components/page-skeletons.tsx';

const GalleryPage = lazyPage(() => import('./gallery-page.tsx').then((m) => m.GalleryPage), {
  skeleton: <AccountPageSkeleton />,
});
const StaffPhotosPage = lazyPage(() => import('./staff-photos-page.tsx').then((m) => m.StaffPhotosPage), {
  skeleton: <AccountPageSkeleton />,
});

/** The family's gallery; signed in only (app/router puts it behind the session guard). */
export const galleryRoutes: RouteObject[] = [{ path: paths.gallery, element: <GalleryPage /> }];

/** A session's photos in the coach portal; app/router puts them behind the coach guard. */
export const galleryStaffRoutes: RouteObject[] = [{ path: paths.coachSessionPhotos, element: <StaffPhotosPage /> }];
