import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A whole-number form value typed as a number: money is typed in dollars and kept in cents
 * (`money`), so the form holds what the contract's schema checks. Empty is null ("no limit").
 */
export function NumberField<TValues extends FieldValues>({
  control,
  name,
  label,
  money,
  suffix,
  helperText,
  required,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  money?: boolean;
  suffix?: string;
  helperText?: string;
  required?: boolean;
}) {
  const scale = money ? 100 : 1;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="number"
          name={field.name}
          inputRef={field.ref}
          required={required}
          value={field.value === null || field.value === undefined ? '' : Number(field.value) / scale}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Math.round(Number(e.target.value) * scale))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          slotProps={{
            htmlInput: { step: money ? 0.01 : 1, min: 0, inputMode: money ? 'decimal' : 'numeric' },
            input: {
              startAdornment: money ? <InputAdornment position="start">$</InputAdornment> : undefined,
              endAdornment: suffix ? <InputAdornment position="end">{suffix}</InputAdornment> : undefined,
            },
          }}
        />
      )}
    />
  );
}
