import { useMemo, useState } from 'react';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { Controller, type FieldValues } from 'react-hook-form';
import type { DateFieldProps } from './date-field.tsx';
import { DATE_FIELD_MAX, DATE_FIELD_MIN, dayjsToIsoDay, isoDayToDayjs } from './date-values.ts';

/**
 * The date field itself: MUI X DatePicker, year and day views, 4 years per row (spec §2, §9).
 * Loaded by DateField when the field is first used, with its own LocalizationProvider, so the
 * pickers (about 45 KB gzip) are not part of any page or dialog until then.
 */
export default function DatePickerField<TValues extends FieldValues>({
  control,
  name,
  label,
  disablePast,
  disableFuture,
  minDate = DATE_FIELD_MIN,
  maxDate = DATE_FIELD_MAX,
  required,
  helperText,
  disabled,
  openTo = 'day',
  referenceDate,
  autoFocus,
  defaultOpen = false,
}: DateFieldProps<TValues> & PickerStart) {
  // Controlled, so Escape typed in the field while the calendar is open closes only the
  // calendar: MUI's dialogs would otherwise take that Escape and close around a half-filled form.
  const [open, setOpen] = useState(defaultOpen);
  const min = useMemo(() => isoDayToDayjs(minDate) ?? undefined, [minDate]);
  const max = useMemo(() => isoDayToDayjs(maxDate) ?? undefined, [maxDate]);
  const reference = useMemo(() => isoDayToDayjs(referenceDate) ?? undefined, [referenceDate]);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <DatePicker
            label={label}
            value={isoDayToDayjs(field.value)}
            onChange={(value) => field.onChange(dayjsToIsoDay(value))}
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => {
              setOpen(false);
              field.onBlur();
            }}
            inputRef={field.ref}
            views={['year', 'day']}
            openTo={openTo}
            autoFocus={autoFocus}
            referenceDate={reference}
            yearsPerRow={4}
            disablePast={disablePast}
            disableFuture={disableFuture}
            minDate={min}
            maxDate={max}
            disabled={disabled || field.disabled}
            format="MM/DD/YYYY"
            slotProps={{
              textField: {
                name: field.name,
                required,
                fullWidth: true,
                onBlur: field.onBlur,
                onKeyDown: (event) => {
                  if (open && event.key === 'Escape') {
                    event.stopPropagation();
                    setOpen(false);
                  }
                },
                error: Boolean(fieldState.error),
                helperText: fieldState.error?.message ?? helperText,
              },
            }}
          />
        )}
      />
    </LocalizationProvider>
  );
}

/** How the person started using the field before the picker loaded: it carries on from there. */
export interface PickerStart {
  /** They focused the field: the picker's field takes the focus. */
  autoFocus?: boolean;
  /** They pressed "Choose date": the calendar opens. */
  defaultOpen?: boolean;
}
