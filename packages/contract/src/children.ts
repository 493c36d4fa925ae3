import { z } from 'zod';
import {
  INVALID_CHARACTERS,
  NO,
  YES,
  YES_NO,
  isCleanText,
  phoneField,
  requiredText,
  uuidParam,
  yesNoField,
} from './common.ts';

/** Field rules and messages for the child form; the server uses the same schema. */
export const CHILD_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfBirth: 'Date of birth is required',
  dateOfBirthInvalid: 'Enter a valid date of birth',
  grade: 'Grade is required',
  gradeRange: 'Choose a grade from K to 12',
  yesNo: 'Please choose Yes or No',
  allergyDetails: 'Please describe the allergies',
  emergencyContactsMin: 'Add at least one emergency contact',
  emergencyContactsMax: 'Add at most 5 emergency contacts',
  pickupPeopleMax: 'Add at most 10 people for pickup',
  contactName: 'Name is required',
  contactRelation: 'Relation is required',
  contactPhone: 'Phone is required',
  medicalNotesMax: 'Medical notes must be at most 2000 characters',
  allergyDetailsMax: 'Allergy details must be at most 1000 characters',
  schoolNotFound: 'Choose a school from the list',
  childNotFound: 'Child not found',
  tooManyChildren: 'A family can have at most 12 children',
  photoRequired: 'Choose a photo (JPEG or PNG)',
} as const;

export const CHILD_SUCCESS = {
  added: 'Child added',
  updated: 'Child updated',
  photo: 'Photo saved',
  photoRemoved: 'Photo removed',
} as const;

export const MIN_CHILD_AGE = 3;
export const MAX_CHILD_AGE = 18;
export const MAX_EMERGENCY_CONTACTS = 5;
export const MAX_PICKUP_PEOPLE = 10;
export const MAX_CHILDREN_PER_FAMILY = 12;
export const MAX_MEDICAL_NOTES = 2000;
export const MAX_ALLERGY_DETAILS = 1000;

/** Grades: 0 = kindergarten … 12. */
// Zod-free in program-labels.ts, so public pages can show grades without the validation library.
export { GRADES, gradeLabel } from './program-labels.ts';

