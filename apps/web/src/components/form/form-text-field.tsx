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
  /** See ControlledTextField. */
  hideErrorUntilEdited?: boolean;
  /** See ControlledTextField. */
  reserveHelperLine?: boolean;
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
  /**
   * Shows the field's error only once the person has typed in the field and left it. For rows
   * added to a form: react-hook-form checks a whole field array when a row is added or removed,
   * and focuses the new row, so without this a row turns red before anyone typed in it.
   */
  hideErrorUntilEdited?: boolean;
  /**
   * Keeps a blank line under the field when there is nothing to say, so an error appearing
   * does not move the fields below it (and away from the click aimed at them).
   */
  reserveHelperLine?: boolean;
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
  hideErrorUntilEdited,
  reserveHelperLine,
  ...textField
}: ControlledTextFieldProps<TValues>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // Read both on every render: react-hook-form re-renders a field only for the state it has read.
        const { error: fieldError, isTouched } = fieldState;
        const error = hideErrorUntilEdited && !(isTouched && field.value) ? undefined : fieldError;
        return (
          <TextField
            {...textField}
            name={field.name}
            value={field.value ?? ''}
            onChange={parse ? (event) => field.onChange(parse(event.target.value)) : field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={disabled || field.disabled}
            error={Boolean(error)}
            // MUI renders ' ' as an invisible line of the helper text's height.
            helperText={error?.message ?? helperText ?? (reserveHelperLine ? ' ' : undefined)}
            fullWidth
          />
        );
      }}
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
  minRows = 3,
  inputProps,
  ...props
}: FormTextFieldProps<TValues>) {
  return (
    <ControlledTextField
      {...props}
      type={type}
      multiline={multiline}
      minRows={multiline ? minRows : undefined}
      // The browser sizes a multiline field to its text in a layout effect; the server's HTML has
      // no such size, so the textarea's own rows say it and hydrating moves nothing below it.
      slotProps={{ htmlInput: multiline ? { rows: minRows, ...inputProps } : { ...inputProps } }}
    />
  );
}
