import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { YES_NO } from '@kikstart/contract/children';

/** A Yes/No radio pair storing the ids 1 and 2 (spec §1). */
export function YesNoField<T extends FieldValues>({
  control,
  name,
  label,
  help,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  help?: ReactNode;
}) {
  const labelId = `${name}-label`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error} required>
          <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
            {label}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            name={field.name}
            value={field.value == null ? '' : String(field.value)}
            onChange={(e) => field.onChange(Number(e.target.value))}
            onBlur={field.onBlur}
          >
            {YES_NO.map((o, i) => (
              <FormControlLabel
                key={o.id}
                value={String(o.id)}
                control={<Radio slotProps={{ input: i === 0 ? { ref: field.ref } : undefined }} />}
                label={o.label}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          {help && <FormHelperText sx={{ color: 'text.secondary' }}>{help}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
