import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatPhoneAsTyped } from '../../lib/format/phone.ts';

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
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(formatPhoneAsTyped(event.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          placeholder={placeholder}
          type="tel"
          autoComplete={autoComplete}
          required={required}
          disabled={disabled || field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 12 } }}
        />
      )}
    />
  );
}
