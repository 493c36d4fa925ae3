import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PhoneField } from '../../../components/form/phone-field.tsx';

export interface LeadContactFieldsProps<TValues extends FieldValues> {
  control: Control<TValues>;
  /** The person's name field and its label ('Full name' with 'Enter full name' on the spec's forms). */
  person: { name: FieldPath<TValues>; label: string; placeholder?: string };
  email?: FieldPath<TValues>;
  /** Required unless `optional` (the inquiry and contact forms). */
  phone: { name: FieldPath<TValues>; optional?: boolean };
  school?: FieldPath<TValues>;
  /** The school request asks for the school before the person; the other forms after the phone. */
  schoolFirst?: boolean;
}

/** The demo request's and the call booking's contact fields, as the spec names them (spec §3, §5). */
export const SPEC_CONTACT = {
  person: { name: 'fullName', label: 'Full name', placeholder: 'Enter full name' },
  phone: { name: 'phone' },
  school: 'schoolName',
} as const;

/** A person writing for themselves (enquiry, contact, coach application): name and email. */
export const PERSON_CONTACT = { person: { name: 'name', label: 'Name' }, email: 'email' } as const;

/**
 * Who is asking and how to reach them: the name, email, phone and school fields the lead forms
 * share, with the spec's labels and placeholders (spec §5), in a parent Stack.
 */
export function LeadContactFields<TValues extends FieldValues>({
  control,
  person,
  email,
  phone,
  school,
  schoolFirst,
}: LeadContactFieldsProps<TValues>) {
  const schoolField = school && (
    <FormTextField
      control={control}
      name={school}
      label="School name"
      placeholder="Enter School name"
      autoComplete="organization"
      required
    />
  );
  return (
    <>
      {schoolFirst && schoolField}
      <FormTextField
        control={control}
        name={person.name}
        label={person.label}
        placeholder={person.placeholder}
        autoComplete="name"
        required
      />
      {email && (
        <FormTextField control={control} name={email} label="Email" type="email" autoComplete="email" required />
      )}
      <PhoneField
        control={control}
        name={phone.name}
        label={phone.optional ? 'Phone (optional)' : 'Phone'}
        placeholder="000-000-0000"
        required={!phone.optional}
      />
      {!schoolFirst && schoolField}
    </>
  );
}
