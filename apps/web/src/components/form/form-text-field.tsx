import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type ControllerFieldState, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';

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
 * Binds a react-hook-form field to an MUI TextField: value, handlers, ref, and the field's
 * error message under it in place of the helper text (spec §5). Shared by every text-like field.
 */
export function boundTextFieldProps<TValues extends FieldValues>(
  field: ControllerRenderProps<TValues, FieldPath<TValues>>,
  fieldState: ControllerFieldState,
  options: { helperText?: string; disabled?: boolean },
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: options.disabled || field.disabled,
    error: Boolean(fieldState.error),
    helperText: fieldState.error?.message ?? options.helperText,
    fullWidth: true,
  };
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
          {...boundTextFieldProps(field, fieldState, { helperText, disabled })}
          label={label}
          placeholder={placeholder}
          type={type}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={multiline ? minRows : undefined}
          required={required}
          slotProps={{ htmlInput: { ...inputProps } }}
        />
      )}
    />
  );
}
