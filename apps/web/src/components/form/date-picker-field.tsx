import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { Controller, type FieldValues } from 'react-hook-form';
import { DATE_FIELD_MAX, DATE_FIELD_MIN, SHOWN_DAY_FORMAT, type DateFieldProps } from './date-field.tsx';

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

/** Where the person was in the stand-in field this replaces, as it is replaced. */
export interface PickerArrival {
  /** What the person was on: focus goes to the same place. */
  takeFocus: 'field' | 'button' | null;
  /** The person asked for the calendar (its button, a tap on a touch screen): it opens at once. */
  openNow: boolean;
}

export interface DatePickerFieldProps<TValues extends FieldValues> extends DateFieldProps<TValues> {
  /**
   * Asked once, in the first render, while the stand-in is still in the page (the swap is
   * committed in the same task): a person may have tabbed on, or pressed the calendar's button,
   * between the picker's code arriving and this render.
   */
  arrival: () => PickerArrival;
}

/**
 * A date with a popup calendar (MUI X DatePicker, year and day views, 4 years per row, spec
 * §2, §9). The form value is a 'YYYY-MM-DD' string or ''. Loaded by DateField when a person
 * first reaches a date field, with its own LocalizationProvider: the pickers are ≈100 KB gzip.
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
  arrival: arrivalNow,
}: DatePickerFieldProps<TValues>) {
  // Controlled, so Escape typed in the field while the calendar is open closes only the
  // calendar: MUI's dialogs would otherwise take that Escape and close around a half-filled form.
  const [open, setOpen] = useState(false);
  const min = useMemo(() => isoDayToDayjs(typeof minDate === 'function' ? minDate() : minDate) ?? undefined, [minDate]);
  const max = useMemo(() => isoDayToDayjs(maxDate) ?? undefined, [maxDate]);
  const reference = useMemo(() => isoDayToDayjs(referenceDate) ?? undefined, [referenceDate]);
  const rootRef = useRef<HTMLDivElement>(null);
  // Once, as it replaces the stand-in: focus where the person was, then the calendar if asked
  // for, in that order so closing the calendar gives the focus back to its button. In the task
  // that swapped them (a layout effect), so no key pressed meanwhile lands on the page's body.
  const [arrived] = useState(arrivalNow);
  const arrival = useRef(arrived);
  useLayoutEffect(() => {
    const { takeFocus: where, openNow: opening } = arrival.current;
    const root = rootRef.current;
    if (where === 'button' || opening) root?.querySelector<HTMLElement>('button')?.focus();
    else if (where === 'field') root?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus();
    if (opening) setOpen(true);
  }, []);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <DatePicker
            ref={rootRef}
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
            format={SHOWN_DAY_FORMAT}
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
