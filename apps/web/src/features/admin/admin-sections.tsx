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

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'audit-log',
    label: 'Audit log',
    summary: 'Who changed what and who read medical details, when and from where.',
    page: lazy(() => import('./audit-log/audit-log-page.tsx').then((m) => ({ default: m.AuditLogPage }))),
  },
];
