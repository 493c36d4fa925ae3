import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CalendarToday from '@mui/icons-material/CalendarToday';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PickerStart } from './date-picker-field.tsx';

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

type Picker = ComponentType<DateFieldProps<FieldValues> & PickerStart>;
let loadedPicker: Picker | null = null;
let loadingPicker: Promise<Picker> | null = null;
const loadPicker = () => {
  loadingPicker ??= import('./date-picker-field.tsx').then(
    (module) => (loadedPicker = module.default as unknown as Picker),
    (error: unknown) => {
      loadingPicker = null; // offline: the next try loads again
      throw error;
    },
  );
  return loadingPicker;
};

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', the picker's own format; anything else → ''. */
const shownDay = (value: unknown) => {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
};

/**
 * A date with a popup calendar (spec §2, §9); the form value is a 'YYYY-MM-DD' string or ''.
 * Until the person does something on the page (a key or a press anywhere) it is a plain text
 * field that looks the same; then the calendar code loads (DatePickerField) and takes its place,
 * carrying on if they had already focused it or pressed "Choose date". The demo dialog opens
 * on a first visit, and its date pickers were most of its weight.
 */
export function DateField<TValues extends FieldValues>(props: DateFieldProps<TValues>) {
  const [picker, setPicker] = useState<Picker | null>(() => loadedPicker);
  const [start, setStart] = useState<PickerStart>({});
  const { control, name, label, required, helperText, disabled } = props;
  useEffect(() => {
    if (picker) return;
    const preload = () =>
      loadPicker().then(
        (loaded) => setPicker(() => loaded),
        () => undefined,
      );
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) document.addEventListener(event, preload, { capture: true, once: true });
    return () => {
      for (const event of events) document.removeEventListener(event, preload, { capture: true });
    };
  }, [picker]);

  if (picker) {
    const Loaded = picker;
    return <Loaded {...(props as unknown as DateFieldProps<FieldValues>)} {...start} />;
  }
  const use = (how: PickerStart) => {
    setStart(how);
    // A failed load (offline) leaves the plain field; the next focus tries again.
    loadPicker().then(
      (loaded) => setPicker(() => loaded),
      () => setStart({}),
    );
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={shownDay(field.value)}
          inputRef={field.ref}
          required={required}
          disabled={disabled || field.disabled}
          fullWidth
          placeholder="MM/DD/YYYY"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          onFocus={() => use({ autoFocus: true })}
          slotProps={{
            htmlInput: { readOnly: true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label="Choose date"
                    edge="end"
                    disabled={disabled || field.disabled}
                    onClick={() => use({ defaultOpen: true })}
                  >
                    <CalendarToday />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
