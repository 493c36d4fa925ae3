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
}

/**
 * Phone number formatted as it is typed (000-000-0000, spec §5). The form value is the
 * formatted string; the server keeps only the digits.
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
      slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 12 } }}
    />
  );
}
