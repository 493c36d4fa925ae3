import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, type Control } from 'react-hook-form';
import type { ProgramFormValues } from '@kikstart/contract/admin-catalog';
import { WEEKDAY_NAMES } from '@kikstart/contract/schedule';
import { ControlledTextField } from '../../../../components/form/form-text-field.tsx';

const shrink = { inputLabel: { shrink: true } } as const;

/** Weekdays, times and dates, checked by the contract's schedule rules. */
export function ScheduleFields({ control }: { control: Control<ProgramFormValues> }) {
  return (
    <>
      <Controller
        control={control}
        name="weekdays"
        render={({ field, fieldState }) => {
          const days = (field.value ?? []) as number[];
          const error =
            fieldState.error?.message ??
            (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message;
          return (
            <FormControl component="fieldset" error={Boolean(error)}>
              <FormLabel component="legend">Weekdays</FormLabel>
              <FormGroup row>
                {WEEKDAY_NAMES.map((name, i) => (
                  <FormControlLabel
                    key={name}
                    label={name.slice(0, 3)}
                    control={
                      <Checkbox
                        slotProps={{ input: { 'aria-label': name } }}
                        checked={days.includes(i + 1)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...days, i + 1].sort((a, b) => a - b) : days.filter((d) => d !== i + 1),
                          )
                        }
                        onBlur={field.onBlur}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {error && <FormHelperText>{error}</FormHelperText>}
            </FormControl>
          );
        }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ControlledTextField control={control} name="startTime" label="Start time" type="time" slotProps={shrink} />
        <ControlledTextField control={control} name="endTime" label="End time" type="time" slotProps={shrink} />
        <ControlledTextField control={control} name="firstDate" label="First session" type="date" slotProps={shrink} />
        <ControlledTextField control={control} name="lastDate" label="Last session" type="date" slotProps={shrink} />
      </Box>
    </>
  );
}
