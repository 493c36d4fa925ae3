import { useRef, useState } from 'react';
import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Event from '@mui/icons-material/Event';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { DatePickerFieldProps } from './date-picker-field.tsx';
import { JS_ONLY_CLASS } from '../../lib/no-script.ts';

/** The picker's default range (spec §5). */
export const DATE_FIELD_MIN = '1900-01-01';
export const DATE_FIELD_MAX = '2099-12-31';
/** How a date is shown and typed, by the look-alike and the picker alike (shownDay follows it). */
export const SHOWN_DAY_FORMAT = 'MM/DD/YYYY';

export interface DateFieldProps<TValues extends FieldValues> {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
  disablePast?: boolean;
  disableFuture?: boolean;
  /**
   * 'YYYY-MM-DD'; default 1900-01-01. A function is asked when the picker loads: "today" in the
   * programs' time zone costs a time-zone lookup that the form's first render need not pay.
   */
  minDate?: string | (() => string);
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

type Picker = ComponentType<DatePickerFieldProps<FieldValues>>;
let loadingPicker: Promise<Picker> | undefined;
/** The picker's code, fetched once for every date field; a failed download is tried again next time. */
const loadPicker = () =>
  (loadingPicker ??= import('./date-picker-field.tsx').then(
    (module) => module.default as Picker,
    (error: unknown) => {
      loadingPicker = undefined;
      throw error;
    },
  ));

/** 'YYYY-MM-DD' → SHOWN_DAY_FORMAT, as the picker shows it; anything else as nothing. */
const shownDay = (value: unknown) => {
  const parts = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return parts ? `${parts[2]}/${parts[3]}/${parts[1]}` : '';
};

/** Which part of the stand-in has the focus: its text field, its calendar button, or neither. */
function focusInside(standIn: HTMLElement | null): 'field' | 'button' | null {
  const focused = document.activeElement;
  if (!focused || !standIn?.contains(focused)) return null;
  return focused.tagName === 'BUTTON' ? 'button' : 'field';
}

/** A touch screen, where tapping the picker's field opens its calendar (MUI X's mobile picker). */
const tapOpensCalendar = () => typeof window.matchMedia === 'function' && !window.matchMedia('(pointer: fine)').matches;

/**
 * A date field with a popup calendar (DatePickerField, spec §2, §9). Until a person first
 * focuses it or opens its calendar it is a plain text field drawn the same way, with the same
 * label, value, error and calendar button: the date pickers (≈100 KB gzip, and the costliest
 * part of the first-visit demo form to render) load then, and take the focus where the person
 * was (issue 19: nothing heavy before it is needed). Pointing at the field starts the download.
 */
export function DateField<TValues extends FieldValues>(props: DateFieldProps<TValues>) {
  const [picker, setPicker] = useState<{ Field: Picker }>();
  const standInRef = useRef<HTMLDivElement>(null);
  const openNow = useRef(false);

  const reach = (asksForCalendar: boolean) => {
    if (asksForCalendar) openNow.current = true;
    loadPicker().then(
      (Field) => setPicker((current) => current ?? { Field }),
      () => undefined, // offline: the stand-in stays, and the next focus or click tries again
    );
  };

  if (picker) {
    const { Field } = picker;
    const fieldProps = props as unknown as DateFieldProps<FieldValues>;
    // Where the person is now, not when the code arrived (DatePickerFieldProps.arrival).
    const arrival = () => ({ takeFocus: focusInside(standInRef.current), openNow: openNow.current });
    return <Field {...fieldProps} arrival={arrival} />;
  }
  const { control, name, label, required, helperText, disabled } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <>
          {/* Without scripts (decision 0033) the stand-in is hidden and the browser's own date
              field posts the day as YYYY-MM-DD, as the picker sends it. Never rendered by the
              browser while scripts run: React leaves a <noscript>'s children alone. */}
          <noscript>
            <NativeDateField {...props} value={field.value} error={fieldState.error?.message} />
          </noscript>
          <TextField
            ref={standInRef}
            className={JS_ONLY_CLASS}
            label={label}
            value={shownDay(field.value)}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onFocus={() => reach(false)}
            onPointerDown={() => {
              if (tapOpensCalendar()) openNow.current = true;
            }}
            onPointerEnter={() => void loadPicker().catch(() => undefined)}
            required={required}
            disabled={disabled || field.disabled}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helperText}
            slotProps={{
              htmlInput: { readOnly: true, placeholder: SHOWN_DAY_FORMAT },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      aria-label="Choose date"
                      disabled={disabled || field.disabled}
                      // The intent is taken at the press: the picker may arrive and replace this
                      // button before the click that would have asked for the calendar.
                      onPointerDown={() => reach(true)}
                      onClick={() => reach(true)}
                    >
                      <Event />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </>
      )}
    />
  );
}

/** The browser's date field, for pages with scripts off: the same name, label, range and message. */
function NativeDateField<TValues extends FieldValues>({
  name,
  label,
  required,
  helperText,
  minDate = DATE_FIELD_MIN,
  maxDate = DATE_FIELD_MAX,
  value,
  error,
}: DateFieldProps<TValues> & { value: unknown; error?: string }) {
  return (
    <TextField
      type="date"
      name={name}
      label={label}
      required={required}
      defaultValue={typeof value === 'string' ? value : ''}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: typeof minDate === 'function' ? minDate() : minDate, max: maxDate },
      }}
    />
  );
}
