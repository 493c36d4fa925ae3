import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { formatPhoneAsTyped } from '../../lib/format/phone.ts';
import { ControlledTextField } from './form-text-field.tsx';

export interface PhoneFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  placeholder?: string;
  required?: boolean;
  helperText?: string;
  disabled?: boolean;
  autoComplete?: string;
  hideErrorUntilEdited?: boolean;
  reserveHelperLine?: boolean;
}

/**
 * Phone number formatted as it is typed or pasted (000-000-0000, spec §5): contract/phone.ts
 * keeps the 10 national digits, so "(415) 555-0123" and "+1 415 555 0123" both become
 * 415-555-0123. No maxLength on the input: the browser would cut a pasted number before it
 * is formatted. The form value is the formatted string; the server keeps only the digits.
 */
export function PhoneField<TValues extends FieldValues>({
  placeholder = '000-000-0000',
  autoComplete = 'tel-national',
  ...props
}: PhoneFieldProps<TValues>) {
  return (
    <ControlledTextField
      {...props}
      parse={formatPhoneAsTyped}
      placeholder={placeholder}
      type="tel"
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}
