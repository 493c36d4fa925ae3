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

export interface ControlledTextFieldProps<TValues extends FieldValues> extends Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'fullWidth'
> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  /** Shown under the field when it has no error. */
  helperText?: string;
  disabled?: boolean;
  /** Turns what was typed into the form value (the phone field formats as it is typed). */
  parse?: (typed: string) => string;
}

/**
 * Binds a react-hook-form field to an MUI TextField: value, handlers, ref, and the field's
 * error message under it in place of the helper text (spec §5). Every text-like field is one.
 */
export function ControlledTextField<TValues extends FieldValues>({
  control,
  name,
  helperText,
  disabled,
  parse,
  ...textField
}: ControlledTextFieldProps<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...textField}
          name={field.name}
          value={field.value ?? ''}
          onChange={parse ? (event) => field.onChange(parse(event.target.value)) : field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled || field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        />
      )}
    />
  );
}

/**
 * A react-hook-form field rendered as an MUI TextField. The field's error message (from the
 * zod schema or the server, see lib/form-errors.ts) is shown under the field (spec §5).
 */
export function FormTextField<TValues extends FieldValues>({
  type = 'text',
  multiline,
  minRows,
  inputProps,
  ...props
}: FormTextFieldProps<TValues>) {
  return (
    <ControlledTextField
      {...props}
      type={type}
      multiline={multiline}
      minRows={multiline ? minRows : undefined}
      slotProps={{ htmlInput: { ...inputProps } }}
    />
  );
}
