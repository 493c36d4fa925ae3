import { uploadProblem } from '@kikstart/contract/uploads';
import type { z } from 'zod';
import type { Child, childInputSchema } from '@kikstart/contract/children';
import { formatPhoneAsTyped } from '../../lib/format/phone.ts';

export type ChildFormInput = z.input<typeof childInputSchema>;
export type ChildFormOutput = z.output<typeof childInputSchema>;

export const emptyPerson = () => ({ name: '', relation: '', phone: '' });

/** A new child's form: one empty emergency contact row, nothing else chosen. */
export const emptyChildForm = (): Partial<ChildFormInput> => ({
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  grade: undefined,
  schoolId: null,
  schoolName: '',
  allergies: undefined,
  allergyDetails: '',
  medicalNotes: '',
  emergencyContacts: [emptyPerson()],
  pickupPeople: [],
  photoConsent: undefined,
});

/** A stored child → the edit form (phones shown as 000-000-0000). */
export const childToForm = (c: Child): ChildFormInput => ({
  firstName: c.firstName,
  lastName: c.lastName,
  dateOfBirth: c.dateOfBirth.slice(0, 10),
  grade: c.grade,
  schoolId: c.schoolId,
  schoolName: c.schoolName ?? '',
  allergies: c.allergies,
  allergyDetails: c.allergyDetails ?? '',
  medicalNotes: c.medicalNotes ?? '',
  emergencyContacts: c.emergencyContacts.map((p) => ({ ...p, phone: formatPhoneAsTyped(p.phone) })),
  pickupPeople: c.pickupPeople.map((p) => ({ ...p, phone: formatPhoneAsTyped(p.phone) })),
  photoConsent: c.photoConsent,
});

/** Only same-site paths are followed after saving (no open redirect through ?returnTo=). */
export function safeReturnTo(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** Back to the wizard with the new child chosen. */
export function returnWithChild(returnTo: string, childId: string) {
  const [path, query = ''] = returnTo.split('?');
  const params = new URLSearchParams(query);
  params.set('childId', childId);
  return `${path}?${params.toString()}`;
}

/** Client-side check before upload: the contract's image rule (the server checks the bytes again). */
export const photoProblem = (file: { name: string; type: string; size: number }) => uploadProblem('image', file);
