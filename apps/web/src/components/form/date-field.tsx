import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** The picker's default range (spec §5). */
export const DATE_FIELD_MIN = '1900-01-01';
export const DATE_FIELD_MAX = '2099-12-31';
const DAY_FORMAT = 'YYYY-MM-DD';

/** 'YYYY-MM-DD' (or '') → the picker's value. */
export const isoDayToDayjs = (value: unknown): Dayjs | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = dayjs(value, DAY_FORMAT);
  return day.isValid() ? day : null;
};

/** The picker's value → 'YYYY-MM-DD', or '' while empty or incomplete (the schema reports it). */
export const dayjsToIsoDay = (value: Dayjs | null): string =>
  value && value.isValid() ? value.format(DAY_FORMAT) : '';

export interface DateFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  disablePast?: boolean;
  disableFuture?: boolean;
  /** 'YYYY-MM-DD'; default 1900-01-01. */
  minDate?: string;
  /** 'YYYY-MM-DD'; default 2099-12-31. */
  maxDate?: string;
  required?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** The view the popup opens on: 'day' (default) or 'year' (a date of birth starts from the year). */
  openTo?: 'year' | 'day';
  /** 'YYYY-MM-DD': where an empty picker opens (default today), e.g. around a child's age. */
  referenceDate?: string;
}

/**
 * A date with a popup calendar (MUI X DatePicker, year and day views, 4 years per row, spec
 * §2, §9). The form value is a 'YYYY-MM-DD' string or ''. It brings its own
 * LocalizationProvider so the pickers (≈100 KB gzip) load only with the forms that use them.
 */
export function DateField<TValues extends FieldValues>({
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
}: DateFieldProps<TValues>) {
  // Controlled, so Escape typed in the field while the calendar is open closes only the
  // calendar: MUI's dialogs would otherwise take that Escape and close around a half-filled form.
  const [open, setOpen] = useState(false);
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
