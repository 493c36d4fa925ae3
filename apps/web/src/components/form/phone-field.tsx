import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatPhoneAsTyped } from '../../lib/format/phone.ts';
import { boundTextFieldProps } from './form-text-field.tsx';

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
  control,
  name,
  label,
  placeholder = '000-000-0000',
  required,
  helperText,
  disabled,
  autoComplete = 'tel-national',
}: PhoneFieldProps<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...boundTextFieldProps(field, fieldState, { helperText, disabled })}
          onChange={(event) => field.onChange(formatPhoneAsTyped(event.target.value))}
          label={label}
          placeholder={placeholder}
          type="tel"
          autoComplete={autoComplete}
          required={required}
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 12 } }}
        />
      )}
    />
  );
}
