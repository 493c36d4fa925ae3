import { describe, expect, it } from 'vitest';
import { childInputSchema, CHILD_MESSAGES } from '@kikstart/contract/children';
import { emptyChildForm, photoProblem, returnWithChild, safeReturnTo } from './child-form-values.ts';

/** Every required field filled except the two yes/no choices, which each test sets. */
const filledForm = () => ({
  ...emptyChildForm(),
  firstName: 'Ana',
  lastName: 'Lopez',
  dateOfBirth: '2018-05-01',
  grade: 2,
  emergencyContacts: [{ name: 'Luis', relation: 'Father', phone: '415-555-0101' }],
});

describe('child form values', () => {
  it('follows only same-site return paths', () => {
    expect(safeReturnTo('/programs/abc/enroll')).toBe('/programs/abc/enroll');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  it('returns to the wizard with the child chosen', () => {
    expect(returnWithChild('/programs/p1/enroll', 'c1')).toBe('/programs/p1/enroll?childId=c1');
    expect(returnWithChild('/programs/p1/enroll?childId=old&x=1', 'c2')).toBe('/programs/p1/enroll?childId=c2&x=1');
  });

  it('accepts JPEG and PNG up to 5 MB', () => {
    expect(photoProblem({ name: 'maya.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'maya.gif', type: 'image/gif', size: 1000 })).toBe('Choose a JPEG or PNG image');
    expect(photoProblem({ name: 'maya.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe(
      'The file is too large (at most 5 MB)',
    );
  });

  it('an empty form fails with the contract messages the server uses', () => {
    const result = childInputSchema.safeParse(emptyChildForm());
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      firstName: CHILD_MESSAGES.firstName,
      lastName: CHILD_MESSAGES.lastName,
      grade: CHILD_MESSAGES.grade,
      allergies: CHILD_MESSAGES.yesNo,
      photoConsent: CHILD_MESSAGES.yesNo,
      'emergencyContacts.0.name': CHILD_MESSAGES.contactName,
    });
  });

  it('allergy details are required when allergies is Yes', () => {
    const base = { ...filledForm(), photoConsent: 1 };
    const yes = childInputSchema.safeParse({ ...base, allergies: 1, allergyDetails: '' });
    expect(yes.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['allergyDetails', CHILD_MESSAGES.allergyDetails],
    ]);
    expect(childInputSchema.safeParse({ ...base, allergies: 2 }).success).toBe(true);
  });
});

describe('yes/no messages', () => {
  it('a missing or wrong choice gets the contract message, not a generic one', () => {
    const base = filledForm();
    for (const choice of [undefined, null, 3, 'yes']) {
      const result = childInputSchema.safeParse({ ...base, allergies: choice, photoConsent: 2 });
      expect(result.error?.issues.find((i) => i.path[0] === 'allergies')?.message).toBe(CHILD_MESSAGES.yesNo);
    }
  });
});
