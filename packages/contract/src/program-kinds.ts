import { z } from 'zod';

import {
  CLASS_TYPES,
  LOCATION_TYPES,
  classTypeLabel,
  locationTypeLabel,
  type ClassType,
  type LocationType,
} from './program-labels.ts';

// The labels are zod-free in program-labels.ts; the schemas are built from them here.
export { CLASS_TYPES, LOCATION_TYPES, classTypeLabel, locationTypeLabel, type ClassType, type LocationType };

export const classTypeSchema = z.enum(CLASS_TYPES.map((c) => c.id) as [ClassType, ...ClassType[]]);
export const locationTypeSchema = z.enum(LOCATION_TYPES.map((c) => c.id) as [LocationType, ...LocationType[]]);