/** Photo consent links to this content page (GET /api/cms/photo-policy). */
export const PHOTO_POLICY_PATH = '/cms/photo-policy';
export { YES_NO };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years between an ISO birth date and an ISO day. */
export function ageOn(dateOfBirth: string, onDay: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDay.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const isRealDay = (value: string) => {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A real day, not in the future, for a child aged 3 to 18 today. */
export const dateOfBirthField = z
  .string({ error: CHILD_MESSAGES.dateOfBirth })
  .trim()
  .min(1, CHILD_MESSAGES.dateOfBirth)
  .max(10, CHILD_MESSAGES.dateOfBirthInvalid)
  .refine((v) => {
    if (!isRealDay(v)) return false;
    const today = todayUtc();
    if (v > today) return false;
    const age = ageOn(v, today);
    return age >= MIN_CHILD_AGE && age <= MAX_CHILD_AGE;
  }, CHILD_MESSAGES.dateOfBirthInvalid);

const personSchema = z.object(
  {
    name: requiredText(CHILD_MESSAGES.contactName, 100, { lines: false }),
    relation: requiredText(CHILD_MESSAGES.contactRelation, 50, { lines: false }),
    phone: phoneField(CHILD_MESSAGES.contactPhone),
  },
  { error: 'Each person needs a name, relation and phone' },
);
export type PersonInput = z.output<typeof personSchema>;

/** Empty string or null means "not given". Notes may span lines; school names may not. */
const optionalNote = (max: number, message: string, lines = true) =>
  z
    .union(
      [
        z
          .string()
          .trim()
          .max(max, message)
          .refine((v) => isCleanText(v, { lines }), INVALID_CHARACTERS),
        z.null(),
      ],
      { error: message },
    )
    .optional()
    .transform((v) => (v ? v : null));

const childFields = {
  firstName: requiredText(CHILD_MESSAGES.firstName, 100, { lines: false }),
  lastName: requiredText(CHILD_MESSAGES.lastName, 100, { lines: false }),
  dateOfBirth: dateOfBirthField,
  grade: z
    .number({ error: CHILD_MESSAGES.grade })
    .int(CHILD_MESSAGES.gradeRange)
    .min(0, CHILD_MESSAGES.gradeRange)
    .max(12, CHILD_MESSAGES.gradeRange),
  /** A school from GET /school/all-list, or free text for a school we do not list. */
  schoolId: z.union([uuidParam, z.null()], { error: 'Must be a valid id' }).optional(),
  schoolName: optionalNote(200, 'Must be at most 200 characters', false),
  allergies: yesNoField(CHILD_MESSAGES.yesNo),
  allergyDetails: optionalNote(MAX_ALLERGY_DETAILS, CHILD_MESSAGES.allergyDetailsMax),
  medicalNotes: optionalNote(MAX_MEDICAL_NOTES, CHILD_MESSAGES.medicalNotesMax),
  emergencyContacts: z
    .array(personSchema, { error: CHILD_MESSAGES.emergencyContactsMin })
    .min(1, CHILD_MESSAGES.emergencyContactsMin)
    .max(MAX_EMERGENCY_CONTACTS, CHILD_MESSAGES.emergencyContactsMax),
  /** People authorized to collect the child; separate from guardians. */
  pickupPeople: z
    .array(personSchema, { error: 'Pickup people must be a list' })
    .max(MAX_PICKUP_PEOPLE, CHILD_MESSAGES.pickupPeopleMax)
    .default([]),
  photoConsent: yesNoField(CHILD_MESSAGES.yesNo),
};

const withAllergyRule = <T extends z.ZodObject<typeof childFields & Record<string, z.ZodType>>>(schema: T) =>
  schema
    .refine(
      (v) =>
        (v as { allergies: number }).allergies !== YES || !!(v as { allergyDetails: string | null }).allergyDetails,
      {
        path: ['allergyDetails'],
        message: CHILD_MESSAGES.allergyDetails,
        // Show this together with other field errors, unless the allergy fields themselves are wrong.
        when: (payload) =>
          typeof payload.value === 'object' &&
          payload.value !== null &&
          !Array.isArray(payload.value) &&
          !payload.issues.some((i) => !i.path?.length || i.path[0] === 'allergies' || i.path[0] === 'allergyDetails'),
      },
    )
    .transform((v) => ({ ...v, allergyDetails: v.allergies === YES ? v.allergyDetails : null }));

export const childInputSchema = withAllergyRule(z.object(childFields));
export type ChildInput = z.output<typeof childInputSchema>;

export const childUpdateSchema = withAllergyRule(z.object({ id: uuidParam, ...childFields }));
export type ChildUpdateInput = z.output<typeof childUpdateSchema>;

export const childIdQuery = z.object({ id: uuidParam });
export const childIdBody = z.object({ childId: uuidParam });

const yesNo = z.union([z.literal(YES), z.literal(NO)]);

export const personViewSchema = z.object({
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
});
export type Person = z.infer<typeof personViewSchema>;

export const childSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  age: z.number(),
  grade: z.number(),
  gradeLabel: z.string(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  allergies: yesNo,
  allergyDetails: z.string().nullable(),
  medicalNotes: z.string().nullable(),
  emergencyContacts: z.array(personViewSchema),
  pickupPeople: z.array(personViewSchema),
  photoConsent: yesNo,
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Child = z.infer<typeof childSchema>;

/** For pickers. */
export const childBasicSchema = childSchema
  .pick({ id: true, firstName: true, lastName: true })
  .extend({ name: z.string() });
export type ChildBasic = z.infer<typeof childBasicSchema>;

/** One child's identity and school, for the enrollment wizard's "confirm school details" step. */
export const childBasicInfoSchema = childBasicSchema.extend(
  childSchema.pick({
    dateOfBirth: true,
    age: true,
    grade: true,
    gradeLabel: true,
    schoolId: true,
    schoolName: true,
    photoUrl: true,
    allergies: true,
    photoConsent: true,
  }).shape,
);
export type ChildBasicInfo = z.infer<typeof childBasicInfoSchema>;
