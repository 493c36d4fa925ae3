import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { TIME_SLOTS } from '@kikstart/contract/leads';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface TimeSlotFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Single-choice radio group of the fixed hourly slots (spec §2). The form's initial value is
 * TIME_SLOT_DEFAULT ('first'), which matches no slot, so nothing is chosen until the person
 * picks one; the error shows under the group (spec §5).
 */
export function TimeSlotField<TValues extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
}: TimeSlotFieldProps<TValues>) {
  const id = useId();
  const labelId = `${id}-label`;
  const helperId = `${id}-helper`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl
          component="fieldset"
          error={Boolean(fieldState.error)}
          required={required}
          disabled={disabled || field.disabled}
        >
          <FormLabel component="legend" id={labelId}>
            {label}
          </FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={field.value ?? ''}
            onChange={(_event, value) => field.onChange(value)}
            onBlur={field.onBlur}
            aria-labelledby={labelId}
            aria-describedby={fieldState.error ? helperId : undefined}
          >
            {TIME_SLOTS.map((slot, i) => (
              <FormControlLabel
                key={slot}
                value={slot}
                label={slot}
                control={<Radio slotProps={{ input: i === 0 ? { ref: field.ref } : {} }} />}
                sx={{ minWidth: 84, mr: 1 }}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText id={helperId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
