import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormTextFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  placeholder?: string;
  type?: TextFieldProps['type'];
  autoComplete?: string;
  multiline?: boolean;
  minRows?: number;
  required?: boolean;
  /** Shown under the field when it has no error. */
  helperText?: string;
  disabled?: boolean;
  /** Extra attributes for the <input> (inputMode, maxLength…). */
  inputProps?: Record<string, unknown>;
}

/**
 * A react-hook-form field rendered as an MUI TextField. The field's error message (from the
 * zod schema or the server, see lib/form-errors.ts) is shown under the field (spec §5).
 */
export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  type = 'text',
  autoComplete,
  multiline,
  minRows,
  required,
  helperText,
  disabled,
  inputProps,
}: FormTextFieldProps<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          placeholder={placeholder}
          type={type}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={multiline ? minRows : undefined}
          required={required}
          disabled={disabled || field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          slotProps={{ htmlInput: { ...inputProps } }}
        />
      )}
    />
  );
}
