import { useState, type Ref } from 'react';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A whole number (capacity, ages, grades) or an amount of money typed in dollars and kept in
 * cents (`money`). Empty is null; what cannot be read is NaN, so the contract's rule names it.
 */
export function NumberField<TValues extends FieldValues>({
  control,
  name,
  label,
  money,
  helperText,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  money?: boolean;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TypedNumber
          value={field.value as number | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          label={label}
          money={money}
          error={fieldState.error?.message}
          helperText={helperText}
        />
      )}
    />
  );
}

const show = (value: number | null | undefined, money?: boolean) =>
  value === null || value === undefined || Number.isNaN(value) ? '' : money ? (value / 100).toFixed(2) : String(value);

function TypedNumber(props: {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  label: string;
  money?: boolean;
  error?: string;
  helperText?: string;
}) {
  const { value, money } = props;
  // The typed text stays as typed ("12." while typing); the form keeps the number it means. The
  // form is mounted once per program and never reset, so the text starts from the value only.
  const [text, setText] = useState(() => show(value, money));
  return (
    <TextField
      name={props.name}
      label={props.label}
      value={text}
      inputRef={props.inputRef}
      onBlur={props.onBlur}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next.trim() === '') props.onChange(null);
        else props.onChange(money ? Math.round(Number(next) * 100) : Number(next));
      }}
      error={Boolean(props.error)}
      helperText={props.error ?? props.helperText}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: money ? 'decimal' : 'numeric' },
        input: money ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : undefined,
      }}
    />
  );
}
