import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The staff console's sections, one row each: the side navigation, the routes and the console
 * home are all made from this table. A section lives in its own folder under features/admin/
 * and lazy-loads its pages, so a parent never downloads console code.
 */
export interface AdminSection {
  /** Below /admin: 'programs' → /admin/programs. */
  path: string;
  label: string;
  /** One line on the console home: what staff do here. */
  summary: string;
  page: LazyExoticComponent<ComponentType>;
  /** Pages inside the section (detail and edit pages), relative to its path: ':programId'. */
  subpages?: { path: string; page: LazyExoticComponent<ComponentType> }[];
}

const catalog = {
  programs: lazy(() => import('./catalog/programs-page.tsx').then((m) => ({ default: m.ProgramsPage }))),
  programNew: lazy(() => import('./catalog/program-new-page.tsx').then((m) => ({ default: m.ProgramNewPage }))),
  programEdit: lazy(() => import('./catalog/program-edit-page.tsx').then((m) => ({ default: m.ProgramEditPage }))),
};

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'programs',
    label: 'Programs',
    summary: 'Create and edit programs: schedule, seats, price, coach, picture; publish or unpublish.',
    page: catalog.programs,
    subpages: [
      { path: 'new', page: catalog.programNew },
      { path: ':programId', page: catalog.programEdit },
    ],
  },
];
