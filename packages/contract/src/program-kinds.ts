import { z } from 'zod';

/** Class type labels (spec §1). */
export const CLASS_TYPES = [
  { id: 'enrichment', label: 'Enrichment' },
  { id: 'after_school', label: 'After School' },
] as const;
export type ClassType = (typeof CLASS_TYPES)[number]['id'];
export const classTypeSchema = z.enum(CLASS_TYPES.map((c) => c.id) as [ClassType, ...ClassType[]]);

/** Class-location options (spec §1). */
export const LOCATION_TYPES = [
  { id: 'at_my_school', label: 'At My School' },
  { id: 'public_class', label: 'Public Class Near Me' },
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number]['id'];
export const locationTypeSchema = z.enum(LOCATION_TYPES.map((c) => c.id) as [LocationType, ...LocationType[]]);

export const classTypeLabel = (id: ClassType) => CLASS_TYPES.find((c) => c.id === id)?.label ?? id;
export const locationTypeLabel = (id: LocationType) => LOCATION_TYPES.find((c) => c.id === id)?.label ?? id;
